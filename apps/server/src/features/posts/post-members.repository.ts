import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { notBlockedWith } from '../safety/safety.policy.ts';

/** What posts, comments and requests show of a member (PostMemberSchema): never the last name (Z2). */
const memberColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  avatarPhotoId: users.avatarPhotoId,
};
export type PostMemberRow = {
  id: string;
  username: string;
  firstName: string | null;
  avatarPhotoId: string | null;
};

/** Members by id, in one query; missing ids are absent. */
export async function findMembers(db: DbOrTx, ids: readonly string[]): Promise<PostMemberRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(memberColumns)
    .from(users)
    .where(sql`${users.id} = ANY(${sql.param([...ids])}::uuid[])`);
}

/**
 * Of `ids`, the members `viewerId` may name on an allow list or be told about: active, not the
 * viewer, with no block either way (Z3).
 */
export async function findReachableIds(
  db: DbOrTx,
  viewerId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`${users.id} = ANY(${sql.param([...ids])}::uuid[])`,
        eq(users.status, 'active'),
        ne(users.id, viewerId),
        notBlockedWith(viewerId, users.id),
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * A member whose posts the viewer may list: active, with no block either way; the viewer themselves
 * whatever their state. A visitor (null) sees active members.
 */
export async function findListableMember(db: DbOrTx, viewerId: string | null, memberId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, memberId),
        viewerId === memberId
          ? undefined
          : and(eq(users.status, 'active'), viewerId ? notBlockedWith(viewerId, users.id) : undefined),
      ),
    )
    .limit(1);
  return row;
}

/** Whether the member is in discreet mode (a shared link to their post then shows the neutral card). */
export async function isDiscreet(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ discreet: users.discreet }).from(users).where(eq(users.id, id));
  return row?.discreet ?? false;
}
