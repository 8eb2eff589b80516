/** Which refusals of a message a later try may change, and which the outbox tries again by itself. */

/** Refusals that say "not now" rather than "no": the server failed or was busy; the same send goes again later. */
export const TRANSIENT_CODES = new Set(['internal', 'service_unavailable']);

/** The paywall's refusal: the member's Retry goes through once they bought Premium (SPEC section 8). */
export const PAYMENT_REQUIRED = 'payment_required';

/**
 * Whether sending a failed message again may succeed: after a server failure or the upload rate
 * limit, yes; behind the paywall, once the member paid. Any other refusal (a block, `chat_blocked`, a
 * file of a refused type or size, an invalid message, a conversation gone) would be refused again:
 * no Retry for it, only Delete.
 */
export function retryCanFix(code: string | null): boolean {
  return code === null || code === 'rate_limited' || code === PAYMENT_REQUIRED || TRANSIENT_CODES.has(code);
}

/**
 * Whether the outbox sends a failed message again by itself (on each connect). Not one refused by
 * the paywall: it would be refused again, the payment-required dialog opening at every reconnect;
 * it waits for the member's Retry.
 */
export const resendsByItself = (code: string | null) => retryCanFix(code) && code !== PAYMENT_REQUIRED;
