import type { i18n } from 'i18next';

/** Direction isolates and marks around a member's name (ui/member-text.tsx `isolate`): not letters. */
const LEADING_FORMAT_CHARACTERS = /^[\u2066-\u2069\u200e\u200f]+/u;
/** A French word starting with a vowel sound takes "d’" (Awa, Émile, Ousmane). "h" and "y" do not here. */
const FRENCH_ELIDING_START = /^[aeiouàâäéèêëîïôöùûüœæ]/iu;

/**
 * The preposition "de" before a name, elided in French: `{{name, de}}` gives "de Kofi" but "d’Awa".
 * Texts in other languages do not use it (they say "of" in their own words).
 */
export function withDe(value: unknown): string {
  const text = String(value);
  return FRENCH_ELIDING_START.test(text.replace(LEADING_FORMAT_CHARACTERS, '')) ? `d’${text}` : `de ${text}`;
}

/** The app's own interpolation formats, added to an initialised i18next instance. */
export function addFormats(instance: i18n): void {
  instance.services.formatter?.add('de', (value) => withDe(value));
}
