import type { Db } from '../../../db/client.ts';
import type { PaymentRow, PaymentState } from '../../../db/schema/billing-payments.ts';
import { clock } from '../../../lib/clock.ts';
import type { Money } from '../../money/providers/payment-provider.ts';
import { ResolveRefused } from './payments-operator.service.ts';
import { heldInSuspense, settleSideEffects, type SettlementDeps } from './payment-settlement.service.ts';
import { afterReview } from './payment-transitions.ts';
import * as repo from './payments.repository.ts';

/** A payment under review and what FlexPay reported received for it (held in platform:suspense). */
export type InReview = { payment: PaymentRow; held: Money | undefined };

/** Payments under review, oldest first, with what each holds in suspense. */
export async function listInReview(db: Db): Promise<InReview[]> {
  const rows = await repo.listInReview(db);
  return Promise.all(rows.map(async (payment) => ({ payment, held: await heldInSuspense(db, payment) })));
}

/**
 * An operator's decision on a payment under review (`npm run payments -- review <reference> accept|refund`,
 * later the moderation console), in one transaction, the payment locked: the move `afterReview` allows,
 * a `transition` event saying an operator made it, and its entries (settlement.service.ts: accepted,
 * the suspense becomes revenue and the hooks run as for any settlement; refunded, the suspense goes
 * back to the clearing account FlexPay paid the payer from). Throws ResolveRefused, changing nothing,
 * for an unknown reference, a payment not under review, or an acceptance with nothing received.
 */
export async function decideReview(
  { db, ...settlement }: SettlementDeps & { db: Db },
  reference: string,
  decision: 'accept' | 'refund',
): Promise<{ payment: PaymentRow; from: PaymentState }> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const found = await repo.findPaymentByReference(tx, reference);
    const row = found && (await repo.lockPayment(tx, found.id));
    if (!row) throw new ResolveRefused(`no payment has the reference ${reference}`);
    const transition = afterReview(row.status, decision);
    if (!transition) throw new ResolveRefused(`payment ${row.reference} is ${row.status}, not under review`);
    if (decision === 'accept' && !(await heldInSuspense(tx, row))) {
      throw new ResolveRefused(
        `FlexPay reported nothing received for payment ${row.reference}: refund it instead`,
      );
    }
    const moved = await repo.moveState(tx, row.id, row.status, {
      status: transition.status,
      reason: transition.reason,
      updatedAt: now,
      ...(transition.status === 'SUCCESS' && { settledAt: now }),
    });
    // The row is locked: nobody else can have moved it since it was read.
    if (!moved) throw new Error(`review: payment ${row.id} moved under its lock`);
    await repo.insertPaymentEvent(tx, {
      paymentId: row.id,
      kind: 'transition',
      httpStatus: null,
      latencyMs: null,
      body: JSON.stringify({ from: row.status, to: transition.status, by: 'operator', decision }),
      createdAt: now,
    });
    await settleSideEffects(settlement, tx, moved, row.status, now);
    return { payment: moved, from: row.status };
  });
}
