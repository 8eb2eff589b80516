import { RATING_MAX, RATING_MIN } from '@motema/shared/discovery';

/** What a member's popularity is computed from: the current ratings received and the distinct visitors. */
export type PopularityInput = {
  /** How many members rate this member now (one current rating per pair). */
  ratings: number;
  /** The sum of their scores (each from 1 to 5). */
  scoreSum: number;
  /** How many distinct members have opened this member's profile. */
  visitors: number;
};

/**
 * The prior of the Bayesian average: every member starts with this many phantom ratings of the lowest
 * score, so popularity is earned. A newcomer is at 0 (the column's default, the same answer as this
 * function's), and a handful of 5-star ratings only moves them part of the way: three 5-star ratings
 * give 34, twenty give 72, a hundred give 86.
 */
export const PRIOR_RATINGS = 5;
export const PRIOR_SCORE = RATING_MIN;
/** Ratings make up to 90 points; distinct visitors add up to 10 more, half of them at 50 visitors. */
export const RATINGS_WEIGHT = 90;
export const VISITORS_WEIGHT = 10;
export const VISITORS_HALF = 50;

/**
 * A member's popularity, an integer from 0 to 100: the Bayesian average of the ratings received
 * (mapped from 1..5 to 0..RATINGS_WEIGHT) plus a small, bounded weight for distinct visitors.
 * Pure: called in the transaction that changes a rating or records a first visit.
 */
export function computePopularity({ ratings, scoreSum, visitors }: PopularityInput): number {
  const count = Math.max(0, ratings);
  const sum = Math.min(Math.max(scoreSum, count * RATING_MIN), count * RATING_MAX);
  const average = (PRIOR_RATINGS * PRIOR_SCORE + sum) / (PRIOR_RATINGS + count);
  const fromRatings = (RATINGS_WEIGHT * (average - RATING_MIN)) / (RATING_MAX - RATING_MIN);
  const seen = Math.max(0, visitors);
  const fromVisitors = (VISITORS_WEIGHT * seen) / (seen + VISITORS_HALF);
  const total = Math.round(fromRatings + fromVisitors);
  return Number.isFinite(total) ? Math.min(100, Math.max(0, total)) : 0;
}
