import type { PaymentRow, PaymentState } from '../../../db/schema/billing-payments.ts';
import { clock } from '../../../lib/clock.ts';
import type { ProviderExchange, ProviderStatus } from '../../money/providers/payment-provider.ts';
import { afterCheck, backoffMs, FINAL_STATES, type Transition } from './payment-transitions.ts';
import { settleSideEffects } from './payment-settlement.service.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import * as repo from './payments.repository.ts';

/** A check's lease: long enough for its provider call (whose own budget is shorter), short if a node dies. */
const LEASE_MS = 20_000;
/** A status check's budget when nobody waits for it (jobs, the sweeper). */
const CHECK_BUDGET_MS = 10_000;

export type ReconcileOutcome =
  /** Another check of this payment is in flight, or the last one is too recent: nothing done. */
  { ran: false } | { ran: true; payment: PaymentRow; transition: Transition | null };

/**
 * Asks the provider where a payment stands and applies the answer (PAYMENTS.md A4.3). One check per
 * payment at a time, across nodes (a lease on the row); `minIntervalMs` also spaces checks (verify's
 * 5 s, P13). Only this path moves money state (P8): callbacks and browser returns end up here.
 */
export async function reconcilePayment(
  deps: PaymentsDeps,
  paymentId: string,
  options: { minIntervalMs?: number; budgetMs?: number } = {},
): Promise<ReconcileOutcome> {
  const now = clock.now();
  const checkedBefore = options.minIntervalMs ? new Date(now.getTime() - options.minIntervalMs) : null;
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const leased = await repo.takeCheckLease(deps.db, paymentId, now, leaseUntil, checkedBefore);
  if (!leased) return { ran: false };
  try {
    if (FINAL_STATES.includes(leased.status)) return { ran: true, payment: leased, transition: null };
    const exchanges: ProviderExchange[] = [];
    const observed = await checkAtProvider(deps, leased, options.budgetMs ?? CHECK_BUDGET_MS, exchanges);
    return { ran: true, ...(await applyObservation(deps, paymentId, observed, exchanges)) };
  } finally {
    await repo.releaseCheckLease(deps.db, paymentId, leaseUntil);
  }
}

async function checkAtProvider(
  deps: PaymentsDeps,
  payment: PaymentRow,
  budgetMs: number,
  exchanges: ProviderExchange[],
): Promise<ProviderStatus> {
  // FlexPay is checked by its order number: an init that never answered has none until a callback
  // brings it (P6); until then nothing can be concluded.
  if (!payment.providerRef) return { kind: 'INDETERMINATE', why: 'not_found' };
  try {
    return await deps.provider.checkStatus(
      { reference: payment.reference, providerRef: payment.providerRef },
      { signal: AbortSignal.timeout(budgetMs), onExchange: (exchange) => exchanges.push(exchange) },
    );
  } catch {
    // An adapter that throws (it should not) says nothing either.
    return { kind: 'INDETERMINATE', why: 'transport' };
  }
}

/**
 * Applies a status check's answer in one transaction: the audit rows, the conditional and monotonic
 * move (P10) and, with it, the side effects (the pass and the ledger on a success, their reversal on
 * a refund: P11, P18). The events go out after the commit.
 */
async function applyObservation(
  deps: PaymentsDeps,
  paymentId: string,
  observed: ProviderStatus,
  exchanges: ProviderExchange[],
): Promise<{ payment: PaymentRow; transition: Transition | null }> {
  const now = clock.now();
  const applied = await retryOnConflict(() =>
    deps.db.transaction(async (tx) => {
      const row = await repo.lockPayment(tx, paymentId);
      if (!row) throw new Error(`reconcile: no payment ${paymentId}`);
      for (const exchange of exchanges) {
        await repo.insertPaymentEvent(tx, {
          paymentId,
          kind: 'check',
          httpStatus: exchange.httpStatus,
          latencyMs: Math.round(exchange.latencyMs),
          body: exchange.body,
          createdAt: now,
        });
      }
      const expected = {
        reference: row.reference,
        amount: { minor: row.amountMinor, currency: row.currency },
      };
      const transition = afterCheck(row.status, observed, expected);
      if (!transition) return { payment: row, transition };
      const moved = await repo.moveState(tx, paymentId, row.status, {
        status: transition.status,
        reason: transition.reason,
        updatedAt: now,
        ...(transition.status === 'SUCCESS' && { settledAt: now }),
        ...(FINAL_STATES.includes(transition.status) && { nextCheckAt: null }),
      });
      // The row is locked: nobody else can have moved it since it was read.
      if (!moved) throw new Error(`reconcile: payment ${paymentId} moved under its lock`);
      await repo.insertPaymentEvent(tx, {
        paymentId,
        kind: 'transition',
        httpStatus: null,
        latencyMs: null,
        body: JSON.stringify({ from: row.status, to: transition.status, observed: observed.kind }),
        createdAt: now,
      });
      if (transition.status === 'REVIEW') {
        await repo.insertPaymentEvent(tx, {
          paymentId,
          kind: 'alert',
          httpStatus: null,
          latencyMs: null,
          body: JSON.stringify({ alert: 'paid_amount_differs', observed }),
          createdAt: now,
        });
      }
      await settleSideEffects(deps, tx, moved, row.status, now);
      return { payment: moved, transition };
    }),
  );
  if (applied.transition) await announce(deps, applied.payment, applied.transition.status);
  return applied;
}

/** Deadlock and serialisation failures (40P01, 40001) PostgreSQL may answer under contention. */
const RETRYABLE = new Set(['40P01', '40001']);
const RETRIES = 3;

/**
 * Runs `work` again, after a short random pause, when PostgreSQL aborted it as one side of a
 * deadlock or a serialisation failure (M3): the lock order here should make neither happen, but the
 * member is not to see a 500 for a retry the database asks for. Bounded: the third failure is thrown.
 */
async function retryOnConflict<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code =
        (error as { code?: string; cause?: { code?: string } }).cause?.code ??
        (error as { code?: string }).code;
      if (!RETRYABLE.has(code ?? '') || attempt >= RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * attempt));
    }
  }
}

/** After the commit: an alert for a payment to review; `payment.settled` for what the member sees change. */
export async function announce(deps: PaymentsDeps, payment: PaymentRow, status: PaymentState) {
  if (status === 'REVIEW') {
    deps.alert('a payment was reported paid with another amount, currency or reference', {
      paymentId: payment.id,
    });
    return;
  }
  if (!payment.userId || ['PENDING', 'INIT_UNKNOWN', 'CREATED'].includes(status)) return;
  await deps.events.emit('payment.settled', {
    paymentId: payment.id,
    userId: payment.userId,
    status: status === 'SUCCESS' ? 'succeeded' : 'failed',
  });
}

/** The next sweeper check of a payment checked `attempts` times. */
export const nextCheckAfter = (now: Date, attempts: number) => new Date(now.getTime() + backoffMs(attempts));
