import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { payments, type PaymentRow, type PaymentState } from '../db/schema.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { clock } from '../lib/clock.ts';
import { passesPaymentHook } from '../features/billing/passes/passes-payment-hook.ts';
import { settleSideEffects } from '../features/billing/payments/payment-settlement.service.ts';
import * as paymentsRepo from '../features/billing/payments/payments.repository.ts';
import { commissionPaymentHook } from '../features/partnership/commission.service.ts';
import { joinPartnership, type PartnershipTerms } from '../features/partnership/partnership.service.ts';
import { insertReferral } from '../features/partnership/partnership.repository.ts';
import { paymentIn, planOf } from './billing-factories.ts';

/** The terms of the tests' partnerships: 10%, a 14-day hold, CDF's minimum at 28,000 FC. */
export const TERMS: PartnershipTerms = {
  PARTNERSHIP_PERCENTAGE: 10,
  PARTNERSHIP_HOLD_DAYS: 14,
  WITHDRAWAL_MINIMUM_CDF_MINOR: 2_800_000,
};

/** Makes `partnerId` a partner (now) and `childIds` their children, as registration through their code would. */
export async function partnerWithChildren(db: Db, partnerId: string, ...childIds: string[]) {
  const partnership = await joinPartnership(db, TERMS, partnerId);
  for (const childId of childIds) {
    await db.transaction((tx) => insertReferral(tx, { childId, partnerId, createdAt: clock.now() }));
  }
  return partnership;
}

/** A pending payment of the month's plan by the member, from `payerPhone` (a card's when null). */
export async function pendingPaymentOf(db: Db, userId: string, payerPhone: string | null = null) {
  const payment = await paymentIn(db, 'PENDING', userId, await planOf(db, 'month'));
  if (!payerPhone) return payment;
  const [row] = await db.update(payments).set({ payerPhone }).where(eq(payments.id, payment.id)).returning();
  return row!;
}

/**
 * Moves the payment as the payments core does, with its entry and the modules' hooks (the pass, the
 * commission) in one transaction: `jobs` gets the commission's release.
 */
export function movePayment(db: Db, jobs: JobQueue, payment: PaymentRow, to: PaymentState) {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const moved = await paymentsRepo.moveState(tx, payment.id, payment.status, {
      status: to,
      ...(to === 'SUCCESS' && { settledAt: now }),
      updatedAt: now,
    });
    if (!moved) return undefined;
    const hooks = { paymentHooks: [passesPaymentHook, commissionPaymentHook], jobs, feePercent: 0 };
    await settleSideEffects(hooks, tx, moved, payment.status, now);
    return moved;
  });
}

/** The jobs sent to `queue` naming the payment, with their start time. */
export async function jobsFor(db: Db, queue: string, paymentId: string) {
  const { rows } = await db.execute<{ startAfter: Date }>(
    sql`SELECT start_after AS "startAfter" FROM pgboss.job WHERE name = ${queue} AND data->>'paymentId' = ${paymentId}`,
  );
  return rows;
}
