import type { PaymentReason } from '@motema/shared/billing';
import type { PaymentState } from '../../../db/schema/billing-payments.ts';
import type { InitOutcome, Money, ProviderStatus } from '../../money/providers/payment-provider.ts';

/**
 * The payments state machine (PAYMENTS.md A1.8, P8-P10) as pure functions: what the database then
 * applies with a conditional UPDATE (`WHERE status = <the state read>`), so that two writers racing
 * on one payment cannot both move it.
 */

export type Transition = { status: PaymentState; reason: PaymentReason | null };

/** What we asked the provider for: a success must report exactly this (P8). */
export type Expected = { reference: string; amount: Money };

/** Still waiting for a definitive answer: the sweeper checks these (P12). */
export const AWAITING_STATES: readonly PaymentState[] = ['CREATED', 'PENDING', 'INIT_UNKNOWN', 'EXPIRED'];

/** Nothing automatic moves these again: a refund of a failed payment does not exist, REVIEW is a person's. */
export const FINAL_STATES: readonly PaymentState[] = ['FAILED', 'CANCELLED', 'REFUNDED', 'REVIEW'];

/** The state every payment is stored in (P6: before the provider is called); nothing else is inserted. */
export const INITIAL_STATES: readonly PaymentState[] = ['CREATED'];

/**
 * Every move the code makes, from each state: the functions below, and the sweeper's two bulk moves
 * (an open payment unanswered for 30 minutes becomes EXPIRED, a CREATED one whose init died becomes
 * INIT_UNKNOWN; payments.repository.ts). The database's trigger `payments_check_transition`
 * (migration payments_strict_rules) allows exactly these, so that a bug cannot take a shorter way;
 * payment-transitions-table.test.ts derives this table from the functions and the database's from this.
 * A move added here needs a migration replacing the trigger's.
 */
export const TRANSITIONS: Readonly<Record<PaymentState, readonly PaymentState[]>> = {
  CREATED: ['PENDING', 'INIT_UNKNOWN', 'FAILED', 'CANCELLED', 'EXPIRED', 'REVIEW', 'SUCCESS'],
  PENDING: ['FAILED', 'CANCELLED', 'EXPIRED', 'REVIEW', 'SUCCESS'],
  INIT_UNKNOWN: ['PENDING', 'FAILED', 'CANCELLED', 'EXPIRED', 'REVIEW', 'SUCCESS'],
  EXPIRED: ['FAILED', 'CANCELLED', 'REVIEW', 'SUCCESS'],
  SUCCESS: ['REFUND_PENDING', 'REFUNDED'],
  REFUND_PENDING: ['REFUNDED'],
  FAILED: [],
  CANCELLED: [],
  REFUNDED: [],
  REVIEW: ['SUCCESS', 'CANCELLED'],
};

/** States whose money was received: `settled_at` is set in these and only these (a CHECK of the database). */
export const SETTLED_STATES: readonly PaymentState[] = ['SUCCESS', 'REFUND_PENDING', 'REFUNDED'];

/** The init's outcome: from CREATED only (P6: a row is stored before the provider is called). */
export function afterInit(outcome: InitOutcome): Transition {
  switch (outcome.kind) {
    case 'ACCEPTED':
      return { status: 'PENDING', reason: null };
    case 'REJECTED':
      return {
        status: 'FAILED',
        reason: /insufficient|solde/i.test(outcome.message) ? 'insufficient_funds' : 'provider_error',
      };
    case 'UNKNOWN':
      // Money may move all the same: the payment is reconciled, never sent again (P6).
      return { status: 'INIT_UNKNOWN', reason: null };
  }
}

/** Whether a reported success is the one we asked for: reference, amount (not amountCustomer) and currency. */
export function successMatches(status: Extract<ProviderStatus, { kind: 'SUCCESS' }>, expected: Expected) {
  return (
    status.reference === expected.reference &&
    status.paid.minor === expected.amount.minor &&
    status.paid.currency === expected.amount.currency
  );
}

/**
 * The state a status check's answer leads to from `current`, or null when it changes nothing.
 * Monotonic (P10): SUCCESS only ever moves to the refund states; FAILED, CANCELLED, REFUNDED and
 * REVIEW never move by a check (an operator decides a review: afterReview); an indeterminate answer changes nothing (P9); a late success after EXPIRED is
 * honoured (P12).
 */
export function afterCheck(current: PaymentState, observed: ProviderStatus, expected: Expected) {
  const to = (status: PaymentState, reason: PaymentReason | null = null): Transition | null =>
    status === current ? null : { status, reason };
  if (observed.kind === 'INDETERMINATE') return null;
  switch (current) {
    case 'CREATED':
    case 'PENDING':
    case 'INIT_UNKNOWN':
    case 'EXPIRED':
      return fromAwaiting(current, observed, expected, to);
    case 'SUCCESS':
      if (observed.kind === 'REFUND_PENDING') return to('REFUND_PENDING', 'refunded');
      if (observed.kind === 'REFUNDED') return to('REFUNDED', 'refunded');
      return null;
    case 'REFUND_PENDING':
      return observed.kind === 'REFUNDED' ? to('REFUNDED', 'refunded') : null;
    case 'FAILED':
    case 'CANCELLED':
    case 'REFUNDED':
    case 'REVIEW':
      return null;
  }
}

