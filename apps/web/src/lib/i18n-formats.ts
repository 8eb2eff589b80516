import type { i18n } from 'i18next';

/** Direction isolates and marks around a member's name (ui/member-text.tsx `isolate`): not letters. */
const LEADING_FORMAT_CHARACTERS = /^[\u2066-\u2069\u200e\u200f]+/u;
/**
 * A French word starting with a vowel sound elides the word before it (d’Awa, qu’Émile):
 * - a vowel letter (Amina, Élodie, Ousmane);
 * - "h", which is mute in the names met here (d’Hélène, d’Hugo, d’Honorine);
 * - "y" before a consonant, where it is the vowel /i/ (d’Yves, d’Yvonne); before a vowel it is the
 *   consonant /j/ (de Yannick, de Youssouf).
 */
const FRENCH_ELIDING_START = /^(?:[aeiouhàâäéèêëîïôöùûüœæ]|y[^aeiouyàâäéèêëîïôöùûü])/iu;

/**
 * The French words a text may put before a name, each with its elided form. A text writes
 * `{{name, de}}` for "de {{name}}": "de Kofi" but "d’Awa". Other languages do not use these formats.
 */
export const FRENCH_ELIDING_WORDS = { de: 'd’', que: 'qu’' } as const;
export type FrenchElidingWord = keyof typeof FRENCH_ELIDING_WORDS;

/** True when a French word before `text` is elided: it starts with a vowel sound. */
export function startsWithVowelSound(text: string): boolean {
  return FRENCH_ELIDING_START.test(text.replace(LEADING_FORMAT_CHARACTERS, ''));
}

/** `word` before `value`, elided when French asks for it: elide('de', 'Awa') is "d’Awa". */
export function elide(word: FrenchElidingWord, value: unknown): string {
  const text = String(value);
  return startsWithVowelSound(text) ? `${FRENCH_ELIDING_WORDS[word]}${text}` : `${word} ${text}`;
}

/** The preposition "de" before a name, elided in French (`{{name, de}}`). */
export const withDe = (value: unknown): string => elide('de', value);

/** The app's own interpolation formats, added to an initialised i18next instance. */
export function addFormats(instance: i18n): void {
  for (const word of Object.keys(FRENCH_ELIDING_WORDS) as FrenchElidingWord[])
    instance.services.formatter?.add(word, (value) => elide(word, value));
}
