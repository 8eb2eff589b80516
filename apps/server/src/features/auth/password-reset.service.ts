import { AppError, badRequest } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import * as accounts from './accounts.repository.ts';
import { greetingName, queueMail, sendResetCode, unlessTooSoon } from './account-mails.ts';
import { findAccountByIdentifier, type AuthDeps, type RequestInfo } from './auth.service.ts';
import { checkCode, consumeCode, currentCodeTarget } from './codes.service.ts';
import { assertAcceptablePassword, hashPassword } from './passwords.ts';
import { announceRevoked, revokeAllSessions } from './sessions.service.ts';

/** Sends a reset code by mail or SMS when the account (and, for SMS, its phone) exists; silent otherwise. */
export async function sendPasswordResetCode(
  deps: AuthDeps,
  input: { identifier: string; channel: 'email' | 'phone' },
): Promise<void> {
  const user = await findAccountByIdentifier(deps.db, input.identifier);
  if (!user) return;
  await unlessTooSoon(() => sendResetCode(deps.db, deps.jobs, user, input.channel));
}

/** Runs a code step; an expired code gets a fresh one, by the way the expired one went. */
async function resendIfExpired<T>(deps: AuthDeps, userId: string, step: () => Promise<T>): Promise<T> {
  const target = await currentCodeTarget(deps.db, userId, 'reset_password');
  try {
    return await step();
  } catch (error) {
    if (error instanceof AppError && error.code === 'code_expired') {
      const user = await accounts.findAccountById(deps.db, userId);
      const channel = target && !target.includes('@') ? 'phone' : 'email';
      if (user) await unlessTooSoon(() => sendResetCode(deps.db, deps.jobs, user, channel));
    }
    throw error;
  }
}

/** Checks a reset code without using it (the reset form then asks for the new password). */
export async function verifyPasswordResetCode(
  deps: AuthDeps,
  input: { identifier: string; code: string },
): Promise<{ valid: true }> {
  const user = await findAccountByIdentifier(deps.db, input.identifier);
  if (!user) throw badRequest('code_invalid');
  await resendIfExpired(deps, user.id, () =>
    checkCode(deps.db, { userId: user.id, purpose: 'reset_password', code: input.code }),
  );
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
  const user = await findAccountByIdentifier(deps.db, input.identifier);
  const passwordHash = await hashPassword(input.password);
  if (!user) throw badRequest('code_invalid');
  await resendIfExpired(deps, user.id, () =>
    consumeCode(deps.db, { userId: user.id, purpose: 'reset_password', code: input.code }),
  );
  const revoked = await deps.db.transaction(async (tx) => {
    await accounts.setPasswordHash(tx, user.id, passwordHash, clock.now());
    return revokeAllSessions(tx, user.id);
  });
  announceRevoked(revoked);
  await queueMail(deps.jobs, user.email, 'password_changed', user.language, {
    name: greetingName(user),
    resetLink: `${info.origin}/reset-password`,
  });
}
