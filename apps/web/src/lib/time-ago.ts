import { formatDate } from './format-date.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long ago `iso` was, short as app headers say it ("now", "5m ago", "il y a 3 h", "acum 2
 * zile"): now within the first minute (a zero minute would read "this minute"), then minutes, then
 * hours; with `upTo: 'week'`, days within a week and, past it, the date. '' for a time it cannot read.
 * Intl only: no library.
 */
export function timeAgo(iso: string, now: number, language: string, upTo: 'hours' | 'week'): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  // English's short style says "4 min. ago"; its narrow one "4m ago", as apps write it.
  const style = language.startsWith('en') ? 'narrow' : 'short';
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style });
  const elapsed = Math.max(0, now - time);
  if (elapsed < MINUTE_MS) return format.format(0, 'second');
  if (elapsed < HOUR_MS) return format.format(-Math.floor(elapsed / MINUTE_MS), 'minute');
  if (upTo === 'hours' || elapsed < DAY_MS) return format.format(-Math.floor(elapsed / HOUR_MS), 'hour');
  if (elapsed < 7 * DAY_MS) return format.format(-Math.floor(elapsed / DAY_MS), 'day');
  return shortDate(time, now, language);
}

/** A date as lists write it: day and month, with the year when it is not this one. */
export function shortDate(time: number, now: number, language: string): string {
  const sameYear = new Date(time).getFullYear() === new Date(now).getFullYear();
  return formatDate(time, language, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

function startOfDay(time: number): number {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/**
 * When a conversation last moved, as messaging apps say it: the time today, "yesterday", the
 * weekday within a week, else the date (with the year when not this one). Intl only: no library.
 */
export function conversationTime(iso: string, now: number, language: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const days = Math.round((startOfDay(now) - startOfDay(time)) / DAY_MS);
  if (days <= 0)
    return new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(time);
  if (days === 1) {
    const text = new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-1, 'day');
    return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
  }
  if (days < 7) return new Intl.DateTimeFormat(language, { weekday: 'short' }).format(time);
  return shortDate(time, now, language);
}
