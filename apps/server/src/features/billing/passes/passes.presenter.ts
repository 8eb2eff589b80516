import type { UserSubscription } from '@motema/shared/billing';
import { presentPlan } from '../plans/plans.presenter.ts';
import type { PassWithPlan } from './passes.service.ts';

/**
 * A pass as the API shows it (UserSubscriptionSchema): its plan with `expired` saying whether the
 * pass has ended at `now` (its days over, or revoked by a refund).
 */
export function presentPass({ pass, plan }: PassWithPlan, now: Date): UserSubscription {
  const ended = pass.revokedAt !== null || pass.endsAt.getTime() <= now.getTime();
  return {
    _id: pass.id,
    subscription: presentPlan(plan, ended),
    createdAt: pass.createdAt.toISOString(),
    startsAt: pass.startsAt.toISOString(),
    endsAt: pass.endsAt.toISOString(),
    canceledAt: pass.canceledAt?.toISOString() ?? null,
    revokedAt: pass.revokedAt?.toISOString() ?? null,
  };
}
