import type { PaymentInit } from '@motema/shared/billing';
import { normalisePayerPhone } from '@motema/shared/billing';
import type { PaymentRow } from '../../../db/schema/billing-payments.ts';
import { AppError } from '../../../lib/app-error.ts';
import { clock } from '../../../lib/clock.ts';
import { refuseOverLimit } from '../../../lib/rate-limiter.ts';
import { sha256 } from '../../../lib/tokens.ts';
import { findPlan } from '../plans/plans.service.ts';
import type { InitOutcome, ProviderExchange } from '../../money/providers/payment-provider.ts';
import { afterInit, INIT_ABANDONED_AFTER_MS, INIT_BUDGET_MS } from './payment-transitions.ts';
import { newCallbackToken, newReference } from './payment-secrets.ts';
import { announce } from './payment-operation.ts';
import { nextCheckAfter } from './payment-reconcile.service.ts';
import type { PaymentStartDeps } from './payments-deps.ts';
import * as keys from './idempotency.repository.ts';
import * as repo from './payments.repository.ts';

const HOUR = 3_600_000;
/** How long a retry waits for the first request with its key to finish before answering what is stored. */
const REPLAY_WAIT_MS = INIT_BUDGET_MS + 5_000;
const REPLAY_POLL_MS = 50;

const PLAN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PaymentStart = {
  userId: string;
  idempotencyKey: string;
  body: PaymentInit;
  /** Where the provider calls back and the card page sends the browser back (PUBLIC_URL, never the request's Host). */
  origin: string;
};

/** The answer of a start: stored with its key, so every retry gets it word for word (P2). */
export type StartAnswer = { statusCode: number; answer: unknown };
/** How the route presents a payment (the stored answer is the presented one). */
export type Present = (payment: PaymentRow) => unknown;

/**
 * POST /payments/init/flex (PAYMENTS.md A4.1): claims the Idempotency-Key, prices the plan from the
 * catalogue (P3), commits the payment before calling the provider (P6), records the outcome and
 * stores the answer. A retry with the key gets the stored answer (waiting for the first request if
 * it is still running); with another body, 422.
 */
export async function startPayment(
  deps: PaymentStartDeps,
  start: PaymentStart,
  present: Present,
): Promise<StartAnswer> {
  const phone = start.body.method === 'mobile_money' ? normalisePayerPhone(start.body.phone ?? '') : null;
  const fingerprint = sha256(
    JSON.stringify([start.body.subscription, start.body.method, start.body.currency, phone]),
  );
  const known = await keys.findKey(deps.db, start.userId, start.idempotencyKey);
  if (known) return replay(deps, start, fingerprint, present);

  const plan = PLAN_ID.test(start.body.subscription)
    ? await findPlan(deps.db, start.body.subscription)
    : undefined;
  if (!plan?.sold) throw new AppError(404, 'subscription_not_found');
  const now = clock.now();
  const callback = newCallbackToken();
  const created = await deps.db.transaction(async (tx) => {
    const claimed = await keys.claimKey(tx, {
      userId: start.userId,
      key: start.idempotencyKey,
      fingerprint,
      createdAt: now,
    });
    if (!claimed) return undefined;
    // Counted only by the request that claims its key: retries of one start are one start (P5).
    await refuseOverLimit(deps.limiter, `payments:start:${start.userId}`, deps.limits.startsPerHour, HOUR);
    if (phone) {
      await refuseOverLimit(deps.limiter, `payments:push:${phone}`, deps.limits.pushesPerPhonePerHour, HOUR);
    }
    const amountMinor = start.body.currency === 'USD' ? plan.costUsd : plan.costCdf;
    const payment = await repo.insertPayment(tx, {
      reference: newReference(),
      userId: start.userId,
      planId: plan.id,
      method: start.body.method,
      amountMinor,
      currency: start.body.currency,
      payerPhone: phone,
      callbackTokenHash: callback.hash,
      createdAt: now,
      updatedAt: now,
    });
    // The claim rolls back with this: the key may start a payment once the open one is settled.
    if (!payment) throw new AppError(409, 'payment_in_progress');
    // Should the process die before the provider's answer, the sweeper finds the row CREATED past
    // this and makes it INIT_UNKNOWN (payment-unknown.service.ts).
    await repo.scheduleCheck(tx, payment.id, new Date(now.getTime() + INIT_ABANDONED_AFTER_MS), 0);
    await keys.linkKeyToPayment(tx, start.userId, start.idempotencyKey, payment.id);
    return payment;
  });
  if (!created) return replay(deps, start, fingerprint, present);

  const payment = await callProvider(deps, created, start.origin, callback.token);
  const answer = { statusCode: 201, answer: present(payment) };
  await keys.storeAnswer(deps.db, start.userId, start.idempotencyKey, answer.statusCode, answer.answer);
  return answer;
}

