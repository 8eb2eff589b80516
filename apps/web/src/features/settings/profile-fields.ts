import type { TFunction } from 'i18next';
import { MIN_AGE } from '@motema/shared/limits';
import {
  ORIENTATIONS,
  ORIENTATIONS_WITHOUT_VARIANTS,
  RELATIONSHIPS,
  RELATIONSHIPS_WITHOUT_VARIANTS,
  SEXES,
  variantKey,
  type Sex,
} from '@motema/shared/users';

export type Option = { value: string; label: string };

/** Relationship choices worded for the member's sex ("Mariée" for a woman, "Marié" otherwise). */
export function relationshipOptions(t: TFunction, sex: Sex | '' | null): Option[] {
  return RELATIONSHIPS.map((value) => ({
    value,
    label: t(`settings:relationship.${variantKey(value, sex || null, RELATIONSHIPS_WITHOUT_VARIANTS)}`),
  }));
}

/** Sexual orientation choices worded for the member's sex. */
export function orientationOptions(t: TFunction, sex: Sex | '' | null): Option[] {
  return ORIENTATIONS.map((value) => ({
    value,
    label: t(`settings:orientation.${variantKey(value, sex || null, ORIENTATIONS_WITHOUT_VARIANTS)}`),
  }));
}

export function sexOptions(t: TFunction): Option[] {
  return SEXES.map((value) => ({ value, label: t(`settings:sex.${value}`) }));
}

/** The last birth date (`YYYY-MM-DD`) of someone who is 18 on `today`, for the date field's `max`. */
export function latestDateOfBirth(today: Date = new Date()): string {
  const year = today.getUTCFullYear() - MIN_AGE;
  const month = today.getUTCMonth();
  let day = today.getUTCDate();
  // 29 February does not exist every year: the birthday then falls on 28 February.
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  if (day > lastDay) day = lastDay;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${year}-${pad(month + 1)}-${pad(day)}`;
}
