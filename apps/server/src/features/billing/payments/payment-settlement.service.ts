import type { Tx } from '../../../db/client.ts';
import type { PaymentRow, PaymentState } from '../../../db/schema/billing-payments.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import type { PaymentHook, PaymentHookContext } from '../../../payment-hooks-port.ts';
import { postEntry, reverseEntry } from '../../money/ledger/ledger.service.ts';

/** What a settlement runs with: the modules' hooks (the pass, a commission) and the queue they send to. */
export type SettlementDeps = { paymentHooks: readonly PaymentHook[]; jobs: JobQueue };

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
  if (payment.status === 'SUCCESS') {
    await postPaymentReceived(tx, payment);
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
    for (const hook of deps.paymentHooks) await hook.refunded?.(payment, context);
  }
}

const receivedKey = (payment: PaymentRow) => `payment:${payment.id}:settled`;
/** Both of a payment's entries come from it: the journals show the payment, the kind says which. */
const fromPayment = (payment: PaymentRow) => ({ kind: 'payment' as const, id: payment.id });

/** Money in: Dr platform:flexpay_clearing (FlexPay holds it for us) / Cr platform:revenue. */
async function postPaymentReceived(tx: Tx, payment: PaymentRow) {
  const { amountMinor: amount, currency } = payment;
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
