import type { NavigateFunction } from 'react-router';
import { stepDepth } from './onboarding-steps.ts';
import { pageAfterOnboarding } from './page-after-onboarding.ts';

/** The page onboarding ends on, once the history is back on its first step's entry. */
let landing: { page: string; fromKey: string } | null = null;

/**
 * Ends onboarding on the step whose location is `from`: the page kept for after it (or home) takes
 * the place of the first step's entry, so that the steps are gone from the history and Back from
 * home leaves the app (the Android back gesture) instead of opening the match preferences. The
 * steps' entries above the first are left by going back over them; the navigation guard then opens
 * the page in place of the first (`landingDue`).
 */
export function endOnboarding(navigate: NavigateFunction, from: { key: string; state: unknown }): void {
  const page = pageAfterOnboarding();
  const depth = stepDepth(from.state);
  if (depth === 0) {
    void navigate(page, { replace: true });
    return;
  }
  landing = { page, fromKey: from.key };
  void navigate(-depth);
}

/** The page to open in place of the entry `key` now shown, once onboarding went back to its first step. */
export const landingDue = (key: string): string | null =>
  landing && landing.fromKey !== key ? landing.page : null;

/** Called once the page is open. */
export function landed(): void {
  landing = null;
}
