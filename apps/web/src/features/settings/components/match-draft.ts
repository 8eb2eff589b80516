import { MATCH_DISTANCE_MAX_KM, MIN_AGE } from '@motema/shared/limits';
import { SEXES, type MatchPreferences, type Me } from '@motema/shared/users';
import { tabDraft } from '../../../lib/form-draft.ts';

/** The slider's oldest age; older members keep their saved value until they move the slider. */
export const MATCH_AGE_SLIDER_MAX = 99;
export const DISTANCE_STEP_KM = 5;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The member's saved preferences as the form's sliders can show them. */
export const matchValuesOf = (me: Me): MatchPreferences => ({
  sex: me.match.sex,
  ageMin: clamp(me.match.ageMin, MIN_AGE, MATCH_AGE_SLIDER_MAX),
  ageMax: clamp(me.match.ageMax, MIN_AGE, MATCH_AGE_SLIDER_MAX),
  distance: clamp(me.match.distance, DISTANCE_STEP_KM, MATCH_DISTANCE_MAX_KM),
  verifiedOnly: me.match.verifiedOnly,
});

/** What the form keeps for the tab until it is saved (lib/form-draft.ts). */
export const matchDraft = (memberId: string) =>
  tabDraft<MatchPreferences>(`motema.matchDraft.${memberId}`, [
    'sex',
    'ageMin',
    'ageMax',
    'distance',
    'verifiedOnly',
  ]);

/**
 * A kept draft put back within what the form offers (the sexes it lists, the sliders' ranges and
 * steps), each field missing or unreadable taken from what is saved; null when it is what is saved.
 */
export function restoredMatch(
  kept: Partial<MatchPreferences>,
  saved: MatchPreferences,
): MatchPreferences | null {
  const number = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
  const sex = Array.isArray(kept.sex) ? SEXES.filter((choice) => kept.sex!.includes(choice)) : saved.sex;
  const ageMin = clamp(Math.round(number(kept.ageMin, saved.ageMin)), MIN_AGE, MATCH_AGE_SLIDER_MAX);
  const ageMax = clamp(Math.round(number(kept.ageMax, saved.ageMax)), ageMin, MATCH_AGE_SLIDER_MAX);
  const steps = Math.round(number(kept.distance, saved.distance) / DISTANCE_STEP_KM);
  const distance = clamp(steps * DISTANCE_STEP_KM, DISTANCE_STEP_KM, MATCH_DISTANCE_MAX_KM);
  const verifiedOnly = typeof kept.verifiedOnly === 'boolean' ? kept.verifiedOnly : saved.verifiedOnly;
  const restored = { sex, ageMin, ageMax, distance, verifiedOnly };
  const same =
    sex.length === saved.sex.length &&
    sex.every((choice) => saved.sex.includes(choice)) &&
    ageMin === saved.ageMin &&
    ageMax === saved.ageMax &&
    distance === saved.distance &&
    verifiedOnly === saved.verifiedOnly;
  return same ? null : restored;
}
