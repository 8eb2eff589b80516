import { isApiError } from '../../lib/api-client.ts';

/**
 * The message key of a failed login (SPEC.md section 8): 401 "Invalid identifier or password",
 * 403 "Your account is not active...", 404 "Invalid username or password", 5xx "Something went
 * wrong...", 429 rate limited, no answer "Not connected to the internet".
 */
export function loginErrorKey(error: unknown): string {
  if (!isApiError(error)) return 'errors:login500';
  if (error.status === 0) return 'errors:network';
  if (error.status === 401) return 'errors:login401';
  if (error.status === 403) return 'errors:login403';
  if (error.status === 404) return 'errors:login404';
  if (error.status === 429) return 'errors:rate_limited';
  if (error.status >= 500) return 'errors:login500';
  return `errors:${error.code}`;
}
