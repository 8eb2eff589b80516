import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago.ts';

const now = Date.parse('2026-11-24T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('timeAgo (how long ago, short)', () => {
  it('says hours for ever when asked for hours (a story lasts a day)', () => {
    expect(timeAgo(ago(30 * HOUR), now, 'en', 'hours')).toBe('30h ago');
  });

  it('up to a week: hours within the day, then days, then the date, with the year only when not this one', () => {
    expect(timeAgo(ago(23 * HOUR), now, 'en', 'week')).toBe('23h ago');
    expect(timeAgo(ago(2 * DAY + HOUR), now, 'fr', 'week')).toBe('avant-hier');
    expect(timeAgo(ago(3 * DAY), now, 'ro', 'week')).toMatch(/^acum 3\szile$/);
    expect(timeAgo(ago(8 * DAY), now, 'en', 'week')).toBe('Nov 16');
    expect(timeAgo('2025-11-20T12:00:00Z', now, 'en', 'week')).toBe('Nov 20, 2025');
    expect(timeAgo('not a time', now, 'en', 'week')).toBe('');
  });
});
