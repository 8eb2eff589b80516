import type { FieldIssue } from '@motema/shared/errors';
import type { z } from 'zod';
import { isApiError } from './api-client.ts';
import { errorText, validationText, type Translate } from './error-text.ts';

/** Field path (`'password'`, `'match.ageMin'`) -> translated message, as @mantine/form expects. */
export type FormErrors = Record<string, string>;

/** The server's field issues (`ApiError.issues`) as form errors; the first issue of a field wins. */
export function issuesToFormErrors(issues: readonly FieldIssue[], t: Translate): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    if (issue.path in errors) continue;
    errors[issue.path] = validationText(t, issue.code, issue.count);
  }
  return errors;
}

function countOf(issue: z.core.$ZodIssue): number | undefined {
  if (issue.code === 'too_small') return Number(issue.minimum);
  if (issue.code === 'too_big') return Number(issue.maximum);
  return undefined;
}

/** Zod issues (their message is a validation key) as form errors; the first issue of a field wins. */
export function zodIssuesToFormErrors(issues: readonly z.core.$ZodIssue[], t: Translate): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (path in errors) continue;
    errors[path] = validationText(t, issue.message, countOf(issue));
  }
  return errors;
}

/**
 * A `validate` function for @mantine/form that runs a shared zod schema, so the form shows the same
 * message as the server would. `toInput` turns the form's values into the schema's input (e.g. an
 * empty optional field into `undefined`).
 */
export function zodFormValidator<Values>(
  schema: z.ZodType,
  t: Translate,
  toInput: (values: Values) => unknown = (values) => values,
): (values: Values) => FormErrors {
  return (values) => {
    const result = schema.safeParse(toInput(values));
    return result.success ? {} : zodIssuesToFormErrors(result.error.issues, t);
  };
}

type FormLike = { setErrors: (errors: FormErrors) => void; getValues: () => object };

/**
 * Shows an API error on a form: the issues about the form's own fields go under those fields; the
 * rest comes back as one translated message for the form's alert (null when nothing is left to say).
 */
export function showApiErrorOnForm(form: FormLike, error: unknown, t: Translate): string | null {
  const fields = Object.keys(form.getValues());
  const issues = isApiError(error) ? error.issues : [];
  const own = issues.filter((issue) => fields.includes(issue.path.split('.')[0] ?? ''));
  if (own.length > 0) form.setErrors(issuesToFormErrors(own, t));
  if (own.length > 0 && own.length === issues.length) return null;
  return errorText(error, t);
}
