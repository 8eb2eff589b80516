import type { ErrorCode, FieldIssue } from '@motema/shared/errors';
import { VALIDATION_MESSAGES } from '@motema/shared/validation';
import { isApiError } from './api-client.ts';
import { validationText, type FormErrors, type Translate } from './form-errors.ts';
import { notifyError } from './notices.ts';

type FormWithErrors = { setErrors: (errors: FormErrors) => void; getValues: () => object };

/** Error codes that belong to one field of a form: `{ wrong_password: 'currentPassword' }`. */
export type FieldCodes = Partial<Record<ErrorCode, string>>;

/** An issue's text: a validation key (`email_taken`) or an error code the server put on a field (`wrong_password`). */
export function issueText(issue: Pick<FieldIssue, 'code' | 'count'>, t: Translate): string {
  if (issue.code in VALIDATION_MESSAGES) return validationText(t, issue.code, issue.count);
  return t(`errors:${issue.code}`, { defaultValue: validationText(t, issue.code) });
}

/** Says a failed answer in a short notice; no answer and 401 are already handled by the query client. */
export function notifyServerError(error: unknown, t: Translate): void {
  if (!isApiError(error) || error.status === 0 || error.status === 401) return;
  notifyError(t(`errors:${error.code}`, { defaultValue: error.message }));
}

/**
 * Shows a failed answer where it belongs: field issues and field codes under their fields; anything
 * else, issues about fields the form lacks included, as a short negative notice. No answer and 401
 * are already handled by the query client. `fieldOfPath` renames server paths (`{ phone: 'national' }`).
 */
export function applyServerErrors(
  form: FormWithErrors,
  error: unknown,
  t: Translate,
  fieldCodes: FieldCodes = {},
  fieldOfPath: Record<string, string> = {},
): void {
  if (!isApiError(error) || error.status === 0 || error.status === 401) return;
  if (error.issues.length > 0) {
    const fields = Object.keys(form.getValues());
    const errors: FormErrors = {};
    for (const issue of error.issues) {
      const field = fieldOfPath[issue.path] ?? issue.path;
      // An issue about something the form does not show still has to be said.
      if (fields.includes(field)) errors[field] ??= issueText(issue, t);
      else notifyError(issueText(issue, t));
    }
    form.setErrors(errors);
    return;
  }
  const message = t(`errors:${error.code}`, { defaultValue: error.message });
  const field = error.code === 'network' ? undefined : fieldCodes[error.code];
  if (field) form.setErrors({ [field]: message });
  else notifyError(message);
}
