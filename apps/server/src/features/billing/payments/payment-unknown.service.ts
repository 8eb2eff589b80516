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
  const abandoned = await repo.abandonCreatedBefore(
    deps.db,
    new Date(now.getTime() - INIT_ABANDONED_AFTER_MS),
    now,
  );
  let alerted = 0;
  for (const payment of abandoned) {
    await repo.insertPaymentEvent(deps.db, {
      paymentId: payment.id,
      kind: 'transition',
      httpStatus: null,
      latencyMs: null,
      body: JSON.stringify({ from: 'CREATED', to: 'INIT_UNKNOWN', after: 'the init was never answered' }),
      createdAt: now,
    });
    // A callback may have brought the order number meanwhile: then the checks settle it by themselves.
    if (payment.providerRef) continue;
    if (await alertUnknownOnce(deps, payment, `unknown:${payment.id}`, 'its init was never answered')) {
      alerted++;
    }
  }
  const silent = await repo.listUnknownOutcomes(
    deps.db,
    new Date(now.getTime() - RECONCILE_FOR_MS),
    new Date(now.getTime() - UNKNOWN_ALERT_AFTER_MS),
  );
  for (const payment of silent) {
    const why = 'its init was never answered and no callback has named it';
    if (await alertUnknownOnce(deps, payment, `unknown:${payment.id}`, why)) alerted++;
  }
  return { abandoned: abandoned.length, alerted };
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
  const fields = {
    paymentId: payment.id,
    reference: payment.reference,
    status: payment.status,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    createdAt: payment.createdAt.toISOString(),
  };
  const fresh = await repo.insertPaymentEvent(deps.db, {
    paymentId: payment.id,
    kind: 'alert',
    httpStatus: null,
    latencyMs: null,
    body: JSON.stringify({ alert: 'outcome_unknown', why, ...fields }),
    dedupeKey,
    createdAt: clock.now(),
  });
  if (fresh) {
    deps.alert(`payment ${payment.reference} has an unknown outcome: ${why}. ${UNKNOWN_OUTCOME_ADVICE}`, {
      ...fields,
      alert: 'outcome_unknown',
    });
  }
  return fresh;
}
