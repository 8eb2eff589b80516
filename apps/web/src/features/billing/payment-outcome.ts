import type { Payment } from '@motema/shared/billing';

/** What the status step says (SPEC section 4): each outcome with its notice kind (section 8). */
export const OUTCOMES = {
  success: 'positive',
  pending: 'warning',
  canceled: 'warning',
  failed: 'negative',
  error: 'negative',
} as const;
export type Outcome = keyof typeof OUTCOMES;

/**
 * The outcome of a payment as the server last checked it, or null while it is still being processed.
 * `waitedLong`: the member has waited the few minutes a push usually takes; a payment still pending
 * then is said to be pending (credited if charged) instead of being watched forever.
 */
export function outcomeOf(payment: Payment, waitedLong: boolean): Outcome | null {
  const { status } = payment.transaction;
  if (status === 'SUCCESS') return 'success';
  if (status === 'FAILED') {
    if (payment.reason === 'canceled' || payment.reason === 'member_cancelled') return 'canceled';
    if (payment.reason === 'provider_error') return 'error';
    return 'failed';
  }
  // Paid, but the amounts differ (our team checks it), or never answered by the payment service (its
  // outcome is being checked): nothing the member can speed up.
  if (payment.reason === 'in_review' || payment.reason === 'checking') return 'pending';
  return waitedLong ? 'pending' : null;
}

/**
 * The key of what to say of a payment's reason (billing `reason.*`): a declined card was declined on
 * the card page, not on a phone. Null when the payment has no reason.
 */
export function reasonKey(payment: Pick<Payment, 'reason' | 'method'>): string | null {
  if (payment.reason === null) return null;
  return payment.reason === 'declined' && payment.method === 'card'
    ? 'reason.declinedCard'
    : `reason.${payment.reason}`;
}
