import type { Tx } from '../../../db/client.ts';
import type { PaymentRow, PaymentState } from '../../../db/schema/billing-payments.ts';
import { postEntry, reverseEntry } from '../ledger/ledger.service.ts';
import { grantPass, revokePass } from '../passes/passes.service.ts';

/**
 * What a payment's move brings with it, in the transaction that moves it (P11, P18). Each call is
 * idempotent by the payment's id (the pass) or the entry's key (the ledger), so that even a bug that
 * ran it twice would grant and post once; the conditional move makes it run once anyway.
 */
export async function settleSideEffects(tx: Tx, payment: PaymentRow, from: PaymentState, at: Date) {
  if (payment.status === 'SUCCESS') {
    if (payment.userId) {
      await grantPass(tx, { paymentId: payment.id, userId: payment.userId, planId: payment.planId, at });
    }
    await postPaymentReceived(tx, payment);
    return;
  }
  const wasPaid = from === 'SUCCESS' || from === 'REFUND_PENDING';
  if (!wasPaid) return;
  // A refund under way already takes the pass back: the money is on its way to the payer.
  if (payment.status === 'REFUND_PENDING' || payment.status === 'REFUNDED') {
    await revokePass(tx, { paymentId: payment.id, at });
  }
  if (payment.status === 'REFUNDED') await postPaymentRefunded(tx, payment);
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
