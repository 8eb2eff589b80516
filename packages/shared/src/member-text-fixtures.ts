/**
 * Test helpers of the member-text rule (member-text.ts): reading the refusals, and the characters and
 * texts the names' and the prose's properties draw from.
 */
import fc from 'fast-check';
import { ProfileUpdateSchema } from './users.ts';

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
export const keysAt = (result: Result, field: string) =>
  (result.error?.issues ?? []).filter((issue) => issue.path[0] === field).map((issue) => issue.message);

export const profile = (patch: Record<string, unknown>) =>
  ProfileUpdateSchema.safeParse({ firstName: 'Amani', dateOfBirth: '1995-04-12', sex: 'female', ...patch });

/** Embeddings, overrides and isolates: the characters that reorder what surrounds them. */
export const DIRECTION_FORMATTING = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];
/** Invisible characters that belong to the visible one before them (joiners, selectors, tags). */
export const ATTACHING = ['\u200C', '\u200D', '\uFE0F', '\u{E0067}'];
/** Characters that draw nothing, stand alone, and that JavaScript's trim() keeps. */
export const STANDALONE_INVISIBLE = [
  '\u200B', // zero width space
  '\u2060', // word joiner
  '\u00AD', // soft hyphen
  '\u034F', // combining grapheme joiner
  '\u180E', // Mongolian vowel separator
  '\u2061', // function application
  '\u115F', // Hangul choseong filler
  '\u1160', // Hangul jungseong filler
  '\u3164', // Hangul filler
  '\uFFA0', // halfwidth Hangul filler
  '\u2800', // braille pattern blank
  '\u{1D173}', // musical symbol begin beam
  '\u0085', // next line (a control)
];
export const INVISIBLE_KEPT_BY_TRIM = [...STANDALONE_INVISIBLE, ...ATTACHING];
/** White space that trim() removes. */
export const TRIMMED = [' ', '\t', '\n', '\u00A0', '\u2003', '\u3000', '\uFEFF', '\u2028'];

/** Letters, digits and punctuation of several scripts, and emoji: each draws something. */
const visibleCharacter = fc.oneof(
  ...[
    [0x41, 0x5a], // Latin capitals
    [0x61, 0x7a], // Latin small letters
    [0xc0, 0xd6], // Latin-1 letters
    [0x30, 0x39], // digits
    [0x410, 0x44f], // Cyrillic
    [0x5d0, 0x5ea], // Hebrew
    [0x627, 0x64a], // Arabic
    [0x905, 0x939], // Devanagari
    [0x4e00, 0x9fff], // CJK ideographs
    [0xac00, 0xd7a3], // Hangul syllables
    [0x1f600, 0x1f64f], // emoticons
  ].map(([min, max]) => fc.integer({ min: min!, max: max! }).map((code) => String.fromCodePoint(code))),
  fc.constantFrom('.', ',', '!', '?', "'", '-', '(', ')'),
);
const word = fc.string({ unit: visibleCharacter, minLength: 1, maxLength: 8 });
/** Words separated by single spaces, at most `max` UTF-16 units. */
export const visibleText = (max: number) =>
  fc
    .array(word, { minLength: 1, maxLength: 6 })
    .map((words) => words.join(' '))
    .filter((text) => text.length <= max);

const emoji = fc.integer({ min: 0x1f466, max: 0x1f469 }).map((code) => String.fromCodePoint(code));
const skinTone = fc.integer({ min: 0x1f3fb, max: 0x1f3ff }).map((code) => String.fromCodePoint(code));
/** Emoji joined by ZWJ, each with an optional skin tone or presentation selector: 👩🏽‍💻, ❤️‍🔥... */
export const zwjSequence = fc
  .array(
    fc.tuple(
      fc.oneof(emoji, fc.constantFrom('\u2764', '\u{1F525}', '\u{1F4BB}')),
      fc.option(skinTone),
      fc.boolean(),
    ),
    { minLength: 2, maxLength: 4 },
  )
  .map((parts) =>
    parts.map(([base, tone, selector]) => base + (tone ?? (selector ? '\uFE0F' : ''))).join('\u200D'),
  );

/** `text` with `inserted` placed at `at` (a fraction of its length). */
export const insert = (text: string, inserted: string, at: number) => {
  const index = Math.floor(at * (text.length + 1));
  return text.slice(0, index) + inserted + text.slice(index);
};
