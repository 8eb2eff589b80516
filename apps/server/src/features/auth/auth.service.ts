import type { InterfaceLanguage } from '@motema/shared/languages';
import type { FieldIssue } from '@motema/shared/errors';
import type { z } from 'zod';
import type { RegisterSchema } from '@motema/shared/auth';
import type { DbOrTx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import type { AccountHookContext } from '../../account-hooks-port.ts';
import { AppError, badRequest, fieldIssue, invalidFields, unauthorized } from '../../lib/app-error.ts';
import { newToken } from '../../lib/tokens.ts';
import { clock } from '../../lib/clock.ts';
import * as accounts from './accounts.repository.ts';
import { greetingName, queueMail, sendConfirmation, unlessTooSoon } from './account-mails.ts';
import { requestCode } from './code-requests.service.ts';
import { consumeLinkToken, findLinkTokenOwner, tryAccountCode, type CodeOwner } from './codes.service.ts';
import { classifyIdentifier } from './identifiers.ts';
import { refuseBannedIdentifier } from './banned-identifiers.service.ts';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';
import { createSession, revokeSession } from './sessions.service.ts';
import { timeFloor } from './time-floor.ts';
import { activateAccount, createAccount, reactivateAccount } from '../users/accounts.service.ts';
import { getMe, type MeRow } from '../users/users.service.ts';
import { forgetPushTokens, type PushTokenRef } from '../notifications/push/push-tokens.service.ts';

export type AuthDeps = Pick<AppDeps, 'db' | 'jobs' | 'events'>;
/** A registration also runs the modules' account hooks (account-hooks-port.ts). */
export type RegisterDeps = AuthDeps & Pick<AppDeps, 'accountHooks'>;
/**
 * What a service needs of the request: where links point, the language it asks for, the device, and
 * who is asking (requesterOf the client address: one-time code tries are counted per requester), and
 * where to note what is worth knowing but refuses nothing (the request's log, at info).
 */
export type RequestInfo = {
  origin: string;
  language: InterfaceLanguage | undefined;
  userAgent: string | null;
  requester: string;
  note: AccountHookContext['note'];
};
export type RegisterInput = z.output<typeof RegisterSchema>;
export type LoggedIn = { user: MeRow; token: string };

/** Verified when the account is unknown, so that a miss costs the same time as a wrong password. */
const DUMMY_HASH = hashPassword(newToken());

/** The account an identifier (username, e-mail or phone) names, if any. */
export async function findAccountByIdentifier(db: DbOrTx, identifier: string): Promise<UserRow | undefined> {
  return accounts.findAccount(db, classifyIdentifier(identifier));
}

/**
 * What a registration does after hashing the password, creating an account and its code or queueing
 * a mail to the owner of the e-mail, takes 2 to 5 ms here, several times that on a busy machine; its
 * answer waits for this floor, so that both take the same time (QUALITY S3).
 */
const REGISTER_FLOOR_MS = 40;

/**
 * A new pending account and its confirmation mail. An e-mail already in use gets a "someone tried to
 * register" mail instead and the caller the same answer, in the same time.
 */
export async function register(
  deps: RegisterDeps,
  input: RegisterInput,
  info: RequestInfo,
): Promise<{ email: string }> {
  // A banned member's e-mail registers no new account (before any other check: one answer).
  await refuseBannedIdentifier(deps.db, { email: input.email });
  const issues: FieldIssue[] = [];
  const passwordHash = await hashPassword(input.password);
  if (isCommonPassword(input.password)) {
    issues.push(fieldIssue('password', 'password_too_common'));
  }
  if (await accounts.findAccountByUsername(deps.db, input.username)) {
    issues.push(fieldIssue('username', 'username_taken'));
  }
  if (issues.length) throw invalidFields(...issues);

  const floor = timeFloor(REGISTER_FLOOR_MS);
  await createAccountOrTellOwner(deps, input, passwordHash, info);
  await floor();
  return { email: input.email };
}

async function createAccountOrTellOwner(
  deps: RegisterDeps,
  input: RegisterInput,
  passwordHash: string,
  info: RequestInfo,
): Promise<void> {
  const existing = await accounts.findAccountByEmail(deps.db, input.email);
  if (existing) return tellOwnerOfExistingAccount(deps, existing, info);
  const user = await deps.db.transaction(async (tx) => {
    const created = await createAccount(tx, {
      username: input.username,
      email: input.email,
      passwordHash,
      dateOfBirth: input.dateOfBirth,
      firstName: input.firstName || null,
      sex: input.sex ?? null,
      language: input.language ?? info.language ?? 'en',
      status: 'pending',
    });
    if (!created) return created;
    await sendConfirmation(tx, deps.jobs, created, info.origin);
    // What other features attach to a new account (a partner's child account), in its transaction.
    const context = { tx, at: clock.now(), registration: { referral: input.referral }, note: info.note };
    for (const hook of deps.accountHooks) await hook.created?.(created, context);
    return created;
  });
  if (!user) {
    // A concurrent registration took the username or the e-mail between the checks and the insert.
    if (await accounts.findAccountByUsername(deps.db, input.username)) {
      throw invalidFields(fieldIssue('username', 'username_taken'));
    }
    const owner = await accounts.findAccountByEmail(deps.db, input.email);
    if (owner) await tellOwnerOfExistingAccount(deps, owner, info);
  }
}

async function tellOwnerOfExistingAccount(deps: AuthDeps, owner: UserRow, info: RequestInfo) {
  await queueMail(deps.jobs, owner.email, 'register_existing', owner.language, {
    name: greetingName(owner),
    loginLink: `${info.origin}/login`,
    resetLink: `${info.origin}/reset-password`,
  });
}

/** Confirms the e-mail with the code from the mail or its link: the account is active and logged in. */
export async function confirmEmail(
  deps: AuthDeps,
  input: { email: string; code: string } | { token: string },
  info: RequestInfo,
): Promise<LoggedIn> {
  const userId = 'token' in input ? await useLink(deps, input.token, info) : await useCode(deps, input, info);
  return deps.db.transaction(async (tx) => {
    const user = await activateAccount(tx, userId);
    if (!user) throw badRequest('code_invalid');
    const { token } = await createSession(tx, user.id, info.userAgent);
    return { user: await getMe(tx, user.id), token };
  });
}

async function useLink(deps: AuthDeps, token: string, info: RequestInfo): Promise<string> {
  try {
    return (await consumeLinkToken(deps.db, 'confirm_email', token)).userId;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'code_expired') {
      const owner = await findLinkTokenOwner(deps.db, 'confirm_email', token);
      if (owner) await sendConfirmationAgain(deps, owner, info);
    }
    if (error.code === 'code_invalid' && (await confirmedBefore(deps, token))) {
      throw new AppError(409, 'account_already_confirmed');
    }
    throw error;
  }
}

