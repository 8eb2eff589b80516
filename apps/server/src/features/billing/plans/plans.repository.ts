import { and, asc, count, desc, eq, gte, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { subscriptionPlans, userSubscriptions, type SubscriptionPlanRow } from '../../../db/schema.ts';

/** One plan by id, sold or not (a pass bought on a plan no longer sold still names it). */
export async function findPlanRow(db: DbOrTx, id: string): Promise<SubscriptionPlanRow | undefined> {
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id));
  return row;
}

/** A page of the catalogue by price (the dollar price; both currencies rank the plans alike), id last. */
export async function listPlanRows(
  db: DbOrTx,
  page: { order: 'asc' | 'desc'; skip: number; limit: number },
): Promise<SubscriptionPlanRow[]> {
  const by = page.order === 'asc' ? asc : desc;
  return db
    .select()
    .from(subscriptionPlans)
    .orderBy(by(subscriptionPlans.costUsd), asc(subscriptionPlans.id))
    .offset(page.skip)
    .limit(page.limit);
}

export async function countPlans(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(subscriptionPlans);
  return row?.n ?? 0;
}

/** How many passes of each plan were bought since `since`, refunds (revoked passes) left out. */
export async function passesBoughtPerPlan(db: DbOrTx, since: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ planId: userSubscriptions.planId, n: count() })
    .from(userSubscriptions)
    .where(and(gte(userSubscriptions.createdAt, since), isNull(userSubscriptions.revokedAt)))
    .groupBy(userSubscriptions.planId);
  return new Map(rows.map((row) => [row.planId, row.n]));
}
