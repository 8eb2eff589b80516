import {
  PAYMENT_REQUIRED_REASONS,
  type PaymentRequiredEvent,
  type PaymentRequiredReason,
} from '@motema/shared/billing';

/**
 * A refusal behind the paywall (SPEC section 8): why, and to whom the member was writing (the
 * profile id, when known). The payment-required dialog shows the one asked last.
 */
export type PaymentRequest = {
  reason: PaymentRequiredReason | null;
  profile: string | null;
  /** The least plan on sale that reaches the profile (its id), when the server named one. */
  plan?: string | null;
  /** Where a payment's success leads back to; by default the page the dialog opened on. */
  returnTo?: string;
  /**
   * What was refused: a message (it waits in the thread, failed, for a retry), or the start of a
   * chat (nothing was written yet). A message unless said.
   */
  refused?: 'message' | 'chat';
};

let current: PaymentRequest | null = null;
const listeners = new Set<() => void>();

function set(next: PaymentRequest | null) {
  current = next;
  for (const listener of listeners) listener();
}

/** A reason of packages/shared, or null for anything else (an older or newer server's word). */
export function paymentRequiredReason(value: unknown): PaymentRequiredReason | null {
  return (PAYMENT_REQUIRED_REASONS as readonly unknown[]).includes(value)
    ? (value as PaymentRequiredReason)
    : null;
}

/** Whether a socket `app:error` payload is the paywall's (`PaymentRequiredEvent`). */
export function isPaymentRequiredEvent(payload: { action: string }): payload is PaymentRequiredEvent {
  return payload.action === 'PaymentRequired';
}

export const paymentRequired = {
  /**
   * Opens the dialog (from a socket `app:error`, an HTTP 402, or a send's refusal). The same
   * refusal told twice (the send's answer and the socket event) opens it once; a known reason or
   * profile is never replaced by an unknown one.
   */
  ask(request: PaymentRequest) {
    const same =
      current !== null &&
      (current.profile === null || request.profile === null || current.profile === request.profile);
    if (!current || !same) return set(request);
    const plan = request.plan ?? current.plan ?? null;
    const merged = {
      reason: request.reason ?? current.reason,
      profile: current.profile ?? request.profile,
      returnTo: current.returnTo ?? request.returnTo,
      refused: current.refused ?? request.refused,
      ...(plan !== null && { plan }),
    };
    if (
      merged.reason !== current.reason ||
      merged.profile !== current.profile ||
      merged.returnTo !== current.returnTo ||
      merged.refused !== current.refused ||
      plan !== (current.plan ?? null)
    )
      set(merged);
  },
  close() {
    if (current) set(null);
  },
  get: (): PaymentRequest | null => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
