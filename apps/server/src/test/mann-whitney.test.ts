import { describe, expect, it } from 'vitest';
import { erfc, mannWhitneyU, median } from './mann-whitney.ts';

// Reference values: scipy.stats.mannwhitneyu(a, b, alternative='two-sided', method='asymptotic',
// use_continuity=True) and scipy.special.erfc.
describe('the Mann-Whitney U test', () => {
  it('matches scipy on small samples', () => {
    const result = mannWhitneyU(
      [1.1, 2.3, 3.3, 4.0, 5.2, 6.1, 7.7],
      [3.3, 5.5, 6.6, 7.7, 8.8, 9.9, 10.1, 11.2],
    );
    expect(result.u).toBe(8);
    expect(result.p).toBeCloseTo(0.02377616021914935, 6);
  });

  it('matches scipy with many ties', () => {
    const a = Array.from({ length: 60 }, (_, i) => (i * 7) % 23);
    const b = Array.from({ length: 70 }, (_, i) => ((i * 5) % 29) + 3);
    const result = mannWhitneyU(a, b);
    expect(result.u).toBe(1286);
    expect(result.p / 0.00014382306830568637).toBeCloseTo(1, 5);
  });

  it('finds no difference between equal samples', () => {
    expect(mannWhitneyU([1, 2, 3], [3, 2, 1]).p).toBe(1);
    expect(mannWhitneyU([5, 5], [5, 5]).p).toBe(1);
  });

  it('computes erfc and the median', () => {
    expect(erfc(0.5)).toBeCloseTo(0.4795001221869535, 6);
    expect(erfc(3) / 2.2090496998585445e-5).toBeCloseTo(1, 5);
    expect(erfc(-1)).toBeCloseTo(1.8427007929497148, 6);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
