import type { DbOrTx, Tx } from '../../../db/client.ts';
import type { PaymentRow, PaymentState } from '../../../db/schema/billing-payments.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import type { PaymentHook, PaymentHookContext } from '../../../payment-hooks-port.ts';
import type { Money } from '../../money/providers/payment-provider.ts';
import { entryLines, postEntry, reverseEntry } from '../../money/ledger/ledger.service.ts';

/**
 * What a settlement runs with: the modules' hooks (the pass, a commission), the queue they send to,
 * and FlexPay's merchant fee in percent of the amount (FLEXPAY_FEE_PERCENT).
 */
export type SettlementDeps = { paymentHooks: readonly PaymentHook[]; jobs: JobQueue; feePercent: number };

/**
 * What a payment's move brings with it, in the transaction that moves it (P11, P18): its own ledger
 * entry, then every module's hook (payment-hooks-port.ts). Each is idempotent by the payment's id
 * (the pass) or the entry's key (the ledger), so that even a bug that ran it twice would grant and
 * post once; the conditional move makes it run once anyway.
 */
export async function settleSideEffects(
  deps: SettlementDeps,
  tx: Tx,
  payment: PaymentRow,
  from: PaymentState,
  at: Date,
) {
  const context: PaymentHookContext = { tx, jobs: deps.jobs, at };
  if (from === 'REVIEW' && payment.status === 'CANCELLED') {
    await postSuspenseReturned(tx, payment);
    return;
  }
  if (payment.status === 'SUCCESS') {
    // Accepted after a review, the payment is what FlexPay received, taken out of suspense.
    const received = from === 'REVIEW' ? await releaseSuspense(tx, payment) : priceOf(payment);
    await postPaymentReceived(tx, payment, received);
    await postFee(tx, payment, received, deps.feePercent);
    for (const hook of deps.paymentHooks) await hook.settled?.(payment, context);
    return;
  }
  const wasPaid = from === 'SUCCESS' || from === 'REFUND_PENDING';
  if (!wasPaid) return;
  if (from === 'SUCCESS' && (payment.status === 'REFUND_PENDING' || payment.status === 'REFUNDED')) {
    for (const hook of deps.paymentHooks) await hook.refunding?.(payment, context);
  }
  if (payment.status === 'REFUNDED') {
    await postPaymentRefunded(tx, payment);
    await postFeeReturned(tx, payment);
    for (const hook of deps.paymentHooks) await hook.refunded?.(payment, context);
  }
}

/**
 * The keys of a payment's entries: `settled` and its reversal `refunded`, `fee` and its `fee_returned`,
 * the suspense of a review (`review`) and its release (`review_accepted`) or reversal (`review_returned`).
 */
export type PaymentEntry =
  'settled' | 'refunded' | 'fee' | 'fee_returned' | 'review' | 'review_accepted' | 'review_returned';
export const paymentEntryKey = (payment: Pick<PaymentRow, 'id'>, what: PaymentEntry) =>
  `payment:${payment.id}:${what}`;
const receivedKey = (payment: PaymentRow) => paymentEntryKey(payment, 'settled');
/** Every entry of a payment comes from it: the journals show the payment, the kind says which. */
const fromPayment = (payment: PaymentRow) => ({ kind: 'payment' as const, id: payment.id });

const priceOf = (payment: PaymentRow): Money => ({ minor: payment.amountMinor, currency: payment.currency });

/** Money in: Dr platform:flexpay_clearing (FlexPay holds it for us) / Cr platform:revenue. */
async function postPaymentReceived(tx: Tx, payment: PaymentRow, received: Money) {
  const { minor: amount, currency } = received;
  await postEntry(tx, {
    key: receivedKey(payment),
    kind: 'payment_settled',
    source: fromPayment(payment),
    description: `Payment ${payment.reference} of plan ${payment.planId}`,
    lines: [
      { account: 'platform:flexpay_clearing', amount, currency },
      { account: 'platform:revenue', amount: -amount, currency },
    ],
  });
}

/** Money back to the payer: the reversal of the payment's entry (P18). */
async function postPaymentRefunded(tx: Tx, payment: PaymentRow) {
  await reverseEntry(tx, {
    key: receivedKey(payment),
    reversalKey: `payment:${payment.id}:refunded`,
    source: fromPayment(payment),
  });
}

