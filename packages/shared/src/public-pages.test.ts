import { describe, expect, it } from 'vitest';
import {
  acceptedLanguages,
  isPrerenderedPath,
  pageLanguage,
  prerenderedFile,
  prerenderedFiles,
} from './public-pages.ts';

describe('the language a public page opens in', () => {
  it('is the stored choice, else the lang query, else the browser, else English', () => {
    expect(pageLanguage({ stored: 'ro', query: 'fr', accepted: ['en'] })).toBe('ro');
    expect(pageLanguage({ stored: null, query: 'fr', accepted: ['ro'] })).toBe('fr');
    expect(pageLanguage({ stored: 'de', query: 'xx', accepted: ['ln-CD', 'fr-CD', 'en'] })).toBe('fr');
    expect(pageLanguage({ accepted: ['sw', 'de'] })).toBe('en');
    expect(pageLanguage({})).toBe('en');
  });
});

describe('the languages of an Accept-Language header', () => {
  it('come most wanted first, by weight then by order', () => {
    expect(acceptedLanguages('fr-CD,fr;q=0.9,en;q=0.8')).toEqual(['fr-CD', 'fr', 'en']);
    expect(acceptedLanguages('en;q=0.5, ln-CD, ro;q=0.8')).toEqual(['ln-CD', 'ro', 'en']);
    expect(acceptedLanguages('en, fr')).toEqual(['en', 'fr']);
  });

  it('leave out refused tags, the wildcard and what cannot be read', () => {
    expect(acceptedLanguages('fr;q=0, *, ro;q=abc, en;q=0.1')).toEqual(['en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
  });
});

describe('the prerendered files', () => {
  it('are one per public page and interface language', () => {
    expect(prerenderedFile('/', 'fr')).toBe('pages/fr/start.html');
    expect(prerenderedFile('/terms-and-conditions', 'ro')).toBe('pages/ro/terms-and-conditions.html');
    expect(prerenderedFiles()).toHaveLength(8 * 3);
    expect(new Set(prerenderedFiles()).size).toBe(8 * 3);
  });

  it('answer the public paths only', () => {
    expect(isPrerenderedPath('/login')).toBe(true);
    expect(isPrerenderedPath('/home')).toBe(false);
    expect(isPrerenderedPath('/otp')).toBe(false);
    expect(isPrerenderedPath('toString')).toBe(false);
  });
});