function fromAwaiting(
  current: PaymentState,
  observed: Exclude<ProviderStatus, { kind: 'INDETERMINATE' }>,
  expected: Expected,
  to: (status: PaymentState, reason?: PaymentReason | null) => Transition | null,
): Transition | null {
  switch (observed.kind) {
    case 'SUCCESS':
      // Paid, but not what we asked for: a person looks (logged as an alert), nothing is granted.
      return successMatches(observed, expected) ? to('SUCCESS') : to('REVIEW', 'in_review');
    case 'FAILED':
      return to('FAILED', 'declined');
    case 'CANCELLED':
      return to('CANCELLED', 'canceled');
    case 'PENDING':
      // The provider knows of it: an unknown init becomes a pending one; an expired one stays so
      // (the member was told it failed) while the checks go on.
      return current === 'EXPIRED' ? null : to('PENDING');
    case 'REFUND_PENDING':
    case 'REFUNDED':
      // Refunded before we ever saw it paid: nothing was granted; odd enough for a person to look.
      return to('REVIEW', 'in_review');
  }
}

/**
 * An operator's word on a payment whose outcome no check could learn (an init that never answered
 * and no callback since: PAYMENTS.md Q1, FlexPay is not asked by our reference), given after looking
 * it up at FlexPay: `paid` moves it to SUCCESS, `failed` to FAILED. Only from a state that still awaits
 * its answer (CREATED is an init under way: it becomes INIT_UNKNOWN first), so that no word of a
 * person undoes a settlement; null when refused.
 */
export function afterOperator(current: PaymentState, outcome: 'paid' | 'failed'): Transition | null {
  if (!['PENDING', 'INIT_UNKNOWN', 'EXPIRED'].includes(current)) return null;
  return outcome === 'paid' ? { status: 'SUCCESS', reason: null } : { status: 'FAILED', reason: 'declined' };
}

/**
 * An operator's decision on a payment under review (`npm run payments -- review`), from REVIEW only:
 * `accept` takes what FlexPay received as the payment (SUCCESS: its pass, its entries); `refund` says
 * the operator returned it to the payer at FlexPay (CANCELLED, nothing granted). Null when refused.
 */
export function afterReview(current: PaymentState, decision: 'accept' | 'refund'): Transition | null {
  if (current !== 'REVIEW') return null;
  return decision === 'accept'
    ? { status: 'SUCCESS', reason: null }
    : { status: 'CANCELLED', reason: 'refunded' };
}

/**
 * The member gives up waiting for a payment still open (decision 0035): EXPIRED, as one unanswered
 * for 30 minutes, with the reason `member_cancelled`. It leaves the one-open-payment-per-plan rule,
 * so a new payment may start, but the sweeper goes on checking it for its 48 h and a success that
 * comes later is honoured (P12). CREATED is an init under way (its answer would find the row moved):
 * refused, as every settled state is; null when refused.
 */
export function afterMemberCancel(current: PaymentState): Transition | null {
  if (current !== 'PENDING' && current !== 'INIT_UNKNOWN') return null;
  return { status: 'EXPIRED', reason: 'member_cancelled' };
}

/** The provider's budget to answer an init: past it the payment is INIT_UNKNOWN and reconciled (P6). */
export const INIT_BUDGET_MS = 15_000;
/**
 * A payment still CREATED this long after it was stored lost its init to a stopped server (the call
 * may have reached the provider): INIT_UNKNOWN from then on. The init's budget, and as long again
 * for writing its outcome.
 */
export const INIT_ABANDONED_AFTER_MS = 2 * INIT_BUDGET_MS;
/** An unknown init still without the provider's order number this long after it started: an operator is told. */
export const UNKNOWN_ALERT_AFTER_MS = 5 * 60_000;

/** Unanswered for this long, a payment is EXPIRED to the member ("if you were charged..."). */
export const EXPIRE_AFTER_MS = 30 * 60_000;
/** ... and the sweeper keeps checking it this long (P12). */
export const RECONCILE_FOR_MS = 48 * 3_600_000;

/** 30 s, 1 min, 2 min, 5 min, 10 min, 30 min, then hourly. */
const BACKOFF_STEPS_MS = [30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000];

/** The sweeper's wait before the next check of a row checked `attempts` times (PAYMENTS.md A4.5). */
export function backoffMs(attempts: number): number {
  return BACKOFF_STEPS_MS[attempts] ?? 3_600_000;
}
