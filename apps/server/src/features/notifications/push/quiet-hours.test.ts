import { describe, expect, it } from 'vitest';
import { isQuietMinute, minuteOfDayIn, quietHoursEnd } from './quiet-hours.ts';

const night = { start: 22 * 60, end: 7 * 60 };
const afternoon = { start: 13 * 60, end: 15 * 60 };

describe('quiet hours', () => {
  it('reads the minute of the day on the member’s clock', () => {
    const at = new Date('2026-11-24T21:30:00Z');
    expect(minuteOfDayIn(at, 'UTC')).toBe(21 * 60 + 30);
    expect(minuteOfDayIn(at, 'Africa/Kinshasa')).toBe(22 * 60 + 30); // UTC+1
    expect(minuteOfDayIn(at, 'America/New_York')).toBe(16 * 60 + 30); // UTC-5 in November
  });

  it('spans midnight when the start comes after the end; the end minute is no longer quiet', () => {
    expect([21 * 60 + 59, 22 * 60, 0, 6 * 60 + 59, 7 * 60].map((m) => isQuietMinute(night, m))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
    expect([13 * 60 - 1, 13 * 60, 15 * 60 - 1, 15 * 60].map((m) => isQuietMinute(afternoon, m))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it('says when they end: the next morning across midnight, in the member’s time zone', () => {
    const settings = { quietHours: night, timeZone: 'Africa/Kinshasa' };
    // 23:10:30 in Kinshasa: quiet until 07:00 there, 06:00 UTC the next day.
    expect(quietHoursEnd(new Date('2026-11-24T22:10:30Z'), settings)).toEqual(
      new Date('2026-11-25T06:00:00Z'),
    );
    // 01:00 in Kinshasa, after midnight: the same morning.
    expect(quietHoursEnd(new Date('2026-11-25T00:00:00Z'), settings)).toEqual(
      new Date('2026-11-25T06:00:00Z'),
    );
    // 21:00 UTC is 22:00 in Kinshasa (quiet) but 21:00 in London (not).
    expect(quietHoursEnd(new Date('2026-11-24T21:00:00Z'), settings)).not.toBeNull();
    expect(
      quietHoursEnd(new Date('2026-11-24T21:00:00Z'), { ...settings, timeZone: 'Europe/London' }),
    ).toBeNull();
  });

  it('is never quiet without quiet hours', () => {
    expect(quietHoursEnd(new Date(), { quietHours: null, timeZone: 'UTC' })).toBeNull();
  });
});
