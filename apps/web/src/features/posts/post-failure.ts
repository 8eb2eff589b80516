import { isApiError } from '../../lib/api-client.ts';
import { validationText, type Translate } from '../../lib/form-errors.ts';

/**
 * What a refused post, upload or comment says, in the member's words: a field's issue (the
 * `validation` texts), else the error code's (`errors`), else the generic failure.
 */
export function failureText(error: unknown, t: Translate): string {
  if (!isApiError(error)) return t('errors:internal');
  if (error.status === 0) return t('errors:network');
  const issue = error.issues[0];
  if (issue) return validationText(t, issue.code, issue.count);
  return t(`errors:${error.code}`, { defaultValue: t('errors:internal') });
}
