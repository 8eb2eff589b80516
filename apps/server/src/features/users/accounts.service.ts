import type { DbOrTx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { unauthorized } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import * as repo from './users.repository.ts';
import { getMe, type MeRow } from './users.service.ts';

/*
 * The account's row as the auth feature's use cases change it (registration, confirmation, login,
 * credentials, deactivation, deletion). The users feature is the one writer of the `users` table, so
 * auth writes it through these, inside its own transactions (each takes `db` or a transaction).
 */

export type NewAccount = repo.NewAccount;

/** A new account; undefined when its username, e-mail or phone is taken (a concurrent registration). */
export async function createAccount(db: DbOrTx, values: NewAccount): Promise<UserRow | undefined> {
  return repo.insertAccount(db, values);
}

/** A pending account becomes active, its e-mail confirmed; undefined if it is gone. */
export async function activateAccount(db: DbOrTx, userId: string): Promise<UserRow | undefined> {
  return repo.activateAccount(db, userId, clock.now());
}

/** A deactivated account, or one whose suspension is over, is active again; undefined otherwise. */
export async function reactivateAccount(db: DbOrTx, userId: string): Promise<UserRow | undefined> {
  return repo.reactivateAccount(db, userId, clock.now());
}

/** Hidden until the next login: deactivated, and no longer shown connected. */
export async function deactivateUser(db: DbOrTx, userId: string): Promise<void> {
  await repo.updateUser(db, userId, { status: 'deactivated', connected: false }, clock.now());
}

/**
 * The member's row locked for their deletion, in its transaction: whatever would add a row naming
 * them (a comment, a like, a membership) waits on it through its foreign key check and then fails,
 * so what the deletion counts before the row goes is all that goes with it.
 */
export async function lockUserForDeletion(db: DbOrTx, userId: string): Promise<void> {
  await repo.lockUser(db, userId);
}

/**
 * Members' rows held before the other rows a transaction locks (a moderator's action holds the case's
 * member and the reporter it mutes before the case), as a deletion locks the member's row before
 * anything of theirs: the two then queue instead of deadlocking. `update` for a row the transaction
 * changes (the member's standing), else only for rows naming it.
 */
export async function holdMembers(db: DbOrTx, rows: { id: string; update: boolean }[]): Promise<void> {
  await repo.holdUsers(db, rows);
}

/** Removes the row; sessions, one-time codes and push tokens go with it (ON DELETE CASCADE). */
export async function deleteUser(db: DbOrTx, userId: string): Promise<boolean> {
  return repo.deleteUser(db, userId);
}

export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string): Promise<void> {
  await repo.updateUser(db, userId, { passwordHash }, clock.now());
}

/** A confirmed e-mail or phone becomes the member's; 401 when the row is gone (deleted meanwhile). */
export async function setContact(
  db: DbOrTx,
  userId: string,
  changes: { email?: string; emailConfirmedAt?: Date; phone?: string },
): Promise<MeRow> {
  if (!(await repo.updateUser(db, userId, changes, clock.now()))) throw unauthorized();
  return getMe(db, userId);
}
