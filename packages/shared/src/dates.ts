import { z } from 'zod';
import { MAX_AGE, MIN_AGE } from './limits.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar date of `YYYY-MM-DD`, or undefined when it is not a real date. */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | undefined {
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return undefined;
  }
  return { year, month, day };
}

/** Whole years between a `YYYY-MM-DD` birth date and `today` (a birthday counts on its day). */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number {
  const birth = parseIsoDate(dateOfBirth);
  if (!birth) return Number.NaN;
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth() + 1;
  const day = today.getUTCDate();
  const hadBirthday = month > birth.month || (month === birth.month && day >= birth.day);
  return year - birth.year - (hadBirthday ? 0 : 1);
}

export const dateOfBirthSchema = z
  .string({ error: 'date_of_birth_required' })
  .min(1, { error: 'date_of_birth_required' })
  .refine((value) => parseIsoDate(value) !== undefined, { error: 'invalid_date', abort: true })
  .refine((value) => ageOn(value) <= MAX_AGE, { error: 'invalid_date', abort: true })
  .refine((value) => ageOn(value) >= MIN_AGE, { error: 'underage' });
