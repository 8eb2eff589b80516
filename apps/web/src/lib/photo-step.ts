import { onboardingStep, type OnboardingStep } from '@motema/shared/onboarding';
import type { Me } from '@motema/shared/users';
import { deviceText } from './device-record.ts';

/**
 * The onboarding's photo step is remembered on the device, not on the server: it is a nudge, not a
 * requirement, so asking again on another device costs a tap and saves a column, a migration and a
 * write on every skip. The device remembers that the step is due (set when the required steps end
 * without an avatar) rather than that it was skipped, so that members who onboarded before the step
 * existed are not sent to it, and a skip (or a photo) simply ends it. Without storage (some private
 * modes) the step is never due: it can never trap anyone.
 */
const stepDue = (memberId: string) =>
  deviceText(`motema:photo-step-due:${memberId}`, (stored) => (stored === '1' ? stored : null));

export const isPhotoStepDue = (memberId: string): boolean => stepDue(memberId).read() !== null;

/** No storage: the step is not due, which is what a skip asks for anyway. */
export function setPhotoStepDue(memberId: string, due: boolean): void {
  if (due) stepDue(memberId).keep('1');
  else stepDue(memberId).forget();
}

/** The member's onboarding step on this device (the shared rule, with the device's memory). */
export const memberOnboardingStep = (me: Me): OnboardingStep | null =>
  onboardingStep(me, { photoStepDue: isPhotoStepDue(me._id) });
