import type { PaymentRow } from '../../../db/schema/billing-payments.ts';
import { clock } from '../../../lib/clock.ts';
import { ledgerDiscrepancies } from '../../money/ledger/ledger.service.ts';
import type { ProviderExchange, ProviderStatus } from '../../money/providers/payment-provider.ts';
import type { PaymentEntry } from './payment-settlement.service.ts';
import {
  RECONCILE_FOR_MS,
  SETTLED_STATES,
  successMatches,
  UNKNOWN_ALERT_AFTER_MS,
} from './payment-transitions.ts';
import { alertUnknownOnce } from './payment-unknown.service.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import * as repo from './payments.repository.ts';
import type { PaymentEntries } from './payments.repository.ts';

/** How long a payment no check can settle waits before the daily check reminds of it. */
export { UNKNOWN_ALERT_AFTER_MS };

/** The daily reconciliation's queue (P22, PAYMENTS.md A3.8): one run a day across nodes. */
export const PAYMENT_DAILY_CHECK_QUEUE = 'payment-daily-check';
/** The hour (UTC) in which the run is sent: a quiet one for the members and FlexPay. */
export const DAILY_CHECK_HOUR_UTC = 3;
/** Payments this recent are compared with the provider. */
const LOOK_BACK_MS = 7 * 24 * 3_600_000;
/** Checks at once, and each one's budget: nobody waits for this job. */
const CONCURRENCY = 4;
const CHECK_BUDGET_MS = 10_000;

/**
 * Where we and the provider disagree on a settled payment. None moves the payment (only reconcile
 * moves money state, P8, and the states are monotonic, P10): a person looks.
 */
export type Mismatch =
  /** The provider took the money, we hold the payment unpaid: a member charged without a pass. */
  | 'charged_without_pass'
  /** We granted a pass on a payment the provider reports failed or cancelled. */
  | 'pass_without_charge'
  /** Both say paid, but not the amount, currency or reference we asked for. */
  | 'paid_amount_differs'
  /** The provider refunded a payment we hold paid, after the sweeper stopped looking (48 h). */
  | 'refunded_at_provider';

/**
 * Where a payment's ledger entries disagree with its state: a settled payment (SUCCESS, REFUND_PENDING,
 * REFUNDED) without exactly one settlement entry, or an entry of a payment not settled; a REFUNDED one
 * without exactly one reversal, or a reversal of another; a REVIEW FlexPay reported paid without
 * exactly one suspense entry, or a suspense entry of a payment neither under review nor decided.
 */
export type EntriesMismatch = 'settlement_entries' | 'refund_entries' | 'suspense_entries';

export type DailyCheckReport = {
  compared: number;
  /** Payments whose ledger entries disagree with their state, newly alerted. */
  entryAlerts: number;
  skipped: number;
  alerts: number;
  /** Payments of unknown outcome (no order number to check them by) the operator is reminded of. */
  unknown: number;
  ledgerAlert: boolean;
};

/**
 * The mismatch between our settled `payment` and what the provider `observed`, or null. Not-yet and
 * indeterminate answers say nothing (P9), so they are no mismatch.
 */
export function mismatchOf(payment: PaymentRow, observed: ProviderStatus, now: Date): Mismatch | null {
  const paidHere = payment.status === 'SUCCESS';
  switch (observed.kind) {
    case 'SUCCESS':
      if (!paidHere) return 'charged_without_pass';
      return successMatches(observed, {
        reference: payment.reference,
        amount: { minor: payment.amountMinor, currency: payment.currency },
      })
        ? null
        : 'paid_amount_differs';
    case 'FAILED':
    case 'CANCELLED':
      return paidHere ? 'pass_without_charge' : null;
    case 'REFUND_PENDING':
    case 'REFUNDED':
      // Within 48 h the sweeper checks a paid payment and applies the refund itself.
      return paidHere && payment.createdAt.getTime() <= now.getTime() - RECONCILE_FOR_MS
        ? 'refunded_at_provider'
        : null;
    case 'PENDING':
    case 'INDETERMINATE':
      return null;
  }
}

/**
 * The daily reconciliation (P22): every settled payment of the last 7 days that has a provider order
 * number is checked at the provider (4 at a time), and each mismatch becomes an `alert` row and an
 * operator alert, once per payment and kind (the row's dedupe key), however many days it lasts. A
 * payment of unknown outcome (no order number) is recalled to the operator every day. The ledger's
 * own invariants are checked too (M1), and every payment's entries against its state. Nothing here
 * changes a payment.
 */
export async function runDailyCheck(deps: PaymentsDeps): Promise<DailyCheckReport> {
  const now = clock.now();
  const rows = await repo.listSettledSince(
    deps.db,
    new Date(now.getTime() - LOOK_BACK_MS),
    new Date(now.getTime() - RECONCILE_FOR_MS),
  );
  const report: DailyCheckReport = {
    compared: 0,
    entryAlerts: 0,
    skipped: 0,
    alerts: 0,
    unknown: 0,
    ledgerAlert: false,
  };
  const queue = [...rows];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        const observed = await checkPayment(deps, row);
        if (observed.kind === 'INDETERMINATE') {
          report.skipped++;
          continue;
        }
        report.compared++;
        const mismatch = mismatchOf(row, observed, now);
        if (mismatch && (await alertOnce(deps, row, mismatch, observed))) report.alerts++;
      }
    }),
  );
  report.unknown = await remindUnknownOutcomes(deps, now);
  report.ledgerAlert = await checkLedger(deps, now);
  report.entryAlerts = await checkPaymentEntries(deps, now);
  return report;
}

