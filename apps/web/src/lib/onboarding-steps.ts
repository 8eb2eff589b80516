import type { OnboardingStep } from '@motema/shared/onboarding';
import type { Me } from '@motema/shared/users';
import { memberOnboardingStep } from './photo-step.ts';

/** The onboarding's screens in their order (packages/shared/src/onboarding.ts). */
export const ONBOARDING_STEPS: readonly OnboardingStep[] = ['profile', 'match', 'photo'];

/** The screen of each onboarding step. */
export const ONBOARDING_PATHS: Record<OnboardingStep, string> = {
  profile: '/settings/profile',
  match: '/settings/match',
  photo: '/settings/photo',
};

/** The onboarding step whose screen `path` is, or null. */
export const stepOfPath = (path: string): OnboardingStep | null =>
  ONBOARDING_STEPS.find((step) => ONBOARDING_PATHS[step] === path) ?? null;

/**
 * The screen a member in onboarding is on: the step due, or one before it (gone back to correct it,
 * the browser's Back or the header's arrow). Null when `path` is no such screen or onboarding is over.
 */
export function onboardingScreen(me: Me, path: string): OnboardingStep | null {
  const due = memberOnboardingStep(me);
  const shown = stepOfPath(path);
  if (!due || !shown) return null;
  return ONBOARDING_STEPS.indexOf(shown) <= ONBOARDING_STEPS.indexOf(due) ? shown : null;
}

/**
 * The history state of a step's screen opened from the step before it: its back arrow then goes
 * back in the history (the same entry as the browser's Back) instead of adding one. `depth` counts
 * the steps' entries under it, down to the first step's, for the end of onboarding to take them away.
 */
export type StepState = { fromPreviousStep: true; depth: number };

export const cameFromPreviousStep = (state: unknown): state is StepState =>
  typeof state === 'object' && state !== null && 'fromPreviousStep' in state;

/**
 * How many steps' entries lie under the screen whose history state is `state`: 0 for the first step,
 * or for a state written before the count was (an older version of the app): the end of onboarding
 * then only takes the last step's place.
 */
export function stepDepth(state: unknown): number {
  const depth = cameFromPreviousStep(state) ? state.depth : 0;
  return Number.isInteger(depth) && depth > 0 ? depth : 0;
}

/** The state of the next step's screen, opened from the screen whose history state is `state`. */
export const nextStepState = (state: unknown): StepState => ({
  fromPreviousStep: true,
  depth: stepDepth(state) + 1,
});
