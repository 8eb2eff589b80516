import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageOn } from '@motema/shared/dates';
import { birthDateBounds } from './birth-date-bounds.ts';

const day = fc.date({
  min: new Date('1990-01-01T00:00:00Z'),
  max: new Date('2100-12-31T00:00:00Z'),
  noInvalidDate: true,
});
const iso = (date: Date) => date.toISOString().slice(0, 10);

describe('birthDateBounds', () => {
  it('keeps exactly the birth dates whose age on that day is within the range', () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 18, max: 120 }),
        fc.nat({ max: 40 }),
        fc.integer({ min: 10, max: 130 }),
        fc.integer({ min: -3, max: 3 }),
        (today, ageMin, span, yearsAgo, shift) => {
          const ageMax = Math.min(120, ageMin + span);
          // Birth dates around the bounds: `yearsAgo` years before today, a few days either way.
          const dateOfBirth = iso(
            new Date(
              Date.UTC(today.getUTCFullYear() - yearsAgo, today.getUTCMonth(), today.getUTCDate() + shift),
            ),
          );
          const { bornOnOrBefore, bornAfter } = birthDateBounds(today, ageMin, ageMax);
          const age = ageOn(dateOfBirth, today);
          const kept = dateOfBirth <= bornOnOrBefore && dateOfBirth > bornAfter;
          expect(kept, `${dateOfBirth} on ${iso(today)}: age ${age}, range ${ageMin}-${ageMax}`).toBe(
            age >= ageMin && age <= ageMax,
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('handles birthdays on 29 February, and today being 29 February', () => {
    const leapDay = new Date('2024-02-29T12:00:00Z');
    expect(birthDateBounds(leapDay, 18, 30)).toEqual({
      bornOnOrBefore: '2006-02-28',
      bornAfter: '1993-02-28',
    });
    const after = new Date('2025-02-28T12:00:00Z');
    // Born 29 February 2004: 20 on 28 February 2025 (the birthday comes on 1 March).
    expect(ageOn('2004-02-29', after)).toBe(20);
    const { bornOnOrBefore } = birthDateBounds(after, 21, 30);
    expect('2004-02-29' <= bornOnOrBefore).toBe(false);
  });
});
