import type { Me } from './users.ts';

// Apart from users.ts so that the web app's navigation guard, on every page's critical path, does not
// bring zod (the schemas of users.ts) with it.

export type OnboardingStep = 'profile' | 'match' | 'photo';

/** What the device remembers of a member's onboarding (the server knows the rest). */
export type OnboardingMemory = {
  /**
   * The member finished the required steps on this device without an avatar and has neither added
   * a photo nor skipped that step yet. Members who onboarded before the step existed, or on another
   * device, are not sent to it (home's avatar prompt asks them instead).
   */
  photoStepDue?: boolean;
};

/**
 * The screen a member still has to see before using Motema: the profile (first name and sex), then
 * who to meet; both required. Then, on the device that went through them, a photo (profiles with a
 * photo get about 10 times more views), which may be skipped.
 */
export function onboardingStep(
  me: Pick<Me, 'firstName' | 'sex' | 'match'> & Partial<Pick<Me, 'avatar'>>,
  memory: OnboardingMemory = {},
): OnboardingStep | null {
  if (!me.firstName || !me.sex) return 'profile';
  if (me.match.sex.length === 0) return 'match';
  if (memory.photoStepDue && !me.avatar) return 'photo';
  return null;
}
