import type { PaymentRequiredReason } from '@motema/shared/billing';
import { ERROR_MESSAGES, type ErrorCode, type FieldIssue } from '@motema/shared/errors';
import { validationMessage, type ValidationMessageKey } from '@motema/shared/validation';

/** The one error type of the server: a status, a stable code and an English message. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly issues: FieldIssue[] | undefined;
  readonly headers: Record<string, string> | undefined;
  /** Sent in the body (ApiErrorBody.email): only for account_not_active, to whoever gave the password. */
  readonly email: string | undefined;
  /** payment_required only: why the paywall refused (sent in the body), and to whom (the socket event's profile). */
  readonly reason: PaymentRequiredReason | undefined;
  readonly profile: string | undefined;
  /** payment_required only: the least plan on sale that reaches the recipient. */
  readonly plan: string | undefined;
  /** withdrawal_cooldown: when withdrawals to the new number open; code_resend_too_soon: when a new code may be asked (ISO date). */
  readonly until: string | undefined;
  /** operator_limit only: which of the operator's wallet caps the withdrawal meets. */
  readonly limit: 'daily' | 'monthly' | undefined;

  constructor(
    statusCode: number,
    code: ErrorCode,
    options: {
      message?: string;
      issues?: FieldIssue[];
      headers?: Record<string, string>;
      email?: string;
      reason?: PaymentRequiredReason;
      profile?: string;
      plan?: string;
      until?: string;
      limit?: 'daily' | 'monthly';
    } = {},
  ) {
    super(options.message ?? ERROR_MESSAGES[code]);
    this.statusCode = statusCode;
    this.code = code;
    this.issues = options.issues;
    this.headers = options.headers;
    this.email = options.email;
    this.reason = options.reason;
    this.profile = options.profile;
    this.plan = options.plan;
    this.until = options.until;
    this.limit = options.limit;
  }
}

export const badRequest = (code: ErrorCode = 'bad_request', issues?: FieldIssue[]) =>
  new AppError(400, code, { issues });
export const unauthorized = (code: ErrorCode = 'unauthorized') => new AppError(401, code);
export const forbidden = (code: ErrorCode = 'forbidden') => new AppError(403, code);
export const conflict = (code: ErrorCode = 'conflict', issues?: FieldIssue[]) =>
  new AppError(409, code, { issues });

/** A field issue as the zod validation of a route gives it: a shared validation key and its English text. */
export function fieldIssue(path: string, key: ValidationMessageKey): FieldIssue {
  return { path, code: key, message: validationMessage(key) };
}

/** A 400 naming fields, for rules only the server can check (a taken username, a common password). */
export function invalidFields(...issues: FieldIssue[]): AppError {
  return new AppError(400, 'validation_failed', { issues });
}

/**
 * The promise's value, or undefined where it was refused with an AppError below 500 (not found, not
 * allowed): for a caller asking whether something may be seen rather than answering a request.
 */
export async function unlessRefused<T>(promise: Promise<T>): Promise<T | undefined> {
  try {
    return await promise;
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) return undefined;
    throw err;
  }
}
