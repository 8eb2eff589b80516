import type { Payment, PaymentReason, PaymentStatus } from '@motema/shared/billing';
import type { PaymentRow, PaymentState } from '../../../db/schema/billing-payments.ts';

/** What the member sees of each internal state (PAYMENTS.md A1.8). */
const SHOWN: Record<PaymentState, { status: PaymentStatus; reason: PaymentReason | null }> = {
  CREATED: { status: 'PENDING', reason: null },
  PENDING: { status: 'PENDING', reason: null },
  // The init was never answered: the outcome is being checked (by a callback, the checks or an operator).
  INIT_UNKNOWN: { status: 'PENDING', reason: 'checking' },
  // Paid but not as asked: our team looks; to the member it is still on its way.
  REVIEW: { status: 'PENDING', reason: 'in_review' },
  SUCCESS: { status: 'SUCCESS', reason: null },
  FAILED: { status: 'FAILED', reason: 'declined' },
  CANCELLED: { status: 'FAILED', reason: 'canceled' },
  // "If you were charged, it will be credited automatically": the checks go on (P12).
  EXPIRED: { status: 'FAILED', reason: 'expired' },
  REFUND_PENDING: { status: 'FAILED', reason: 'refunded' },
  REFUNDED: { status: 'FAILED', reason: 'refunded' },
};

/** The payer's number with all but its last 3 digits hidden: "243•••••••567". */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)}${'•'.repeat(Math.max(0, phone.length - 6))}${phone.slice(-3)}`;
}

/**
 * A payment as its owner sees it (PaymentSchema). Never the provider's order number, the full phone
 * or anything the provider said (P13): those stay in the audit trail.
 */
export function presentPayment(row: PaymentRow): Payment {
  const shown = SHOWN[row.status];
  // A FAILED row keeps why (declined, insufficient funds, the provider's refusal); an EXPIRED one
  // whether its member cancelled it.
  const kept = row.status === 'FAILED' || (row.status === 'EXPIRED' && row.reason === 'member_cancelled');
  const reason = kept ? ((row.reason as PaymentReason | null) ?? shown.reason) : shown.reason;
  return {
    _id: row.id,
    reference: row.reference,
    method: row.method,
    subscription: row.planId,
    transaction: { amount: row.amountMinor, currency: row.currency, status: shown.status },
    reason,
    phone: row.payerPhone ? maskPhone(row.payerPhone) : null,
    redirectUrl: shown.status === 'PENDING' && row.method === 'card' ? row.redirectUrl : null,
    createdAt: row.createdAt.toISOString(),
  };
}
