import { DEFAULT_PAYMENT_METHOD, PAYMENT_METHODS, type PaymentMethod } from '@motema/shared/billing';
import { deviceText } from '../../lib/device-record.ts';

const kept = deviceText('motema.paymentMethod', (stored) =>
  (PAYMENT_METHODS as readonly string[]).includes(stored) ? (stored as PaymentMethod) : null,
);

/** The method the member paid with last on this device, else Mobile Money (SPEC section 9). */
export const rememberedPaymentMethod = (): PaymentMethod => kept.read() ?? DEFAULT_PAYMENT_METHOD;

/** Remembers the member's choice on this device (a refused storage only forgets it). */
export const rememberPaymentMethod = (method: PaymentMethod): void => kept.keep(method);
