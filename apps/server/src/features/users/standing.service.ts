import type { DbOrTx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { clock } from '../../lib/clock.ts';
import * as repo from './users.repository.ts';

/*
 * The member's standing as the moderation feature decides it (docs/moderation.md): the users feature
 * is the one writer of the `users` table, so moderation writes it through these, in its own
 * transaction. Payers are never exempt: nothing here looks at a plan.
 */

export type Standing =
  | { kind: 'restrict'; until: Date }
  | { kind: 'require_verification' }
  | { kind: 'suspend'; until: Date }
  | { kind: 'ban' }
  | { kind: 'lift' };

/** Applies a sanction (or lifts a suspension and a restriction); the member's row after, undefined if gone. */
export async function setStanding(
  db: DbOrTx,
  userId: string,
  standing: Standing,
): Promise<UserRow | undefined> {
  return repo.updateUser(db, userId, changesOf(standing), clock.now());
}

function changesOf(standing: Standing): repo.UserChanges {
  switch (standing.kind) {
    case 'restrict':
      return { restrictedUntil: standing.until };
    case 'require_verification':
      return { verificationRequired: true };
    case 'suspend':
      return { status: 'suspended', suspendedUntil: standing.until, connected: false };
    case 'ban':
      return { status: 'banned', suspendedUntil: null, connected: false };
    case 'lift':
      return { status: 'active', suspendedUntil: null, restrictedUntil: null };
  }
}

/** A role given by `npm run admin` (never by the API): the member's row after, undefined if no such username. */
export async function setRole(
  db: DbOrTx,
  username: string,
  role: UserRow['role'],
): Promise<UserRow | undefined> {
  const found = await repo.findUserByUsername(db, username);
  return found && repo.updateUser(db, found.id, { role }, clock.now());
}
