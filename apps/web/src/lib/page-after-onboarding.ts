import { deviceText } from './device-record.ts';
import { safeFrom } from './safe-from.ts';

/**
 * The page a visitor was going to when they signed up (the guard's `from`: a zone's invite link, a
 * profile or a post shared on WhatsApp), kept on this device from the account's creation to the end of
 * onboarding: the e-mail may be confirmed from the mail's link, in another tab, and onboarding takes
 * its screens before the page may open. Only a path of this site is kept or given back (safeFrom).
 */
const kept = deviceText('motema.afterOnboarding', safeFrom);

/** Keeps the page to open once onboarding is done; none (or one off the site) forgets an older one. */
export function keepPageAfterOnboarding(from: string | null): void {
  const page = safeFrom(from);
  if (page) kept.keep(page);
  else kept.forget();
}

/** Where onboarding ends: the page kept (forgotten then: it opens once), else home. */
export function pageAfterOnboarding(): string {
  const page = kept.read();
  kept.forget();
  return page ?? '/home';
}
