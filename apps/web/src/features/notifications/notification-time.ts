const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long ago a notification came, short ("5 min. ago", "il y a 3 h", "acum 2 zile"): now, minutes,
 * hours, days within a week, then the date. Intl only: no library.
 */
export function notificationAge(iso: string, now: number, language: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' });
  const elapsed = Math.max(0, now - time);
  if (elapsed < MINUTE_MS) return format.format(0, 'second');
  if (elapsed < HOUR_MS) return format.format(-Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return format.format(-Math.floor(elapsed / HOUR_MS), 'hour');
  if (elapsed < 7 * DAY_MS) return format.format(-Math.floor(elapsed / DAY_MS), 'day');
  const sameYear = new Date(time).getFullYear() === new Date(now).getFullYear();
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(time);
}
