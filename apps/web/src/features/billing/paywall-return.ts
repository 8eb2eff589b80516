import { storedFields, tabRecord } from '../../lib/device-record.ts';
import { safeFrom } from '../../lib/safe-from.ts';
import { conversationWithPath } from '../../lib/conversation-path.ts';

/**
 * Where the member met the paywall (the thread they were writing in), kept for this tab so the
 * payment's success can lead back there: also across the card flow, which leaves the app for the
 * provider's page and comes back on a new page load.
 */
type PaywallReturn = { profile: string; path: string };

const paywallReturn = tabRecord<PaywallReturn>('motema.paywallReturn', (stored) => {
  const fields = storedFields(stored);
  const path = safeFrom(typeof fields?.path === 'string' ? fields.path : null);
  return typeof fields?.profile === 'string' && path ? { profile: fields.profile, path } : null;
});

/** No storage: success then opens or starts the conversation with the member instead. */
export const rememberPaywallReturn = (profile: string, path: string): void =>
  paywallReturn.keep({ profile, path });

const paymentProfileKept = tabRecord<{ reference: string; profile: string }>(
  'motema.paymentProfile',
  (stored) => {
    const fields = storedFields(stored);
    return typeof fields?.reference === 'string' && typeof fields.profile === 'string'
      ? { reference: fields.reference, profile: fields.profile }
      : null;
  },
);

/**
 * The profile a payment was started for: the card page sends the browser back with the reference
 * alone (`?reference=`), and the wizard reads the profile from here again. No storage: the success
 * screen offers the subscriptions only.
 */
export const rememberPaymentProfile = (reference: string, profile: string): void =>
  paymentProfileKept.keep({ reference, profile });

export function paymentProfile(reference: string): string | null {
  const kept = paymentProfileKept.read();
  return kept?.reference === reference ? kept.profile : null;
}

/**
 * The way back to the conversation with `profile`: the thread where the paywall opened, else (nothing
 * kept for them in this tab) the conversation with them, found or started as their profile's "Send a
 * message" does.
 */
export function paywallReturnPath(profile: string): string {
  const last = paywallReturn.read();
  return last?.profile === profile ? last.path : conversationWithPath(profile);
}
