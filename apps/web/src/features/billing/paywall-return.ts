import { safeFrom } from '../../lib/safe-from.ts';

/**
 * Where the member met the paywall (the thread they were writing in), kept for this tab so the
 * payment's success can lead back there: also across the card flow, which leaves the app for the
 * provider's page and comes back on a new page load.
 */
const RETURN_KEY = 'motema.paywallReturn';

type PaywallReturn = { profile: string; path: string };

export function rememberPaywallReturn(profile: string, path: string): void {
  try {
    sessionStorage.setItem(RETURN_KEY, JSON.stringify({ profile, path } satisfies PaywallReturn));
  } catch {
    // No storage: success then leads to the member's profile instead.
  }
}

function stored(): PaywallReturn | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(RETURN_KEY) ?? 'null') as Partial<PaywallReturn> | null;
    const path = safeFrom(value?.path);
    return value && typeof value.profile === 'string' && path ? { profile: value.profile, path } : null;
  } catch {
    return null;
  }
}

const PAYMENT_PROFILE_KEY = 'motema.paymentProfile';

/**
 * The profile a payment was started for: the card page sends the browser back with the reference
 * alone (`?reference=`), and the wizard reads the profile from here again.
 */
export function rememberPaymentProfile(reference: string, profile: string): void {
  try {
    sessionStorage.setItem(PAYMENT_PROFILE_KEY, JSON.stringify({ reference, profile }));
  } catch {
    // No storage: the success screen offers the subscriptions only.
  }
}

export function paymentProfile(reference: string): string | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(PAYMENT_PROFILE_KEY) ?? 'null') as {
      reference?: unknown;
      profile?: unknown;
    } | null;
    return value?.reference === reference && typeof value.profile === 'string' ? value.profile : null;
  } catch {
    return null;
  }
}

/** The way back to the conversation with `profile`: the thread where the paywall opened, else their profile. */
export function paywallReturnPath(profile: string): string {
  const last = stored();
  return last?.profile === profile ? last.path : `/profile/${encodeURIComponent(profile)}`;
}
