import { onboardingStep, type OnboardingStep } from '@motema/shared/onboarding';
import type { Me } from '@motema/shared/users';

/**
 * The onboarding's photo step is remembered on the device, not on the server: it is a nudge, not a
 * requirement, so asking again on another device costs a tap and saves a column, a migration and a
 * write on every skip. The device remembers that the step is due (set when the required steps end
 * without an avatar) rather than that it was skipped, so that members who onboarded before the step
 * existed are not sent to it, and a skip (or a photo) simply ends it. Without storage (some private
 * modes) the step is never due: it can never trap anyone.
 */
const keyOf = (memberId: string) => `motema:photo-step-due:${memberId}`;

export function isPhotoStepDue(memberId: string): boolean {
  try {
    return localStorage.getItem(keyOf(memberId)) === '1';
  } catch {
    return false;
  }
}

export function setPhotoStepDue(memberId: string, due: boolean): void {
  try {
    if (due) localStorage.setItem(keyOf(memberId), '1');
    else localStorage.removeItem(keyOf(memberId));
  } catch {
    // No storage: the step is not due, which is what a skip asks for anyway.
  }
}

/** The member's onboarding step on this device (the shared rule, with the device's memory). */
export const memberOnboardingStep = (me: Me): OnboardingStep | null =>
  onboardingStep(me, { photoStepDue: isPhotoStepDue(me._id) });
