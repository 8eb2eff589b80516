const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * How long ago a story was posted or seen, short as story headers say it ("3 hr. ago", "il y a 3 h",
 * "acum 3 h"): now, then minutes within the first hour, then hours (a story lasts a day). Intl only.
 */
export function storyAge(iso: string, now: number, language: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' });
  const elapsed = Math.max(0, now - time);
  // "now", "maintenant", "acum" (a zero minute would read "this minute").
  if (elapsed < MINUTE_MS) return format.format(0, 'second');
  if (elapsed < HOUR_MS) return format.format(-Math.floor(elapsed / MINUTE_MS), 'minute');
  return format.format(-Math.floor(elapsed / HOUR_MS), 'hour');
}
