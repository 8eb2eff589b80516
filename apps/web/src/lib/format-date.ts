/**
 * A date as the language writes it (Intl.DateTimeFormat), with what Intl leaves out: French writes the
 * first of a month "1er" ("1er déc.", "Blocage du 1er déc. 2026"), never "1 déc.".
 */
export function formatDate(time: number, language: string, options: Intl.DateTimeFormatOptions): string {
  const format = new Intl.DateTimeFormat(language, options);
  if (!language.startsWith('fr')) return format.format(time);
  return format
    .formatToParts(time)
    .map((part) => (part.type === 'day' && part.value === '1' ? '1er' : part.value))
    .join('');
}