/**
 * Whether the link's account is already confirmed: the mail's link opened twice (or on a second
 * device). Only the holder of the link's secret token learns it, who is told to log in.
 */
async function confirmedBefore(deps: AuthDeps, token: string): Promise<boolean> {
  const owner = await findLinkTokenOwner(deps.db, 'confirm_email', token);
  const account = owner && (await accounts.findAccountById(deps.db, owner.userId));
  return Boolean(account?.emailConfirmedAt) && account?.status !== 'pending';
}

/** The code typed with the e-mail; an unknown e-mail answers exactly like a wrong code. */
async function useCode(
  deps: AuthDeps,
  input: { email: string; code: string },
  info: RequestInfo,
): Promise<string> {
  const attempt = {
    account: { kind: 'email', value: input.email },
    purpose: 'confirm_email',
    code: input.code,
    requester: info.requester,
    use: true,
  } as const;
  return (await tryAccountCode(deps.db, attempt, (owner) => sendConfirmationAgain(deps, owner, info))).userId;
}

/** A fresh code for the owner of an expired one, while the account waits for confirmation. */
async function sendConfirmationAgain(deps: AuthDeps, owner: CodeOwner, info: RequestInfo): Promise<void> {
  const user = await accounts.findAccountById(deps.db, owner.userId);
  if (user?.status === 'pending') {
    await unlessTooSoon(() => sendConfirmation(deps.db, deps.jobs, user, info.origin));
  }
}

/**
 * Sends a new confirmation code to a pending account; says nothing about whether there is one, and
 * takes the same time either way (the work is queued).
 */
export async function resendConfirmation(deps: AuthDeps, email: string, info: RequestInfo): Promise<void> {
  await requestCode(deps, { kind: 'confirm_email', email, origin: info.origin });
}

/**
 * Logs in with a username, e-mail or phone. Unknown account and wrong password answer alike (401);
 * a pending account hears so (403) only after the right password, and gets a fresh code if due, as a
 * banned or suspended one hears of its sanction; a deactivated account, or one whose suspension is
 * over, is active again.
 */
export async function login(
  deps: AuthDeps,
  input: { identifier: string; password: string },
  info: RequestInfo,
): Promise<LoggedIn> {
  const found = await findAccountByIdentifier(deps.db, input.identifier);
  if (!found) {
    await verifyPassword(await DUMMY_HASH, input.password);
    throw unauthorized('invalid_credentials');
  }
  if (!(await verifyPassword(found.passwordHash, input.password))) throw unauthorized('invalid_credentials');
  if (found.status === 'pending') {
    await unlessTooSoon(() => sendConfirmation(deps.db, deps.jobs, found, info.origin));
    // The password is right: the address is what its owner would read in the settings once confirmed,
    // and the way forward for a member who typed a username or a phone (enter the code sent there).
    throw new AppError(403, 'account_not_active', { email: found.email });
  }
  refuseSanctioned(found);
  return deps.db.transaction(async (tx) => {
    const user =
      found.status === 'deactivated' || found.status === 'suspended'
        ? ((await reactivateAccount(tx, found.id)) ?? found)
        : found;
    const { token } = await createSession(tx, user.id, info.userAgent);
    return { user: await getMe(tx, user.id), token };
  });
}

/**
 * A moderator's sanction, told only after the right password: a ban for good, a suspension until its
 * end (then the login works again, and the account is active).
 */
function refuseSanctioned(account: UserRow): void {
  if (account.status === 'banned') throw new AppError(403, 'account_banned');
  const until = account.status === 'suspended' ? account.suspendedUntil : null;
  if (until && until > clock.now())
    throw new AppError(403, 'account_suspended', { until: until.toISOString() });
}

/** The push tokens a device sends when it logs out, by platform. */
export type LogoutTokens = { 'web-token'?: string; 'android-token'?: string; 'ios-token'?: string };

/** Ends the session and forgets the device's push tokens. */
export async function logout(
  deps: AuthDeps,
  auth: { sessionId: string; userId: string },
  body: LogoutTokens,
): Promise<void> {
  const tokens: PushTokenRef[] = (['web', 'android', 'ios'] as const).flatMap((platform) => {
    const token = body[`${platform}-token`];
    return token ? [{ platform, token }] : [];
  });
  await forgetPushTokens(deps.db, auth, tokens);
  await revokeSession(deps.db, auth.sessionId);
  await deps.events.emit('sessions.revoked', { sessionIds: [auth.sessionId] });
}
