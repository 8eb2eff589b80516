import { BILLING_PAGE_SIZE } from '@motema/shared/billing';
import type { DbOrTx } from '../../../db/client.ts';
import type { SubscriptionPlanRow } from '../../../db/schema.ts';
import * as repo from './plans.repository.ts';

export type Plan = SubscriptionPlanRow;

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
): Promise<{ plans: Plan[]; count: number }> {
  const page = {
    order: query.sort === '+cost' ? ('asc' as const) : ('desc' as const),
    skip: query.skip,
    limit: query.limit ?? BILLING_PAGE_SIZE,
  };
  const [plans, count] = await Promise.all([repo.listPlanRows(db, page), repo.countPlans(db)]);
  return { plans, count };
}
