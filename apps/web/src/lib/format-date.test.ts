import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date.ts';
import { shortDate, timeAgo } from './time-ago.ts';

const first = Date.parse('2026-12-01T12:00:00Z');

describe('formatDate (a date as the language writes it)', () => {
  it('writes the first of the month "1er" in French, as French does', () => {
    expect(formatDate(first, 'fr', { dateStyle: 'medium' })).toBe('1er déc. 2026');
    expect(formatDate(first, 'fr', { day: 'numeric', month: 'long' })).toBe('1er décembre');
    expect(formatDate(Date.parse('2026-12-02T12:00:00Z'), 'fr', { dateStyle: 'medium' })).toBe('2 déc. 2026');
  });

  it('leaves the other languages as Intl writes them', () => {
    expect(formatDate(first, 'en', { dateStyle: 'medium' })).toBe('Dec 1, 2026');
    expect(formatDate(first, 'ro', { day: 'numeric', month: 'short' })).toBe('1 dec.');
  });

  it('is what the lists\u2019 short dates use', () => {
    expect(shortDate(first, Date.parse('2026-12-20T12:00:00Z'), 'fr')).toBe('1er déc.');
  });
});

describe('timeAgo in English', () => {
  it('says "4m ago" and "3h ago", not "4 min. ago"', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(timeAgo(new Date(now - 4 * 60_000).toISOString(), now, 'en', 'hours')).toBe('4m ago');
    expect(timeAgo(new Date(now - 3 * 3_600_000).toISOString(), now, 'en', 'hours')).toBe('3h ago');
    expect(timeAgo(new Date(now - 4 * 60_000).toISOString(), now, 'fr', 'hours')).toMatch(/^il y a 4\smin$/);
  });
});