/** The provider's init, outside any transaction, then its outcome applied from CREATED. */
async function callProvider(deps: PaymentStartDeps, payment: PaymentRow, origin: string, token: string) {
  const exchanges: ProviderExchange[] = [];
  const back = `${origin}/premium/subscribe/${payment.planId}?reference=${payment.reference}`;
  let outcome: InitOutcome;
  try {
    outcome = await deps.provider.initCollection(
      {
        reference: payment.reference,
        method: payment.method,
        ...(payment.payerPhone && { payer: payment.payerPhone }),
        amount: { minor: payment.amountMinor, currency: payment.currency },
        description: `Motema Premium ${payment.reference}`,
        callbackUrl: `${origin}/api/payments/callback/flexpay/${token}`,
        ...(payment.method === 'card' && {
          browserReturn: { approve: back, decline: back, cancel: back, home: back },
        }),
      },
      { signal: AbortSignal.timeout(INIT_BUDGET_MS), onExchange: (exchange) => exchanges.push(exchange) },
    );
  } catch (error) {
    // An adapter that throws leaves money possibly moving all the same: reconcile, never resend.
    outcome = { kind: 'UNKNOWN', error: error instanceof Error ? error.message : String(error) };
  }
  const now = clock.now();
  const transition = afterInit(outcome);
  for (const exchange of exchanges) {
    await repo.insertPaymentEvent(deps.db, {
      paymentId: payment.id,
      kind: 'init',
      httpStatus: exchange.httpStatus,
      latencyMs: Math.round(exchange.latencyMs),
      body: exchange.body,
      createdAt: now,
    });
  }
  if (outcome.kind === 'ACCEPTED') await repo.setProviderRef(deps.db, payment.id, outcome.providerRef);
  const change = {
    status: transition.status,
    reason: transition.reason,
    updatedAt: now,
    ...(outcome.kind === 'ACCEPTED' && outcome.redirectUrl && { redirectUrl: outcome.redirectUrl }),
    nextCheckAt: transition.status === 'FAILED' ? null : nextCheckAfter(now, 0),
  };
  // An answer slower than the sweeper's patience finds the row made INIT_UNKNOWN: it still settles the start.
  const moved =
    (await repo.moveState(deps.db, payment.id, 'CREATED', change)) ??
    (outcome.kind === 'UNKNOWN'
      ? undefined
      : await repo.moveState(deps.db, payment.id, 'INIT_UNKNOWN', change));
  if (moved) {
    await announce(deps, moved, moved.status);
    return moved;
  }
  // A callback and its check got there first (the provider called back before answering): the row
  // has moved on; only the hosted page's address is still to keep.
  if (outcome.kind === 'ACCEPTED' && outcome.redirectUrl) {
    await repo.setRedirectUrl(deps.db, payment.id, outcome.redirectUrl);
  }
  const current = await repo.findPaymentById(deps.db, payment.id);
  if (!current) throw new Error(`startPayment: payment ${payment.id} vanished`);
  return current;
}

/** The stored answer of a key's first request, once there; 422 for another body (P2). */
async function replay(
  deps: PaymentStartDeps,
  start: PaymentStart,
  fingerprint: string,
  present: Present,
): Promise<StartAnswer> {
  const deadline = Date.now() + REPLAY_WAIT_MS;
  for (;;) {
    const known = await keys.findKey(deps.db, start.userId, start.idempotencyKey);
    // Gone: the first request failed before its commit (a refusal), so this one starts afresh.
    if (!known) return startPayment(deps, start, present);
    if (known.fingerprint !== fingerprint) throw new AppError(422, 'idempotency_key_reused');
    if (known.statusCode !== null) return { statusCode: known.statusCode, answer: known.answer };
    if (Date.now() > deadline) {
      // The first request died before it stored its answer: the payment as it stands now.
      const payment = known.paymentId ? await repo.findPaymentById(deps.db, known.paymentId) : undefined;
      if (!payment) throw new AppError(409, 'payment_in_progress');
      return { statusCode: 201, answer: present(payment) };
    }
    await new Promise((resolve) => setTimeout(resolve, REPLAY_POLL_MS));
  }
}
