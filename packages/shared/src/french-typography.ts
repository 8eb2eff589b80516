/**
 * The French typography every French text of Motema follows (the web app's locale files and the
 * server's mails), checked by their tests:
 * - one apostrophe, ’ (U+2019), never the typewriter ';
 * - a no-break space before : ; ! ? and », and after «, so the sign never starts a line
 *   (U+00A0 before : and inside « », the narrow U+202F before ; ! ?, as the Imprimerie nationale);
 * - a no-break space between a number and what follows it ("31 ans", "5 km", "10 minutes"), so
 *   "31" and "ans" never sit on two lines;
 * - no-break spaces around the "/" of a count ("0 / 500 caractères"), which wrapped after the "/";
 * - no "(e)" forms: a text about a member says it for their sex (a `_male`/`_female` variant) or
 *   finds words that fit everyone.
 */

const NO_BREAK = '\u00a0\u202f';
/** Words that follow a number as its unit; a variable before them holds a number. */
const UNITS = [
  'an',
  'ans',
  'km',
  'm',
  'min',
  'minute',
  'minutes',
  's',
  'seconde',
  'secondes',
  'h',
  'heure',
  'heures',
  'jour',
  'jours',
  '%',
  'Ko',
  'Mo',
  'Go',
  'caractère',
  'caractères',
  'chiffre',
  'chiffres',
  'fois',
  'mégapixels',
  // What a member counts: "3 / 12 photos" had "12" and "photos" on two lines.
  'photo',
  'photos',
];
const NUMBER_THEN_UNIT = new RegExp(`(?:\\d|\\}) (?:${UNITS.join('|')})(?![\\p{L}\\d])`, 'u');
/** A number (or a variable, "X}" once read) and the "/" of a count with a space that may break. */
const BREAKING_SLASH = /(?:\d|\}) \/|\/ (?:\d|X\})/u;

/** Parts of a text that are not French prose: variables, tags and web addresses. */
const NOT_PROSE = /\{\{[^}]*\}\}|\{\w+\}|<\/?\w+>|https?:\/\/\S+/gu;

/** What breaks the rules above in `text`, one line per fault; empty when the text is right. */
export function frenchTypographyFaults(text: string): string[] {
  const faults: string[] = [];
  // A variable stays a variable (its end "}" still counts as a number before a unit): "X}".
  const prose = text.replace(NOT_PROSE, (part) => (part.endsWith('}') ? 'X}' : 'X'));
  if (prose.includes("'")) faults.push('a typewriter apostrophe: write ’');
  for (const match of prose.matchAll(/(.?)([:;!?»])/gu)) {
    const [, previous, sign] = match;
    if (!previous || NO_BREAK.includes(previous) || '!?'.includes(previous)) continue;
    faults.push(`"${sign}" without a no-break space before it`);
  }
  for (const match of prose.matchAll(/«(.?)/gu))
    if (!match[1] || !NO_BREAK.includes(match[1])) faults.push('"«" without a no-break space after it');
  if (/\d [\p{L}\d%]/u.test(prose) || NUMBER_THEN_UNIT.test(prose))
    faults.push('a number and its word on two lines: join them with a no-break space');
  if (BREAKING_SLASH.test(prose)) faults.push('a count cut at its "/": put no-break spaces around it');
  if (/\((?:e|es|ne|se)\)|·e\b/u.test(prose)) faults.push('an "(e)" form: give the text for each sex');
  return faults;
}
