import type { Db } from '../../../db/client.ts';
import type { PaymentRow, PaymentState } from '../../../db/schema/billing-payments.ts';
import { clock } from '../../../lib/clock.ts';
import { settleSideEffects, type SettlementDeps } from './payment-settlement.service.ts';
import { afterOperator, FINAL_STATES } from './payment-transitions.ts';
import * as repo from './payments.repository.ts';

/** How far back `listUnknownOutcomes` looks: the daily check's week. */
const LOOK_BACK_MS = 7 * 24 * 3_600_000;

/** Payments of the last 7 days whose outcome is unknown (no order number to check them by), oldest first. */
export function listUnknownOutcomes(db: Db): Promise<PaymentRow[]> {
  const now = clock.now();
  return repo.listUnknownOutcomes(db, new Date(now.getTime() - LOOK_BACK_MS), now);
}

/** An operator's word on a payment of unknown outcome, after looking it up at FlexPay. */
export type Resolution = {
  reference: string;
  outcome: 'paid' | 'failed';
  /** FlexPay's order number, as its back office shows it: kept, so that later checks can find it. */
  orderNumber?: string | undefined;
};

/** A resolution the payment's state or record refuses: nothing was changed. */
export class ResolveRefused extends Error {}

/**
 * Applies an operator's resolution (`npm run payments -- resolve`, later the moderation console) in
 * one transaction, the payment locked: the order number if given, the move the state machine allows
 * (afterOperator), a `transition` event saying an operator made it, and the settlement's side effects
 * (on `paid`, the pass and the ledger entry, each idempotent: P11). Throws ResolveRefused, changing
 * nothing, for an unknown reference, a state that refuses the move (a payment settled already) or an
 * order number other than the one the payment holds.
 */
export async function resolvePayment(
  { db, ...settlement }: SettlementDeps & { db: Db },
  resolution: Resolution,
): Promise<{ payment: PaymentRow; from: PaymentState }> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const found = await repo.findPaymentByReference(tx, resolution.reference);
    const row = found && (await repo.lockPayment(tx, found.id));
    if (!row) throw new ResolveRefused(`no payment has the reference ${resolution.reference}`);
    const transition = afterOperator(row.status, resolution.outcome);
    if (!transition) {
      throw new ResolveRefused(
        `payment ${row.reference} is ${row.status}: it cannot be resolved ${resolution.outcome} (only PENDING, INIT_UNKNOWN or EXPIRED can)`,
      );
    }
    const { orderNumber } = resolution;
    if (orderNumber && row.providerRef && row.providerRef !== orderNumber) {
      throw new ResolveRefused(`payment ${row.reference} holds another FlexPay order number`);
    }
    const moved = await repo.moveState(tx, row.id, row.status, {
      status: transition.status,
      reason: transition.reason,
      updatedAt: now,
      ...(orderNumber && !row.providerRef && { providerRef: orderNumber }),
      ...(transition.status === 'SUCCESS' && { settledAt: now }),
      ...(FINAL_STATES.includes(transition.status) && { nextCheckAt: null }),
    });
    // The row is locked: nobody else can have moved it since it was read.
    if (!moved) throw new Error(`resolve: payment ${row.id} moved under its lock`);
    await repo.insertPaymentEvent(tx, {
      paymentId: row.id,
      kind: 'transition',
      httpStatus: null,
      latencyMs: null,
      body: JSON.stringify({ from: row.status, to: transition.status, by: 'operator' }),
      createdAt: now,
    });
    await settleSideEffects(settlement, tx, moved, row.status, now);
    return { payment: moved, from: row.status };
  });
}
