import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computePopularity, type PopularityInput } from './popularity.ts';

/** A member's ratings received (scores 1 to 5) and distinct visitors. */
const received = fc.record({
  scores: fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 300 }),
  visitors: fc.nat({ max: 100_000 }),
});
const toInput = ({ scores, visitors }: { scores: number[]; visitors: number }): PopularityInput => ({
  ratings: scores.length,
  scoreSum: scores.reduce((sum, score) => sum + score, 0),
  visitors,
});
const popularityOf = (scores: number[], visitors = 0) => computePopularity(toInput({ scores, visitors }));

describe('computePopularity', () => {
  it('is always an integer from 0 to 100', () => {
    fc.assert(
      fc.property(received, (member) => {
        const popularity = computePopularity(toInput(member));
        expect(Number.isInteger(popularity)).toBe(true);
        expect(popularity).toBeGreaterThanOrEqual(0);
        expect(popularity).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('stays within bounds for nonsense input too (negative, huge, inconsistent, not finite)', () => {
    const anyNumber = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(Infinity, -Infinity, NaN, 1e300));
    fc.assert(
      fc.property(anyNumber, anyNumber, anyNumber, (ratings, scoreSum, visitors) => {
        const popularity = computePopularity({ ratings, scoreSum, visitors });
        expect(Number.isInteger(popularity)).toBe(true);
        expect(popularity).toBeGreaterThanOrEqual(0);
        expect(popularity).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('starts at 0, the column default, for a member nobody rated or visited', () => {
    expect(popularityOf([])).toBe(0);
  });

  it('never goes down when a 5-star rating is added, nor up when a 1-star rating is added', () => {
    fc.assert(
      fc.property(received, (member) => {
        const before = computePopularity(toInput(member));
        expect(
          computePopularity(toInput({ ...member, scores: [...member.scores, 5] })),
        ).toBeGreaterThanOrEqual(before);
        expect(computePopularity(toInput({ ...member, scores: [...member.scores, 1] }))).toBeLessThanOrEqual(
          before,
        );
      }),
    );
  });

  it('never goes down when one rating is raised or a visitor is added', () => {
    fc.assert(
      fc.property(received, fc.nat(), (member, pick) => {
        fc.pre(member.scores.length > 0);
        const before = computePopularity(toInput(member));
        const index = pick % member.scores.length;
        const raised = member.scores.map((score, i) => (i === index ? Math.min(5, score + 1) : score));
        expect(computePopularity(toInput({ ...member, scores: raised }))).toBeGreaterThanOrEqual(before);
        expect(
          computePopularity(toInput({ ...member, visitors: member.visitors + 1 })),
        ).toBeGreaterThanOrEqual(before);
      }),
    );
  });

  it('ranks more of the same good ratings higher: evidence counts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 5 }), fc.integer({ min: 1, max: 100 }), (score, count) => {
        const fewer = popularityOf(Array(count).fill(score));
        expect(popularityOf(Array(count + 10).fill(score))).toBeGreaterThanOrEqual(fewer);
      }),
    );
  });

  it('does not make a star of three 5-star ratings', () => {
    const three = popularityOf([5, 5, 5]);
    expect(three).toBeLessThan(50);
    expect(three).toBeGreaterThan(0);
    // A long record of 5-star ratings is what makes one.
    expect(popularityOf(Array(100).fill(5))).toBeGreaterThanOrEqual(80);
    // And three 5-star ratings are worth less than thirty 4-star ones.
    expect(three).toBeLessThan(popularityOf(Array(30).fill(4)));
  });

  it('gives visitors a small, bounded weight', () => {
    expect(popularityOf([], 1_000_000)).toBeLessThanOrEqual(10);
    expect(popularityOf([], 50)).toBe(5);
    expect(popularityOf(Array(1000).fill(5), 1_000_000)).toBe(100);
  });
});
