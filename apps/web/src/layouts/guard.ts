import type { OnboardingStep } from '@motema/shared/onboarding';
import type { Me } from '@motema/shared/users';
import { memberOnboardingStep } from '../lib/photo-step.ts';

/** Pages a visitor may open (SPEC.md section 2), plus the steps registration and reset need. */
const VISITOR_PATTERNS: RegExp[] = [
  /^\/$/,
  /^\/login$/,
  /^\/register$/,
  /^\/otp$/,
  /^\/reset-password$/,
  /^\/password$/,
  /^\/profile\/[^/]+$/,
  /^\/post\/[^/]+$/,
  /^\/zone\/[^/]+$/,
  /^\/terms-and-conditions$/,
  /^\/safety-standards$/,
  /^\/privacy-policy$/,
  /^\/cookie-policy$/,
  /^\/about$/,
];

/** Pages a member who still has to complete the profile may read. */
const INFO_PAGES = [
  '/terms-and-conditions',
  '/safety-standards',
  '/privacy-policy',
  '/cookie-policy',
  '/about',
];

/** Pages a connected member is sent away from, to home. */
const GUEST_ONLY = ['/', '/login', '/register', '/reset-password'];

/** The screen of each onboarding step. */
const ONBOARDING_PATHS: Record<OnboardingStep, string> = {
  profile: '/settings/profile',
  match: '/settings/match',
  photo: '/settings/photo',
};

const withFrom = (target: string, from: string) => `${target}?from=${encodeURIComponent(from)}`;

/** Where the navigation guard sends someone opening `path` (with its search), or null to let them in. */
export function guardRedirect(pathname: string, search: string, me: Me | null): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!me) {
    return VISITOR_PATTERNS.some((pattern) => pattern.test(path)) ? null : withFrom('/', path + search);
  }
  if (GUEST_ONLY.includes(path)) return '/home';
  if (INFO_PAGES.includes(path)) return null;
  const step = memberOnboardingStep(me);
  return step && path !== ONBOARDING_PATHS[step] ? ONBOARDING_PATHS[step] : null;
}
