import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { postRequests, posts, users } from '../../../db/schema.ts';
import { notBlockedWith } from '../../safety/safety.policy.ts';

/** Stores the request; false when it was there already. */
export async function insertRequest(
  db: DbOrTx,
  postId: string,
  requesterId: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .insert(postRequests)
    .values({ postId, requesterId, createdAt: at })
    .onConflictDoNothing()
    .returning({ postId: postRequests.postId });
  return rows.length > 0;
}

/** Removes the request; false when there was none. */
export async function deleteRequest(db: DbOrTx, postId: string, requesterId: string): Promise<boolean> {
  const rows = await db
    .delete(postRequests)
    .where(and(eq(postRequests.postId, postId), eq(postRequests.requesterId, requesterId)))
    .returning({ postId: postRequests.postId });
  return rows.length > 0;
}

export type RequestKey = { createdAt: Date; postId: string; requesterId: string };

/** A request waiting on the author's posts, of an active member with no block either way (Z3). */
const waitingFor = (authorId: string) =>
  and(
    eq(posts.authorId, authorId),
    eq(users.status, 'active'),
    notBlockedWith(authorId, postRequests.requesterId),
  );

/** How many requests wait on the author's posts (the feed's link to them says it). */
export async function countWaitingRequests(db: DbOrTx, authorId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(postRequests)
    .innerJoin(posts, eq(posts.id, postRequests.postId))
    .innerJoin(users, eq(users.id, postRequests.requesterId))
    .where(waitingFor(authorId));
  return row?.n ?? 0;
}

/**
 * The requests waiting on the author's posts, newest first, after `after`: `limit + 1` rows. Those of
 * members no longer active, or with a block either way, are left out (Z3).
 */
export function listWaitingRequests(
  db: DbOrTx,
  authorId: string,
  after: RequestKey | undefined,
  limit: number,
) {
  return db
    .select({
      postId: posts.id,
      kind: posts.kind,
      text: posts.text,
      requesterId: postRequests.requesterId,
      createdAt: postRequests.createdAt,
    })
    .from(postRequests)
    .innerJoin(posts, eq(posts.id, postRequests.postId))
    .innerJoin(users, eq(users.id, postRequests.requesterId))
    .where(
      and(
        waitingFor(authorId),
        after
          ? sql`(${postRequests.createdAt}, ${postRequests.postId}, ${postRequests.requesterId}) < (${after.createdAt}, ${after.postId}, ${after.requesterId})`
          : undefined,
      ),
    )
    .orderBy(desc(postRequests.createdAt), desc(postRequests.postId), desc(postRequests.requesterId))
    .limit(limit + 1);
}
export type WaitingRequestRow = Awaited<ReturnType<typeof listWaitingRequests>>[number];
