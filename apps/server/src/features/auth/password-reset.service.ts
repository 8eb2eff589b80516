import { badRequest } from '../../lib/app-error.ts';
import * as accounts from './accounts.repository.ts';
import { greetingName, queueMail, sendResetCode, unlessTooSoon } from './account-mails.ts';
import type { AuthDeps, RequestInfo } from './auth.service.ts';
import { requestCode } from './code-requests.service.ts';
import { tryAccountCode, type CodeOwner } from './codes.service.ts';
import { classifyIdentifier } from './identifiers.ts';
import { assertAcceptablePassword, hashPassword } from './passwords.ts';
import { revokeAllSessions } from './sessions.service.ts';
import { setPasswordHash } from '../users/accounts.service.ts';

/**
 * Sends a reset code by mail or SMS when the account (and, for SMS, its phone) exists; silent
 * otherwise, and as quick either way (the work is queued).
 */
export async function sendPasswordResetCode(
  deps: AuthDeps,
  input: { identifier: string; channel: 'email' | 'phone' },
): Promise<void> {
  await requestCode(deps, { kind: 'reset_password', ...input });
}

/** A fresh code for the owner of an expired one, the way the expired one went. */
async function sendResetCodeAgain(deps: AuthDeps, owner: CodeOwner): Promise<void> {
  const user = await accounts.findAccountById(deps.db, owner.userId);
  const channel = owner.target.includes('@') ? 'email' : 'phone';
  if (user) await unlessTooSoon(() => sendResetCode(deps.db, deps.jobs, user, channel));
}

/** A try at the reset code of the account an identifier names (unknown: exactly like a wrong code). */
function tryResetCode(
  deps: AuthDeps,
  input: { identifier: string; code: string },
  info: RequestInfo,
  use: boolean,
): Promise<CodeOwner> {
  const attempt = {
    account: classifyIdentifier(input.identifier),
    purpose: 'reset_password',
    code: input.code,
    requester: info.requester,
    use,
  } as const;
  return tryAccountCode(deps.db, attempt, (owner) => sendResetCodeAgain(deps, owner));
}

/** Checks a reset code without using it (the reset form then asks for the new password). */
export async function verifyPasswordResetCode(
  deps: AuthDeps,
  input: { identifier: string; code: string },
  info: RequestInfo,
): Promise<{ valid: true }> {
  await tryResetCode(deps, input, info, false);
  return { valid: true };
}

/**
 * Sets a new password with a reset code: the code is used, every session of the member ends (their
 * sockets close after the commit) and a notice is mailed.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { identifier: string; code: string; password: string },
  info: RequestInfo,
): Promise<void> {
  assertAcceptablePassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const { userId } = await tryResetCode(deps, input, info, true);
  const user = await accounts.findAccountById(deps.db, userId);
  if (!user) throw badRequest('code_invalid'); // deleted since
  const revoked = await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash);
    return revokeAllSessions(tx, user.id);
  });
  await deps.events.emit('sessions.revoked', { sessionIds: revoked });
  await queueMail(deps.jobs, user.email, 'password_changed', user.language, {
    name: greetingName(user),
    resetLink: `${info.origin}/reset-password`,
  });
}
