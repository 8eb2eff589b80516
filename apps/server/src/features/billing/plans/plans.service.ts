import { BILLING_PAGE_SIZE } from '@motema/shared/billing';
import type { DbOrTx } from '../../../db/client.ts';
import type { SubscriptionPlanRow } from '../../../db/schema.ts';
import { clock } from '../../../lib/clock.ts';
import * as repo from './plans.repository.ts';

export type Plan = SubscriptionPlanRow;

/** The window over which "chosen by N %" is counted, and the passes it needs before it means something. */
export const CHOSEN_WINDOW_DAYS = 90;
export const CHOSEN_MIN_PASSES = 30;

/** A plan of the catalogue with the share of buyers who chose it lately (0: too few to say). */
export type PlanOnSale = Plan & { chosenPercent: number };

/**
 * A plan of the catalogue with its prices, or undefined: the payments core prices a payment from it,
 * never from what the client sent (PAYMENTS.md P3). A plan no longer sold is returned too (`sold`
 * false): whoever sells checks it.
 */
export function findPlan(db: DbOrTx, id: string): Promise<Plan | undefined> {
  return repo.findPlanRow(db, id);
}

/** The catalogue, by price (`-cost`: dearest first), pages of BILLING_PAGE_SIZE unless asked otherwise. */
export async function listPlans(
  db: DbOrTx,
  query: { sort: '-cost' | '+cost'; skip: number; limit?: number | undefined },
): Promise<{ plans: PlanOnSale[]; count: number }> {
  const page = {
    order: query.sort === '+cost' ? ('asc' as const) : ('desc' as const),
    skip: query.skip,
    limit: query.limit ?? BILLING_PAGE_SIZE,
  };
  const [plans, count, shares] = await Promise.all([
    repo.listPlanRows(db, page),
    repo.countPlans(db),
    chosenShares(db),
  ]);
  return { plans: plans.map((plan) => ({ ...plan, chosenPercent: shares.get(plan.id) ?? 0 })), count };
}

/**
 * Each plan's share (whole percent) of the passes bought over the last CHOSEN_WINDOW_DAYS, refunds left
 * out; nothing at all below CHOSEN_MIN_PASSES passes, where a share would say more than it knows.
 */
async function chosenShares(db: DbOrTx): Promise<Map<string, number>> {
  const since = new Date(clock.now().getTime() - CHOSEN_WINDOW_DAYS * 86_400_000);
  const bought = await repo.passesBoughtPerPlan(db, since);
  const total = [...bought.values()].reduce((sum, n) => sum + n, 0);
  if (total < CHOSEN_MIN_PASSES) return new Map();
  return new Map([...bought].map(([planId, n]) => [planId, Math.round((100 * n) / total)]));
}
