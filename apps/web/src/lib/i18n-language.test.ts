import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage, LANGUAGE_STORAGE_KEY } from './i18n.ts';

const setCookie = (value: string) => {
  document.cookie = value;
};

afterEach(() => {
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  setCookie('motema_language=; Max-Age=0; Path=/');
  history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

describe('the language the app starts in', () => {
  it("is the member's language the server wrote into the cookie when nothing is stored on the device", () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['en-US'], language: 'en-US' });
    expect(detectLanguage()).toBe('en');
    setCookie('other=1; Path=/');
    setCookie('motema_language=fr; Path=/');
    expect(detectLanguage()).toBe('fr');
    // As a choice stored on the device, it beats the query (SPEC: stored choice first).
    history.replaceState(null, '', '/home?lang=ro');
    expect(detectLanguage()).toBe('fr');
  });

  it('is the choice stored on the device before the cookie', () => {
    setCookie('motema_language=fr; Path=/');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ro');
    expect(detectLanguage()).toBe('ro');
  });

  it('ignores a cookie that names no interface language', () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['fr-CD'], language: 'fr-CD' });
    setCookie('motema_language=xx; Path=/');
    expect(detectLanguage()).toBe('fr');
  });
});
