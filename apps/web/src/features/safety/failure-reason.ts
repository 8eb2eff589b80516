import { isApiError } from '../../lib/api-client.ts';
import type { Translate } from '../../lib/form-errors.ts';

/** Why a call failed, translated from its code: no answer, the server's refusal, or an unknown failure. */
export function failureReason(error: unknown, t: Translate): string {
  if (!isApiError(error)) return t('errors:internal');
  return t(`errors:${error.code}`, { defaultValue: t('errors:internal') });
}

/** Whether the query client already dealt with the failure (401: the member is sent to log in). */
export const isSessionEnd = (error: unknown) => isApiError(error) && error.status === 401;
