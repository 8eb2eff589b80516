import { DEFAULT_PAYMENT_METHOD, PAYMENT_METHODS, type PaymentMethod } from '@motema/shared/billing';

const METHOD_KEY = 'motema.paymentMethod';

/** The method the member paid with last on this device, else Mobile Money (SPEC section 9). */
export function rememberedPaymentMethod(): PaymentMethod {
  try {
    const stored = localStorage.getItem(METHOD_KEY);
    return (PAYMENT_METHODS as readonly string[]).includes(stored ?? '')
      ? (stored as PaymentMethod)
      : DEFAULT_PAYMENT_METHOD;
  } catch {
    return DEFAULT_PAYMENT_METHOD;
  }
}

/** Remembers the member's choice on this device (a refused storage only forgets it). */
export function rememberPaymentMethod(method: PaymentMethod): void {
  try {
    localStorage.setItem(METHOD_KEY, method);
  } catch {
    // Private mode or full storage: next time starts from Mobile Money again.
  }
}
