import { clock } from '../../../lib/clock.ts';
import * as keys from './idempotency.repository.ts';
import { PAYMENT_DAILY_CHECK_QUEUE, runDailyCheck } from './payment-daily-check.service.ts';
import { PAYMENT_RECONCILE_QUEUE, type PaymentReconcileJob } from './payment-callback.service.ts';
import { sweepDueOperations } from '../../money/operations/operation-reconciler.service.ts';
import { paymentOperation } from './payment-operation.ts';
import { reconcilePayment } from './payment-reconcile.service.ts';
import { EXPIRE_AFTER_MS } from './payment-transitions.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { sweepUnknownOutcomes } from './payment-unknown.service.ts';
import * as repo from './payments.repository.ts';

/** How often each node sweeps (PAYMENTS.md A4.5). */
export const SWEEP_EVERY_MS = 30_000;
/** Rows a sweep takes at most; the rest wait for the next sweep. */
const SWEEP_BATCH = 100;
/** Checks a sweep runs at once. */
const SWEEP_CONCURRENCY = 4;
/** Idempotency keys are kept at least this long (A3: ≥ 24 h). */
const KEEP_KEYS_MS = 25 * 3_600_000;
/** A reconcile job that found another check in flight tries again this many times, this far apart. */
const BUSY_RETRIES = 5;
const BUSY_RETRY_SECONDS = 2;

export type SweepReport = {
  /** CREATED payments whose init was never answered, made INIT_UNKNOWN. */
  abandoned: number;
  expired: number;
  checked: number;
  keysPruned: number;
};

/**
 * One sweep (P12): payments left CREATED by an init that was never answered become INIT_UNKNOWN, and
 * an operator is told of those no callback has named (payment-unknown.service.ts); open payments
 * unanswered for 30 minutes become EXPIRED to their member; every payment still awaiting an answer
 * (or paid, for a refund, since FlexPay calls back for none) and younger than 48 h is checked when its
 * backoff says so (the money reconciler's sweep: due rows locked with SKIP LOCKED while their next
 * check is moved, so nodes sweeping together take different rows).
 */
export async function sweepPayments(deps: PaymentsDeps): Promise<SweepReport> {
  const { abandoned } = await sweepUnknownOutcomes(deps);
  const now = clock.now();
  const expired = await repo.expireOpenBefore(deps.db, new Date(now.getTime() - EXPIRE_AFTER_MS), now);
  for (const payment of expired) {
    await repo.insertPaymentEvent(deps.db, {
      paymentId: payment.id,
      kind: 'transition',
      httpStatus: null,
      latencyMs: null,
      body: JSON.stringify({ to: 'EXPIRED', after: 'no definitive answer in 30 min' }),
      createdAt: now,
    });
    if (payment.userId) {
      await deps.events.emit('payment.settled', {
        paymentId: payment.id,
        userId: payment.userId,
        status: 'failed',
      });
    }
  }
  const due = await sweepDueOperations(deps.db, paymentOperation(deps), {
    batch: SWEEP_BATCH,
    concurrency: SWEEP_CONCURRENCY,
  });
  const keysPruned = await keys.deleteKeysBefore(deps.db, new Date(now.getTime() - KEEP_KEYS_MS));
  return { abandoned, expired: expired.length, checked: due.length, keysPruned };
}

/**
 * The reconcile queue's job (a callback's check). When another check of the payment is in flight, its
 * answer may predate the callback: the job runs again a little later rather than being dropped.
 */
export async function runReconcileJob(deps: PaymentsDeps, job: PaymentReconcileJob): Promise<void> {
  const outcome = await reconcilePayment(deps, job.paymentId);
  const attempt = job.attempt ?? 0;
  if (!outcome.ran && attempt < BUSY_RETRIES) {
    await deps.jobs.send<PaymentReconcileJob>(
      PAYMENT_RECONCILE_QUEUE,
      { paymentId: job.paymentId, attempt: attempt + 1 },
      { delaySeconds: BUSY_RETRY_SECONDS },
    );
  }
}

/**
 * The reconcile and daily check queues' workers. The billing module runs this node's sweep at start-up
 * and every SWEEP_EVERY_MS (skipped while the last one runs), and offers the daily check as often.
 */
export async function workPayments(deps: PaymentsDeps) {
  deps.jobs.define(PAYMENT_RECONCILE_QUEUE, {
    retryLimit: 5,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 120,
    // A callback's check should not wait for the next poll: a member's screen is waiting.
    wakeWorkers: true,
  });
  await deps.jobs.work<PaymentReconcileJob>(PAYMENT_RECONCILE_QUEUE, (job) => runReconcileJob(deps, job));
  deps.jobs.define(PAYMENT_DAILY_CHECK_QUEUE, {
    retryLimit: 2,
    retryDelaySeconds: 300,
    retryBackoff: false,
    // A week of payments, 4 checks at a time of at most 10 s each.
    expireInSeconds: 3_600,
  });
  await deps.jobs.work(PAYMENT_DAILY_CHECK_QUEUE, () => runDailyCheck(deps), { batchSize: 1 });
}
