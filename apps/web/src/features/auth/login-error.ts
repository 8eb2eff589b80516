import { isApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format-date.ts';
import type { Translate } from '../../lib/error-text.ts';
import { currentLanguage } from '../../lib/i18n.ts';

/**
 * The message key of a failed login (SPEC.md section 8): 401 "Invalid identifier or password",
 * 403 "Your account is not active..." (a suspended account: until when; a banned one: closed), 404 "Invalid username or password", 5xx "Something went
 * wrong...", 429 rate limited, no answer "Not connected to the internet".
 */
export function loginErrorKey(error: unknown): string {
  if (!isApiError(error)) return 'errors:login500';
  if (error.status === 0) return 'errors:network';
  if (error.status === 401) return 'errors:login401';
  if (error.code === 'account_suspended') return 'errors:loginSuspended';
  if (error.code === 'account_banned') return 'errors:loginBanned';
  if (error.status === 403) return 'errors:login403';
  if (error.status === 404) return 'errors:login404';
  if (error.status === 429) return 'errors:rate_limited';
  if (error.status >= 500) return 'errors:login500';
  return `errors:${error.code}`;
}

/** The login's failure in words: a suspension says until when (the answer's `until`, as a day). */
export function loginErrorText(error: unknown, t: Translate): string {
  const until = isApiError(error) && error.until ? Date.parse(error.until) : NaN;
  const day = Number.isNaN(until) ? '' : formatDate(until, currentLanguage(), { dateStyle: 'long' });
  return t(loginErrorKey(error), { until: day });
}
