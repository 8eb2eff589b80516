import { ERROR_MESSAGES, type ErrorCode } from '@motema/shared/errors';
import { AppError, fieldIssue, invalidFields } from '../../lib/app-error.ts';

/** A 400 with its own code and the same code as an issue on one field, so forms show it there. */
function refusedField(code: ErrorCode, path: string): AppError {
  return new AppError(400, code, { issues: [{ path, code, message: ERROR_MESSAGES[code] }] });
}

export const wrongPassword = (path: string) => refusedField('wrong_password', path);
export const emailTaken = () => refusedField('email_taken', 'email');
export const phoneTaken = () => refusedField('phone_taken', 'phone');

export const phoneInvalid = () => invalidFields(fieldIssue('phone', 'phone_invalid'));

/** PostgreSQL's unique_violation, as thrown by pg or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505';
}
