import { DEFAULT_PAYMENT_METHOD, PAYMENT_METHODS, type PaymentMethod } from '@motema/shared/billing';
import { deviceText, storedFields, tabRecord } from '../../lib/device-record.ts';

const kept = deviceText('motema.paymentMethod', (stored) =>
  (PAYMENT_METHODS as readonly string[]).includes(stored) ? (stored as PaymentMethod) : null,
);

/** The method the member paid with last on this device, else Mobile Money (SPEC section 9). */
export const rememberedPaymentMethod = (): PaymentMethod => kept.read() ?? DEFAULT_PAYMENT_METHOD;

/** Remembers the member's choice on this device (a refused storage only forgets it). */
export const rememberPaymentMethod = (method: PaymentMethod): void => kept.keep(method);

const payerPhone = tabRecord<{ member: string; phone: string }>('motema.payerPhone', (stored) => {
  const fields = storedFields(stored);
  return typeof fields?.member === 'string' && typeof fields.phone === 'string'
    ? { member: fields.member, phone: fields.phone }
    : null;
});

/**
 * The number `member` typed last to pay from in this tab, which outlives a page load (the phone's
 * mobile money app may have the browser reload the wizard): "Try again" need not have it typed again.
 * Another member signed in on the same tab never sees it.
 */
export function rememberedPayerPhone(member: string | undefined): string | null {
  const kept = payerPhone.read();
  return member && kept?.member === member ? kept.phone : null;
}

/** Remembers the number `member` typed to pay from, for this tab only. */
export const rememberPayerPhone = (member: string, phone: string): void => payerPhone.keep({ member, phone });