/** FlexPay's fee on a payment, in its minor units: `percent` of its amount, rounded to the nearest unit. */
export const feeOf = (amountMinor: number, percent: number) => Math.round((amountMinor * percent) / 100);

/**
 * FlexPay keeps its fee out of what it holds for us: Dr platform:fees / Cr platform:flexpay_clearing,
 * in the settlement's transaction, so that the clearing balance is what FlexPay owes us. None at a 0 rate.
 */
async function postFee(tx: Tx, payment: PaymentRow, received: Money, percent: number) {
  const fee = feeOf(received.minor, percent);
  if (fee <= 0) return;
  const { currency } = received;
  await postEntry(tx, {
    key: paymentEntryKey(payment, 'fee'),
    kind: 'payment_fee',
    source: fromPayment(payment),
    description: `FlexPay's fee of ${percent} % on payment ${payment.reference}`,
    lines: [
      { account: 'platform:fees', amount: fee, currency },
      { account: 'platform:flexpay_clearing', amount: -fee, currency },
    ],
  });
}

/**
 * A refunded payment's fee comes back: we assume FlexPay returns its fee with a refund (the payer gets
 * the whole amount back and FlexPay takes it from what it holds for us, fee included). Reversed only
 * if one was booked.
 */
async function postFeeReturned(tx: Tx, payment: PaymentRow) {
  if (!(await entryLines(tx, paymentEntryKey(payment, 'fee')))) return;
  await reverseEntry(tx, {
    key: paymentEntryKey(payment, 'fee'),
    reversalKey: paymentEntryKey(payment, 'fee_returned'),
    source: fromPayment(payment),
  });
}

/**
 * FlexPay reports the payment paid with another amount, currency or reference (REVIEW): what it
 * received is ours to hold but nobody's revenue yet, so it is booked in the move's transaction,
 * Dr platform:flexpay_clearing / Cr platform:suspense, until an operator decides.
 */
export async function holdInSuspense(tx: Tx, payment: PaymentRow, received: Money) {
  await postEntry(tx, {
    key: paymentEntryKey(payment, 'review'),
    kind: 'payment_review',
    source: fromPayment(payment),
    description: `Payment ${payment.reference} reported paid otherwise, under review`,
    lines: [
      { account: 'platform:flexpay_clearing', amount: received.minor, currency: received.currency },
      { account: 'platform:suspense', amount: -received.minor, currency: received.currency },
    ],
  });
}

/** What the review's suspense entry holds of the payment, or undefined when FlexPay reported nothing received. */
export async function heldInSuspense(
  tx: DbOrTx,
  payment: Pick<PaymentRow, 'id'>,
): Promise<Money | undefined> {
  const lines = await entryLines(tx, paymentEntryKey(payment, 'review'));
  const held = lines?.find((line) => line.account === 'platform:suspense');
  return held && { minor: -held.amount, currency: held.currency };
}

/**
 * An accepted review: the suspense goes back to the clearing account (Dr platform:suspense / Cr
 * platform:flexpay_clearing), from which the settlement then books it as revenue, so that the payment's
 * entries are any settled payment's (a later refund reverses them as usual). Net: Dr suspense / Cr revenue.
 */
async function releaseSuspense(tx: Tx, payment: PaymentRow): Promise<Money> {
  const held = await heldInSuspense(tx, payment);
  if (!held) throw new Error(`payment ${payment.id}: accepted without money held in suspense`);
  await postEntry(tx, {
    key: paymentEntryKey(payment, 'review_accepted'),
    kind: 'payment_review_accepted',
    source: fromPayment(payment),
    description: `Payment ${payment.reference} accepted after its review`,
    lines: [
      { account: 'platform:suspense', amount: held.minor, currency: held.currency },
      { account: 'platform:flexpay_clearing', amount: -held.minor, currency: held.currency },
    ],
  });
  return held;
}

/** The operator returned the money to the payer at FlexPay: the suspense entry's reversal (Dr suspense / Cr clearing). */
async function postSuspenseReturned(tx: Tx, payment: PaymentRow) {
  if (!(await heldInSuspense(tx, payment))) return;
  await reverseEntry(tx, {
    key: paymentEntryKey(payment, 'review'),
    reversalKey: paymentEntryKey(payment, 'review_returned'),
    source: fromPayment(payment),
  });
}
