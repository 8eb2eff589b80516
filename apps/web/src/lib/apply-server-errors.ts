import type { ErrorCode } from '@motema/shared/errors';
import { isApiError } from './api-client.ts';
import { errorText, issueText, type Translate } from './error-text.ts';
import type { FormErrors } from './form-errors.ts';
import { notifyError } from './notices.ts';

type FormWithErrors = {
  setErrors: (errors: FormErrors) => void;
  getValues: () => object;
  /** @mantine/form's: the field's input on the page (by its `data-path`). */
  getInputNode?: (path: string) => HTMLElement | null;
};

/**
 * Puts the focus on the field an answer refused, once React has shown its error: the submit button,
 * disabled while the form was sent, left it on the page itself.
 */
function focusField(form: FormWithErrors, field: string | undefined): void {
  if (!field || !form.getInputNode) return;
  setTimeout(() => {
    const input = form.getInputNode?.(field);
    input?.focus();
    input?.scrollIntoView?.({ block: 'center' });
  }, 0);
}

/** Error codes that belong to one field of a form: `{ wrong_password: 'currentPassword' }`. */
export type FieldCodes = Partial<Record<ErrorCode, string>>;

/** Says a failed answer in a short notice; no answer and 401 are already handled by the query client. */
export function notifyServerError(error: unknown, t: Translate): void {
  if (!isApiError(error) || error.status === 0 || error.status === 401) return;
  notifyError(errorText(error, t));
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
    focusField(form, Object.keys(errors)[0]);
    return;
  }
  const message = errorText(error, t);
  const field = error.code === 'network' ? undefined : fieldCodes[error.code];
  if (field) {
    form.setErrors({ [field]: message });
    focusField(form, field);
  } else notifyError(message);
}
