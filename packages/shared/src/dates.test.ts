import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageOn, parseIsoDate } from './dates.ts';

describe('ageOn', () => {
  const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

  it('counts a birthday on its day', () => {
    expect(ageOn('2008-11-21', day('2026-11-21'))).toBe(18);
    expect(ageOn('2008-11-22', day('2026-11-21'))).toBe(17);
  });

  it('handles 29 February', () => {
    expect(ageOn('2008-02-29', day('2026-02-28'))).toBe(17);
    expect(ageOn('2008-02-29', day('2026-03-01'))).toBe(18);
  });

  it('is NaN for an impossible date', () => {
    expect(ageOn('2001-13-01', day('2026-01-01'))).toBeNaN();
  });

  it('never decreases as time passes', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2020-12-31'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 40_000 }),
        (birth, days) => {
          const iso = birth.toISOString().slice(0, 10);
          const later = new Date(Date.UTC(2021, 0, 1) + days * 86_400_000);
          const dayAfter = new Date(later.getTime() + 86_400_000);
          expect(ageOn(iso, dayAfter)).toBeGreaterThanOrEqual(ageOn(iso, later));
        },
      ),
    );
  });
});

describe('parseIsoDate', () => {
  it('refuses dates that do not exist and other formats', () => {
    expect(parseIsoDate('2023-02-29')).toBeUndefined();
    expect(parseIsoDate('12/04/1995')).toBeUndefined();
    expect(parseIsoDate('1995-04-12')).toEqual({ year: 1995, month: 4, day: 12 });
  });
});
