import type { DbOrTx } from '../../../db/client.ts';
import type { PaymentRow } from '../../../db/schema/billing-payments.ts';
import { clock } from '../../../lib/clock.ts';
import { INIT_ABANDONED_AFTER_MS, RECONCILE_FOR_MS, UNKNOWN_ALERT_AFTER_MS } from './payment-transitions.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import * as repo from './payments.repository.ts';

/**
 * Payments whose init may have reached the provider but whose outcome we cannot learn by ourselves
 * (issue 25, PAYMENTS.md P6 and Q1): FlexPay is checked by its order number, which only the init's
 * answer or a callback brings. Such a payment is never forgotten: it becomes INIT_UNKNOWN, the
 * sweeper keeps it in its checks (a late callback still settles it), an operator is told what to do,
 * and the daily check reminds them each day until it is resolved (`npm run payments -- resolve`).
 */

/** What an operator is told to do (docs/payments.md, "A payment of unknown outcome"). */
export const UNKNOWN_OUTCOME_ADVICE =
  'FlexPay cannot be asked by our reference (PAYMENTS.md Q1): find the transaction in the FlexPay ' +
  'merchant back office by this reference (or the payer, amount and time), then run ' +
  '`npm run payments -- resolve <reference> paid --order-number <orderNumber>` if it was paid, ' +
  '`npm run payments -- resolve <reference> failed` if it failed or does not exist';

/**
 * The sweeper's part: CREATED rows older than the init's budget (their process died before writing
 * the provider's answer) become INIT_UNKNOWN with a transition event and an alert; INIT_UNKNOWN ones
 * still without an order number after UNKNOWN_ALERT_AFTER_MS are alerted (once per payment).
 */
export async function sweepUnknownOutcomes(
  deps: PaymentsDeps,
): Promise<{ abandoned: number; alerted: number }> {
  const now = clock.now();
  // The move, its event and its alert row commit together: a crash cannot leave one without the other.
  const abandoned = await deps.db.transaction(async (tx) => {
    const rows = await repo.abandonCreatedBefore(tx, new Date(now.getTime() - INIT_ABANDONED_AFTER_MS), now);
    const alerted: PaymentRow[] = [];
    for (const payment of rows) {
      await repo.insertPaymentEvent(tx, {
        paymentId: payment.id,
        kind: 'transition',
        httpStatus: null,
        latencyMs: null,
        body: JSON.stringify({ from: 'CREATED', to: 'INIT_UNKNOWN', after: 'the init was never answered' }),
        createdAt: now,
      });
      // A callback may have brought the order number meanwhile: then the checks settle it by themselves.
      if (!payment.providerRef && (await recordUnknown(tx, payment, `unknown:${payment.id}`, ABANDONED))) {
        alerted.push(payment);
      }
    }
    return { rows, alerted };
  });
  for (const payment of abandoned.alerted) tellUnknown(deps, payment, ABANDONED);
  let alerted = abandoned.alerted.length;
  const silent = await repo.listUnknownOutcomes(
    deps.db,
    new Date(now.getTime() - RECONCILE_FOR_MS),
    new Date(now.getTime() - UNKNOWN_ALERT_AFTER_MS),
  );
  for (const payment of silent) {
    const why = 'its init was never answered and no callback has named it';
    if (await alertUnknownOnce(deps, payment, `unknown:${payment.id}`, why)) alerted++;
  }
  return { abandoned: abandoned.rows.length, alerted };
}

const ABANDONED = 'its init was never answered';

const alertFields = (payment: PaymentRow) => ({
  paymentId: payment.id,
  reference: payment.reference,
  status: payment.status,
  amountMinor: payment.amountMinor,
  currency: payment.currency,
  createdAt: payment.createdAt.toISOString(),
});

/** The `outcome_unknown` alert row under `dedupeKey`; false when that key was recorded before. */
function recordUnknown(db: DbOrTx, payment: PaymentRow, dedupeKey: string, why: string) {
  return repo.insertPaymentEvent(db, {
    paymentId: payment.id,
    kind: 'alert',
    httpStatus: null,
    latencyMs: null,
    body: JSON.stringify({ alert: 'outcome_unknown', why, ...alertFields(payment) }),
    dedupeKey,
    createdAt: clock.now(),
  });
}

/** Tells an operator what happened and what to do. */
function tellUnknown(deps: PaymentsDeps, payment: PaymentRow, why: string) {
  deps.alert(`payment ${payment.reference} has an unknown outcome: ${why}. ${UNKNOWN_OUTCOME_ADVICE}`, {
    ...alertFields(payment),
    alert: 'outcome_unknown',
  });
}

/**
 * Records an `outcome_unknown` alert row under `dedupeKey` and tells an operator what to do, unless
 * that key was recorded before. True when it was fresh.
 */
export async function alertUnknownOnce(
  deps: PaymentsDeps,
  payment: PaymentRow,
  dedupeKey: string,
  why: string,
): Promise<boolean> {
  const fresh = await recordUnknown(deps.db, payment, dedupeKey, why);
  if (fresh) tellUnknown(deps, payment, why);
  return fresh;
}
