import { isApiError } from '../../lib/api-client.ts';

const CODE_ERRORS = ['code_invalid', 'code_expired', 'code_too_many_tries'] as const;
export type CodeError = (typeof CODE_ERRORS)[number];

/** The one-time-code refusal in an API error (shown under the code field), if it is one. */
export function codeErrorOf(error: unknown): CodeError | null {
  if (!isApiError(error)) return null;
  return (CODE_ERRORS as readonly string[]).includes(error.code) ? (error.code as CodeError) : null;
}
