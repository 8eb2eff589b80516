import type { Subscription } from '@motema/shared/billing';
import type { Plan } from './plans.service.ts';

/** A plan as the API shows it (SubscriptionSchema); `expired`: no longer sold, unless told otherwise. */
export function presentPlan(plan: Plan, expired = !plan.sold): Subscription {
  return {
    _id: plan.id,
    key: plan.key,
    cost: { USD: plan.costUsd, CDF: plan.costCdf },
    days: plan.days,
    popularity: plan.popularity,
    preferences: plan.preferences,
    popular: plan.popular,
    expired,
  };
}
