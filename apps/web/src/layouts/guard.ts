import { startPageFrom } from '@motema/shared/open-pages';
import type { Me } from '@motema/shared/users';
import { matchPath } from 'react-router';
import { APP } from '../app-features.ts';
import { ONBOARDING_PATHS, onboardingScreen } from '../lib/onboarding-steps.ts';
import { memberOnboardingStep } from '../lib/photo-step.ts';

/**
 * The pages open to more than members past onboarding, as the features declare them on their routes
 * (`openTo`, app-features.ts): `guest` pages a visitor only (a member is sent home), `visitor` pages
 * anyone (SPEC.md section 2, plus the steps registration and reset need), `info` pages a member who
 * still has to complete the profile may read too.
 */
const accessTo = (path: string) => APP.openPages.find((page) => matchPath(page.path, path))?.access;

/** Where the navigation guard sends someone opening `path` (with its search), or null to let them in. */
export function guardRedirect(pathname: string, search: string, me: Me | null): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const access = accessTo(path);
  if (!me) return access ? null : startPageFrom(path, search);
  if (access === 'guest') return '/home';
  if (access === 'info') return null;
  // A member in onboarding sees the step due, or goes back to one before it to correct it.
  const step = memberOnboardingStep(me);
  return step && !onboardingScreen(me, path) ? ONBOARDING_PATHS[step] : null;
}
