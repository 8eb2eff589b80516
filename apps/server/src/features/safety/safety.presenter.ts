import { publicNameOf } from '@motema/shared/member-name';
import type { BlockedUser, BlockList } from '@motema/shared/safety';
import type { BlockedRow } from './safety.repository.ts';
import type { BlockedMembers } from './safety.service.ts';

/**
 * A member on the viewer's block list: who they are and when they were blocked, nothing more (Z2).
 * No avatar: a block hides media both ways (Z3), so the photo route refuses the viewer these files;
 * the list shows names and initials instead.
 */
export function presentBlockedUser(row: BlockedRow): BlockedUser {
  return {
    _id: row.id,
    username: row.username,
    name: publicNameOf(row),
    avatar: null,
    blockedAt: row.blockedAt.toISOString(),
  };
}

export function presentBlockList({ rows, count }: BlockedMembers): BlockList {
  return { users: rows.map(presentBlockedUser), count };
}
