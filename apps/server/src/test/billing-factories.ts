import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { subscriptionPlans, userSubscriptions, type SubscriptionPlanRow } from '../db/schema.ts';
import { grantPass } from '../features/billing/passes/passes.service.ts';
import { clock } from '../lib/clock.ts';

/** A plan of the seeded catalogue by key ('week', 'month', 'quarter'). */
export async function planOf(db: Db, key: 'week' | 'month' | 'quarter'): Promise<SubscriptionPlanRow> {
  const [plan] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.key, key));
  if (!plan) throw new Error(`no plan ${key} in the catalogue`);
  return plan;
}

/** A pass granted as a settled payment would grant it (a payment id of its own), at `at` or now. */
export async function givePass(
  db: Db,
  userId: string,
  key: 'week' | 'month' | 'quarter',
  at: Date = clock.now(),
) {
  const plan = await planOf(db, key);
  const paymentId = randomUUID();
  const { pass } = await db.transaction((tx) => grantPass(tx, { paymentId, userId, planId: plan.id, at }));
  return { pass, plan, paymentId };
}

/** Every pass of a member (or of no one: a deleted member's), oldest first. */
export function passesOf(db: Db, userId: string) {
  return db
    .select()
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId))
    .orderBy(userSubscriptions.startsAt);
}
