import { deactivateUser, deleteUser } from '../users/accounts.service.ts';
import {
  ACCOUNT_DATA_REMOVERS,
  removeAccountData,
  type AccountDataRemovers,
} from './account-data-removers.ts';
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

/**
 * Removes the account for good, in one transaction: every remover's rows, then the users row
 * (sessions, codes and push tokens cascade). After the commit the sessions' sockets close and
 * `account.removed` tells its subscribers what went with it (files to remove, members to tell).
 */
export async function deleteAccount(
  deps: AuthDeps,
  userId: string,
  password: string,
  removers: AccountDataRemovers = ACCOUNT_DATA_REMOVERS,
): Promise<void> {
  await requirePassword(deps.db, userId, password, 'password');
  const { sessionIds, removed } = await deps.db.transaction(async (tx) => {
    const revoked = await revokeAllSessions(tx, userId);
    const data = await removeAccountData(tx, userId, removers);
    await deleteUser(tx, userId);
    return { sessionIds: revoked, removed: data };
  });
  await deps.events.emit('sessions.revoked', { sessionIds });
  await deps.events.emit('account.removed', { userId, ...removed });
}
