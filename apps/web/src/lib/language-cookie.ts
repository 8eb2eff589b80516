import type { InterfaceLanguage } from '@motema/shared/languages';
import { LANGUAGE_COOKIE } from '@motema/shared/public-pages';

const YEAR = 365 * 24 * 60 * 60;

/**
 * Writes the cookie mirroring the language chosen on this device (kept in localStorage, which the
 * server cannot read), so the server sends the prerendered public pages in it (decision 0023). Not
 * HttpOnly: the page writes it.
 */
export function mirrorLanguageChoice(language: InterfaceLanguage): void {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${YEAR}; SameSite=Lax${secure}`;
}
