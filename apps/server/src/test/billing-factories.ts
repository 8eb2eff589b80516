import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  payments,
  subscriptionPlans,
  userSubscriptions,
  type PaymentRow,
  type SubscriptionPlanRow,
} from '../db/schema.ts';
import { grantPass } from '../features/billing/passes/passes.service.ts';
import { clock } from '../lib/clock.ts';

/** A plan of the seeded catalogue by key ('week', 'month', 'quarter'). */
export async function planOf(db: Db, key: 'week' | 'month' | 'quarter'): Promise<SubscriptionPlanRow> {
  const [plan] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.key, key));
  if (!plan) throw new Error(`no plan ${key} in the catalogue`);
  return plan;
}

/**
 * A settled card payment of `plan` by the member, stored straight (no provider): what a pass needs
 * beside it (user_subscriptions.payment_id references payments).
 */
export async function settledPayment(db: Db, userId: string, plan: SubscriptionPlanRow): Promise<PaymentRow> {
  const [row] = await db
    .insert(payments)
    .values({
      reference: `T${randomUUID().replaceAll('-', '').slice(0, 19).toUpperCase()}`,
      userId,
      planId: plan.id,
      method: 'card',
      amountMinor: plan.costUsd,
      currency: 'USD',
      callbackTokenHash: randomUUID(),
      status: 'SUCCESS',
      settledAt: clock.now(),
    })
    .returning();
  if (!row) throw new Error('no payment stored');
  return row;
}

/** A pass granted as a settled payment would grant it (a payment of its own), at `at` or now. */
export async function givePass(
  db: Db,
  userId: string,
  key: 'week' | 'month' | 'quarter',
  at: Date = clock.now(),
) {
  const plan = await planOf(db, key);
  const { id: paymentId } = await settledPayment(db, userId, plan);
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
