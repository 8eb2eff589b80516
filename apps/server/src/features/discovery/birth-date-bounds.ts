/** `YYYY-MM-DD` of a calendar date (year 100 or later), the day clamped to the month's length (29 February in a common year is the 28th). */
function isoDate(year: number, month: number, day: number): string {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1, Math.min(day, last))).toISOString().slice(0, 10);
}

/**
 * The birth dates of members aged `ageMin` to `ageMax` on `today` (UTC), as `ageOn` counts ages: born on
 * or before `bornOnOrBefore` and strictly after `bornAfter`. Computed once per request, compared to the
 * `date_of_birth` column in SQL.
 */
export function birthDateBounds(
  today: Date,
  ageMin: number,
  ageMax: number,
): { bornOnOrBefore: string; bornAfter: string } {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth() + 1;
  const day = today.getUTCDate();
  return {
    bornOnOrBefore: isoDate(year - ageMin, month, day),
    bornAfter: isoDate(year - ageMax - 1, month, day),
  };
}
