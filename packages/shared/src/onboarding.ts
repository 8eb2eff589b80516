import type { Me } from './users.ts';

// Apart from users.ts so that the web app's navigation guard, on every page's critical path, does not
// bring zod (the schemas of users.ts) with it.

export type OnboardingStep = 'profile' | 'match';

/** The screen a member still has to fill before using Motema: the profile (first name and sex), then who to meet. */
export function onboardingStep(me: Pick<Me, 'firstName' | 'sex' | 'match'>): OnboardingStep | null {
  if (!me.firstName || !me.sex) return 'profile';
  if (me.match.sex.length === 0) return 'match';
  return null;
}
