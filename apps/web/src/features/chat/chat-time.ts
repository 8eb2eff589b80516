import { shortDate } from '../../lib/time-ago.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

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
