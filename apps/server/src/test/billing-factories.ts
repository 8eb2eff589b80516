import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  payments,
  subscriptionPlans,
  userSubscriptions,
  type PaymentRow,
  type PaymentState,
  type SubscriptionPlanRow,
} from '../db/schema.ts';
import { grantPass } from '../features/billing/passes/passes.service.ts';
import { INITIAL_STATES, TRANSITIONS } from '../features/billing/payments/payment-transitions.ts';
import { clock } from '../lib/clock.ts';

/** A plan of the seeded catalogue by key ('week', 'month', 'quarter'). */
export async function planOf(db: Db, key: 'week' | 'month' | 'quarter'): Promise<SubscriptionPlanRow> {
  const [plan] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.key, key));
  if (!plan) throw new Error(`no plan ${key} in the catalogue`);
  return plan;
}

/** The shortest way the state machine's table leads from the initial state to `status`. */
function wayTo(status: PaymentState): PaymentState[] {
  const ways: PaymentState[][] = INITIAL_STATES.map((state) => [state]);
  for (const way of ways) {
    const last = way.at(-1)!;
    if (last === status) return way;
    for (const next of TRANSITIONS[last]) if (!way.includes(next)) ways.push([...way, next]);
  }
  throw new Error(`no way to ${status}`);
}

/**
 * A card payment of `plan` by the member (or by no one: `null`), stored straight (no provider) in
 * `status` the only way the database lets the code get it there: stored CREATED, then moved along the
 * state machine's table, settled when it reaches SUCCESS.
 */
export async function paymentIn(
  db: Db,
  status: PaymentState,
  userId: string | null,
  plan: SubscriptionPlanRow,
): Promise<PaymentRow> {
  const [first, ...moves] = wayTo(status);
  // In one transaction: a CREATED payment is open (payments_open_per_plan_key), so two stored at once
  // for the same member and plan would collide unless each is past CREATED before the other is seen.
  return db.transaction(async (tx) => {
    let [row] = await tx
      .insert(payments)
      .values({
        reference: `T${randomUUID().replaceAll('-', '').slice(0, 19).toUpperCase()}`,
        userId,
        planId: plan.id,
        method: 'card',
        amountMinor: plan.costUsd,
        currency: 'USD',
        callbackTokenHash: randomUUID(),
        status: first,
      })
      .returning();
    for (const next of moves) {
      [row] = await tx
        .update(payments)
        .set({ status: next, ...(next === 'SUCCESS' && { settledAt: clock.now() }) })
        .where(eq(payments.id, row!.id))
        .returning();
    }
    if (!row) throw new Error('no payment stored');
    return row;
  });
}

/** A settled card payment of `plan` by the member: what a pass needs beside it (user_subscriptions.payment_id references payments). */
export function settledPayment(db: Db, userId: string, plan: SubscriptionPlanRow): Promise<PaymentRow> {
  return paymentIn(db, 'SUCCESS', userId, plan);
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
