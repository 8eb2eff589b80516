import type { DbOrTx } from '../../db/client.ts';
import type { AppError } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import { setContact, setPasswordHash } from '../users/accounts.service.ts';
import type { MeRow } from '../users/users.service.ts';
import { emailTaken, isUniqueViolation, phoneInvalid, phoneTaken } from './account-errors.ts';
import { greetingName, queueMail, queueSms } from './account-mails.ts';
import * as accounts from './accounts.repository.ts';
import type { AuthDeps } from './auth.service.ts';
import { consumeCode, issueCode, pendingMemberCode } from './codes.service.ts';
import { assertAcceptablePassword, hashPassword } from './passwords.ts';
import { refuseBannedIdentifier } from './banned-identifiers.service.ts';
import { normalisePhone } from './phone.ts';
import { requirePassword } from './require-password.ts';
import { revokeAllSessions } from './sessions.service.ts';

/**
 * A new password (S5: the current one asked again). Every other session ends, this one stays;
 * the member is told by mail.
 */
export async function changePassword(
  deps: AuthDeps,
  auth: { userId: string; sessionId: string },
  input: { currentPassword: string; password: string },
): Promise<void> {
  const user = await requirePassword(deps.db, auth.userId, input.currentPassword, 'currentPassword');
  assertAcceptablePassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const revoked = await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash);
    return revokeAllSessions(tx, user.id, auth.sessionId);
  });
  await deps.events.emit('sessions.revoked', { sessionIds: revoked });
  await queueMail(deps.jobs, user.email, 'password_changed', user.language, { name: greetingName(user) });
}

/** Step 1 of an e-mail change: a code goes to the new address; nothing changes until it comes back. */
export async function requestEmailChange(
  deps: AuthDeps,
  userId: string,
  input: { password: string; email: string },
): Promise<{ email: string }> {
  const user = await requirePassword(deps.db, userId, input.password, 'password');
  const email = input.email.trim().toLowerCase();
  await refuseBannedIdentifier(deps.db, { email });
  if (await accounts.isEmailTakenByOther(deps.db, email, user.id)) throw emailTaken();
  const { code } = await issueCode(deps.db, { userId: user.id, purpose: 'change_email', target: email });
  await queueMail(deps.jobs, email, 'change_email', user.language, { code, name: greetingName(user) });
  return { email };
}

/** Step 2: the code proves the address; it becomes the member's (if still free). */
export async function confirmEmailChange(deps: AuthDeps, userId: string, code: string): Promise<MeRow> {
  // Outside the transaction: a wrong try must count even though this request fails.
  const { target } = await consumeCode(deps.db, { userId, purpose: 'change_email', code });
  return saveContact(deps, userId, { email: target, emailConfirmedAt: clock.now() }, emailTaken, (tx) =>
    accounts.isEmailTakenByOther(tx, target, userId),
  );
}

/**
 * Step 1 of a phone change. International numbers are read as they are; a national number needs
 * `country` (ISO code). Stored, and texted to, in E.164.
 */
export async function requestPhoneChange(
  deps: AuthDeps,
  userId: string,
  input: { password: string; phone: string; country?: string | undefined },
): Promise<{ phone: string }> {
  const user = await requirePassword(deps.db, userId, input.password, 'password');
  const phone = normalisePhone(input.phone, input.country);
  if (!phone) throw phoneInvalid();
  await refuseBannedIdentifier(deps.db, { phone });
  if (await accounts.isPhoneTakenByOther(deps.db, phone, user.id)) throw phoneTaken();
  const { code } = await issueCode(deps.db, { userId: user.id, purpose: 'change_phone', target: phone });
  await queueSms(deps.jobs, phone, 'change_phone', user.language, code);
  return { phone };
}

export async function confirmPhoneChange(deps: AuthDeps, userId: string, code: string): Promise<MeRow> {
  const { target } = await consumeCode(deps.db, { userId, purpose: 'change_phone', code });
  return saveContact(deps, userId, { phone: target }, phoneTaken, (tx) =>
    accounts.isPhoneTakenByOther(tx, target, userId),
  );
}

/** The e-mail change under way, while its code may still be typed (null otherwise). */
export async function pendingEmailChange(deps: AuthDeps, userId: string) {
  const code = await pendingMemberCode(deps.db, userId, 'change_email');
  return code && { email: code.target, ...presentTimes(code) };
}

/** The phone change under way, while its code may still be typed (null otherwise). */
export async function pendingPhoneChange(deps: AuthDeps, userId: string) {
  const code = await pendingMemberCode(deps.db, userId, 'change_phone');
  return code && { phone: code.target, ...presentTimes(code) };
}

const presentTimes = (code: { expiresAt: Date; resendAt: Date }) => ({
  expiresAt: code.expiresAt.toISOString(),
  resendAt: code.resendAt.toISOString(),
});

/** Writes a confirmed contact, checking again in the transaction that nobody took it meanwhile. */
async function saveContact(
  deps: AuthDeps,
  userId: string,
  changes: { email?: string; emailConfirmedAt?: Date; phone?: string },
  taken: () => AppError,
  isTaken: (tx: DbOrTx) => Promise<boolean>,
): Promise<MeRow> {
  try {
    return await deps.db.transaction(async (tx) => {
      if (await isTaken(tx)) throw taken();
      return setContact(tx, userId, changes);
    });
  } catch (error) {
    // Two members confirming the same contact at once: the unique index has the last word.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
