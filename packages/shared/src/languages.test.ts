import { describe, expect, it } from 'vitest';
import { interfaceLanguageOf, LANGUAGES } from './languages.ts';

describe('languages', () => {
  it('lists 37 distinct languages with a name and a locale code', () => {
    expect(LANGUAGES).toHaveLength(37);
    expect(new Set(LANGUAGES.map((l) => l.code)).size).toBe(37);
    for (const language of LANGUAGES) expect(language.locale).toMatch(/^[a-z]{2}-[A-Z]{2}$/);
  });

  it('maps browser tags to an interface language', () => {
    expect(interfaceLanguageOf('fr-CD')).toBe('fr');
    expect(interfaceLanguageOf('ro_RO')).toBe('ro');
    expect(interfaceLanguageOf('ln-CD')).toBeUndefined();
    expect(interfaceLanguageOf(null)).toBeUndefined();
  });
});
