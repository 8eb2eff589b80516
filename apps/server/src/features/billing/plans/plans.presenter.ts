import type { Subscription } from '@motema/shared/billing';
import type { Plan, PlanOnSale } from './plans.service.ts';

/**
 * A plan as the API shows it (SubscriptionSchema); `expired`: no longer sold, unless told otherwise;
 * `popular`: the share of recent buyers who chose it, where the catalogue counted it (0 otherwise).
 */
export function presentPlan(plan: Plan | PlanOnSale, expired = !plan.sold): Subscription {
  return {
    _id: plan.id,
    key: plan.key,
    cost: { USD: plan.costUsd, CDF: plan.costCdf },
    days: plan.days,
    popularity: plan.popularity,
    preferences: plan.preferences,
    popular: 'chosenPercent' in plan ? plan.chosenPercent : 0,
    expired,
  };
}
