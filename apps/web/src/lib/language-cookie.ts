import { interfaceLanguageOf, type InterfaceLanguage } from '@motema/shared/languages';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S } from '@motema/shared/public-pages';

/**
 * Writes the cookie mirroring the language chosen on this device (kept in the device's storage, which the
 * server cannot read), so the server sends the prerendered public pages in it (decision 0023). Not
 * HttpOnly: the page writes it.
 */
export function mirrorLanguageChoice(language: InterfaceLanguage): void {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}

/**
 * The language the cookie holds: the device's choice, or the member's language, which the server
 * writes there with the session when they log in (the app switches to it once it has the profile).
 */
export function languageCookie(): InterfaceLanguage | null {
  if (typeof document === 'undefined') return null;
  const value = document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  return interfaceLanguageOf(value) ?? null;
}
