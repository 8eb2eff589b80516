import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromFlexpayAmount, toFlexpayAmount } from './flexpay-amount.ts';

describe('FlexPay amounts (P15)', () => {
  it.each([
    [1000, '10'],
    [50, '0.5'],
    [1999, '19.99'],
    [1, '0.01'],
    [10, '0.1'],
    [1400000, '14000'],
    [499, '4.99'],
  ])('%i minor units go as "%s"', (minor, wire) => {
    expect(toFlexpayAmount(minor)).toBe(wire);
  });

  it('refuses what is not a positive integer of minor units', () => {
    for (const bad of [0, -100, 1.5, Number.NaN, 2 ** 60])
      expect(() => toFlexpayAmount(bad)).toThrow(RangeError);
  });

  it('reads what FlexPay answers, strings or numbers, with or without decorative zeros', () => {
    expect(fromFlexpayAmount('50.0')).toBe(5000);
    expect(fromFlexpayAmount('51')).toBe(5100);
    expect(fromFlexpayAmount('1.03')).toBe(103);
    expect(fromFlexpayAmount('0.50')).toBe(50);
    expect(fromFlexpayAmount(51)).toBe(5100);
    expect(fromFlexpayAmount(1.5)).toBe(150);
    expect(fromFlexpayAmount('10.000')).toBe(1000);
  });

  it('never rounds: what is not an exact amount of cents is unreadable', () => {
    for (const bad of ['1.005', '', 'abc', '-1', '1e3', '1,5', ' ', '0x10', '١٠']) {
      expect(fromFlexpayAmount(bad)).toBeNull();
    }
  });

  it('round-trips every amount in USD cents and CDF centimes, without trailing zeros', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 13 }), (minor) => {
        const wire = toFlexpayAmount(minor);
        expect(wire).toMatch(/^(0|[1-9][0-9]*)(\.[0-9]?[1-9])?$/);
        expect(fromFlexpayAmount(wire)).toBe(minor);
      }),
      { numRuns: 5000 },
    );
  });
});
