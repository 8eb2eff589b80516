import type { AuthDeps } from './auth.service.ts';
import * as accounts from './accounts.repository.ts';
import { sendConfirmation, sendResetCode, unlessTooSoon } from './account-mails.ts';
import { classifyIdentifier } from './identifiers.ts';

/**
 * Asking for a code (a password reset, a new confirmation code) answers 202 at once and leaves the
 * rest to this queue's worker: the request itself does the same work, one queued job, whether or
 * not the account exists, so neither its answer nor its time tells (QUALITY S3, decision 0014).
 */
export const CODE_REQUESTS_QUEUE = 'code-requests';

export type CodeRequest =
  | { kind: 'reset_password'; identifier: string; channel: 'email' | 'phone' }
  | { kind: 'confirm_email'; email: string; origin: string };

export async function requestCode(deps: AuthDeps, request: CodeRequest): Promise<void> {
  await deps.jobs.send<CodeRequest>(CODE_REQUESTS_QUEUE, request);
}

/**
 * The worker: a reset code goes to the account's address or number (when it has one); a new
 * confirmation code to a pending account. Nothing for an unknown account, or when the previous
 * code is younger than the resend interval (it still works).
 */
export async function handleCodeRequest(deps: AuthDeps, request: CodeRequest): Promise<void> {
  if (request.kind === 'reset_password') {
    const { kind, value } = classifyIdentifier(request.identifier);
    const user = await accounts.findAccount(deps.db, { kind, value });
    if (user) await unlessTooSoon(() => sendResetCode(deps.db, deps.jobs, user, request.channel));
    return;
  }
  const user = await accounts.findAccount(deps.db, { kind: 'email', value: request.email });
  if (user?.status === 'pending') {
    await unlessTooSoon(() => sendConfirmation(deps.db, deps.jobs, user, request.origin));
  }
}
