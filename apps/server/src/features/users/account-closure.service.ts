import { clock } from '../../lib/clock.ts';
import { revokeAllSessions } from '../auth/sessions.service.ts';
import { ACCOUNT_DATA_REMOVERS, type AccountDataRemover } from './account-data-removers.ts';
import * as repo from './users.repository.ts';
import { requirePassword, type UsersDeps } from './users.service.ts';

/**
 * Hides the member until their next login (which reactivates): every session ends and its
 * sockets close.
 */
export async function deactivateAccount(deps: UsersDeps, userId: string, password: string): Promise<void> {
  await requirePassword(deps.db, userId, password, 'password');
  const revoked = await deps.db.transaction(async (tx) => {
    await repo.updateUser(tx, userId, { status: 'deactivated', connected: false }, clock.now());
    return revokeAllSessions(tx, userId);
  });
  await deps.events.emit('sessions.revoked', { sessionIds: revoked });
}

/**
 * Removes the account for good, in one transaction: every remover's rows, then the users row
 * (sessions, codes and push tokens cascade). The sessions' sockets are closed after the commit.
 */
export async function deleteAccount(
  deps: UsersDeps,
  userId: string,
  password: string,
  removers: readonly AccountDataRemover[] = ACCOUNT_DATA_REMOVERS,
): Promise<void> {
  await requirePassword(deps.db, userId, password, 'password');
  const revoked = await deps.db.transaction(async (tx) => {
    const sessionIds = await revokeAllSessions(tx, userId);
    for (const remover of removers) await remover.inTransaction?.(tx, userId);
    await repo.deleteUser(tx, userId);
    return sessionIds;
  });
  await deps.events.emit('sessions.revoked', { sessionIds: revoked });
  for (const remover of removers) await remover.afterCommit?.(deps, userId);
}
