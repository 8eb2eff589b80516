import type { FieldIssue } from '@motema/shared/errors';
import { VALIDATION_MESSAGES } from '@motema/shared/validation';
import { isApiError } from './api-client.ts';

/** The `t` of react-i18next or i18next. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The translated text of a validation key; an unknown key reads as "Invalid value". */
export function validationText(t: Translate, code: string, count?: number): string {
  const key = code in VALIDATION_MESSAGES ? code : 'invalid_value';
  return count === undefined ? t(`validation:${key}`) : t(`validation:${key}`, { count });
}

/** An issue's text: a validation key (`email_taken`) or an error code the server put on a field (`wrong_password`). */
export function issueText(issue: Pick<FieldIssue, 'code' | 'count'>, t: Translate): string {
  if (issue.code in VALIDATION_MESSAGES) return validationText(t, issue.code, issue.count);
  return t(`errors:${issue.code}`, { defaultValue: validationText(t, issue.code) });
}

/**
 * The one text of a failure, in the member's words, for a notice, a form's alert or a load-failed
 * block: no answer says so (`errors:network`); a refusal about a field says its issue; else the error
 * code's text (`errors`), and anything unknown the generic failure.
 */
export function errorText(error: unknown, t: Translate): string {
  if (!isApiError(error)) return t('errors:internal');
  const issue = error.issues[0];
  if (issue) return issueText(issue, t);
  return t(`errors:${error.code}`, { defaultValue: t('errors:internal') });
}

/** Whether the query client already dealt with the failure (401: the member is sent to log in). */
export const isSessionEnd = (error: unknown): boolean => isApiError(error) && error.status === 401;