/** The mismatch between a payment's state and its ledger entries (the last parts of their keys), or null. */
export function entriesMismatchOf(payment: Omit<PaymentEntries, 'id' | 'reference'>): EntriesMismatch | null {
  const count = (what: PaymentEntry) => payment.entries.filter((entry) => entry === what).length;
  if (count('settled') !== (SETTLED_STATES.includes(payment.status) ? 1 : 0)) return 'settlement_entries';
  if (count('refunded') !== (payment.status === 'REFUNDED' ? 1 : 0)) return 'refund_entries';
  const decided = count('review_accepted') + count('review_returned');
  const held = payment.status === 'REVIEW' ? Number(payment.reportedPaid) : decided;
  if (count('review') !== held || decided > 1) return 'suspense_entries';
  return null;
}

/**
 * Every payment's entries against its state: each difference an `alert` row and an operator alert,
 * once per payment and kind, as the provider's mismatches are.
 */
async function checkPaymentEntries(deps: PaymentsDeps, now: Date): Promise<number> {
  let alerted = 0;
  for (const payment of await repo.listPaymentEntries(deps.db)) {
    const mismatch = entriesMismatchOf(payment);
    if (!mismatch) continue;
    const fresh = await repo.insertPaymentEvent(deps.db, {
      paymentId: payment.id,
      kind: 'alert',
      httpStatus: null,
      latencyMs: null,
      body: JSON.stringify({ alert: mismatch, status: payment.status, entries: payment.entries }),
      dedupeKey: `daily-check:${payment.id}:${mismatch}`,
      createdAt: now,
    });
    if (!fresh) continue;
    alerted++;
    deps.alert(
      `the daily reconciliation found a payment whose ledger entries disagree with it: ${mismatch}`,
      {
        paymentId: payment.id,
        reference: payment.reference,
        status: payment.status,
      },
    );
  }
  return alerted;
}

/**
 * Payments of the last 7 days whose outcome no check can learn (no order number: PAYMENTS.md Q1):
 * an alert row and an operator alert for each, once a day while it waits for an operator's resolve.
 */
async function remindUnknownOutcomes(deps: PaymentsDeps, now: Date): Promise<number> {
  const rows = await repo.listUnknownOutcomes(
    deps.db,
    new Date(now.getTime() - LOOK_BACK_MS),
    new Date(now.getTime() - UNKNOWN_ALERT_AFTER_MS),
  );
  const day = now.toISOString().slice(0, 10);
  for (const row of rows) {
    const why = 'it still waits for an operator: no answer, callback or order number came';
    await alertUnknownOnce(deps, row, `daily-check:${row.id}:outcome_unknown:${day}`, why);
  }
  return rows.length;
}

/** The provider's answer for one payment; its exchanges go to the audit trail (P21). */
async function checkPayment(deps: PaymentsDeps, row: PaymentRow): Promise<ProviderStatus> {
  const exchanges: ProviderExchange[] = [];
  let observed: ProviderStatus;
  try {
    observed = await deps.provider.checkStatus(
      { reference: row.reference, providerRef: row.providerRef! },
      { signal: AbortSignal.timeout(CHECK_BUDGET_MS), onExchange: (exchange) => exchanges.push(exchange) },
    );
  } catch {
    observed = { kind: 'INDETERMINATE', why: 'transport' };
  }
  const at = clock.now();
  for (const exchange of exchanges) {
    await repo.insertPaymentEvent(deps.db, {
      paymentId: row.id,
      kind: 'check',
      httpStatus: exchange.httpStatus,
      latencyMs: Math.round(exchange.latencyMs),
      body: exchange.body,
      createdAt: at,
    });
  }
  return observed;
}

/** Records the mismatch (an `alert` row) and tells an operator, unless it was recorded before. */
async function alertOnce(deps: PaymentsDeps, row: PaymentRow, mismatch: Mismatch, observed: ProviderStatus) {
  const fresh = await repo.insertPaymentEvent(deps.db, {
    paymentId: row.id,
    kind: 'alert',
    httpStatus: null,
    latencyMs: null,
    body: JSON.stringify({ alert: mismatch, status: row.status, reference: row.reference, observed }),
    dedupeKey: `daily-check:${row.id}:${mismatch}`,
    createdAt: clock.now(),
  });
  if (fresh) {
    deps.alert(`the daily reconciliation found a payment the provider disagrees with: ${mismatch}`, {
      paymentId: row.id,
      reference: row.reference,
      status: row.status,
      observed: observed.kind,
    });
  }
  return fresh;
}

/** The ledger's invariants (M1): an alert row, and an operator alert, once a day while they fail. */
async function checkLedger(deps: PaymentsDeps, now: Date): Promise<boolean> {
  const discrepancies = await ledgerDiscrepancies(deps.db);
  if (discrepancies.length === 0) return false;
  const fresh = await repo.insertPaymentEvent(deps.db, {
    paymentId: null,
    kind: 'alert',
    httpStatus: null,
    latencyMs: null,
    body: JSON.stringify({ alert: 'ledger_discrepancies', discrepancies }),
    dedupeKey: `daily-check:ledger:${now.toISOString().slice(0, 10)}`,
    createdAt: now,
  });
  if (fresh) deps.alert('the daily reconciliation found the ledger out of balance', { discrepancies });
  return true;
}

/**
 * Sends today's run when the hour comes: each node's sweeper calls this every 30 s, and the queue
 * takes one job per hour-long slot, so the run happens once a day whichever nodes are up.
 */
export async function sendDailyCheck(deps: PaymentsDeps): Promise<boolean> {
  if (clock.now().getUTCHours() !== DAILY_CHECK_HOUR_UTC) return false;
  return deps.jobs.sendOnce(PAYMENT_DAILY_CHECK_QUEUE, {}, 3_600);
}
