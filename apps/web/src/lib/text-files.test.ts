import { describe, expect, it } from 'vitest';
import { borrowedTexts, textFileLanguage } from './text-files.ts';

describe('the file a namespace is read from', () => {
  it("is the language's own, but English for the console in Romanian", () => {
    expect(textFileLanguage('home', 'fr')).toBe('fr');
    expect(textFileLanguage('home', 'ro')).toBe('ro');
    expect(textFileLanguage('moderation', 'fr')).toBe('fr');
    expect(textFileLanguage('moderation', 'ro')).toBe('en');
  });
});

describe('texts borrowed from English', () => {
  it("gain the plural forms the language counts with, as the English 'other', at every depth", () => {
    const english = {
      title: 'Reports',
      queue: { count_one: '{{count}} report', count_other: '{{count}} reports' },
    };
    expect(borrowedTexts(english, 'ro')).toEqual({
      title: 'Reports',
      queue: {
        count_one: '{{count}} report',
        count_few: '{{count}} reports',
        count_other: '{{count}} reports',
      },
    });
  });

  it('keep a form the file already has', () => {
    expect(borrowedTexts({ n_few: 'few', n_other: 'other' }, 'ro')).toEqual({
      n_few: 'few',
      n_other: 'other',
      n_one: 'other',
    });
  });
});
