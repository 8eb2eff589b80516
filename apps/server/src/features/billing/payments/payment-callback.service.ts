import { clock } from '../../../lib/clock.ts';
import { sha256 } from '../../../lib/tokens.ts';
import { callbackTokenHash } from './payment-secrets.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import * as repo from './payments.repository.ts';

export const PAYMENT_RECONCILE_QUEUE = 'payment-reconcile';
export type PaymentReconcileJob = { paymentId: string; attempt?: number };

/** The most of a callback's body the audit trail keeps. */
const MAX_BODY_CHARS = 8_000;

/**
 * A provider callback (P7, PAYMENTS.md A4.2). The token of its URL names the payment (its hash is
 * looked up; a token is 256 random bits, so a guess finds nothing); a wrong one changes nothing and
 * answers `false` (the route answers 404 and keeps the attempt, `recordRefusedCallback`). A right one stores the body as it came
 * and enqueues a status check in the same transaction: the body is never believed (P8), only a check moves money state.
 * The one thing taken from it is the provider's order number when the init's answer never came
 * (a timeout, an HTML page: P6), since the order number is what a check asks about; a check's
 * answer must still name our reference and amount.
 */
export async function receiveCallback(
  deps: PaymentsDeps,
  callback: { token: string; body: string; fields: Record<string, unknown> },
): Promise<boolean> {
  const now = clock.now();
  const body = callback.body.slice(0, MAX_BODY_CHARS);
  const tokenHash = callbackTokenHash(callback.token);
  const payment = await repo.findPaymentByTokenHash(deps.db, tokenHash);
  if (!payment) return false;
  // The callback's record and the check it asks for commit together: a check lost to a crash between
  // them would leave the payment to the sweeper's back-off, and a failed send answers FlexPay an error,
  // so that it calls back again.
  await deps.db.transaction(async (tx) => {
    // One row per distinct body of this payment's callbacks: a provider's retries of the same one add nothing.
    await repo.insertPaymentEvent(tx, {
      paymentId: payment.id,
      kind: 'callback',
      httpStatus: null,
      latencyMs: null,
      body,
      dedupeKey: sha256(`${tokenHash}:${body}`),
      createdAt: now,
    });
    const { orderNumber, reference } = callback.fields;
    if (!payment.providerRef && typeof orderNumber === 'string' && reference === payment.reference) {
      await repo.setProviderRef(tx, payment.id, orderNumber.slice(0, 100));
    }
    await deps.jobs.sendIn<PaymentReconcileJob>(tx, PAYMENT_RECONCILE_QUEUE, { paymentId: payment.id });
  });
  return true;
}

/** A callback with a token no payment has, kept in the audit trail (P7): whoever tries tokens is seen. */
export async function recordRefusedCallback(deps: Pick<PaymentsDeps, 'db'>, body: string): Promise<void> {
  await repo.insertPaymentEvent(deps.db, {
    paymentId: null,
    kind: 'callback_refused',
    httpStatus: null,
    latencyMs: null,
    body: body.slice(0, MAX_BODY_CHARS),
    createdAt: clock.now(),
  });
}
