import { deactivateUser, deleteUser, lockUserForDeletion } from '../users/accounts.service.ts';
import { NOTHING_REMOVED, type RemovedAccountData } from '../../account-hooks-port.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthDeps } from './auth.service.ts';
import { requirePassword } from './require-password.ts';
import { revokeAllSessions } from './sessions.service.ts';

/**
 * Hides the member until their next login (which reactivates): every session ends and its
 * sockets close.
 */
export async function deactivateAccount(deps: AuthDeps, userId: string, password: string): Promise<void> {
  await requirePassword(deps.db, userId, password, 'password');
  const sessionIds = await deps.db.transaction(async (tx) => {
    await deactivateUser(tx, userId);
    return revokeAllSessions(tx, userId);
  });
  await deps.events.emit('sessions.revoked', { sessionIds });
}

/** A deletion also runs the modules' account hooks (account-hooks-port.ts). */
export type DeletionDeps = AuthDeps & Pick<AppDeps, 'accountHooks'>;

/**
 * Removes the account for good, in one transaction: the modules' `removing` hooks (their rows that do
 * not cascade, the counters and weights the cascade would leave untrue), then the users row
 * (sessions, codes, push tokens, comments, likes and memberships cascade). After the commit the
 * sessions' sockets close and `account.removed` tells its subscribers what went with it (files to
 * remove, members and lives to tell).
 */
export async function deleteAccount(deps: DeletionDeps, userId: string, password: string): Promise<void> {
  await requirePassword(deps.db, userId, password, 'password');
  const { sessionIds, removed } = await deps.db.transaction(async (tx) => {
    await lockUserForDeletion(tx, userId);
    const revoked = await revokeAllSessions(tx, userId);
    const removed: RemovedAccountData = { ...NOTHING_REMOVED };
    for (const hook of deps.accountHooks) Object.assign(removed, await hook.removing?.(userId, { tx }));
    await deleteUser(tx, userId);
    return { sessionIds: revoked, removed };
  });
  await deps.events.emit('sessions.revoked', { sessionIds });
  await deps.events.emit('account.removed', { userId, ...removed });
}
