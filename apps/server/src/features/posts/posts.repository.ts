import { and, asc, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PostKind } from '@motema/shared/posts';
import type { DbOrTx } from '../../db/client.ts';
import {
  postAllowed,
  postLikes,
  postMedia,
  postRequests,
  posts,
  users,
  type PostRow,
} from '../../db/schema.ts';
import { notBlockedWith } from '../safety/safety.policy.ts';
import { zoneModeratedBy } from '../zones/zones.policy.ts';
import { commentsSeenBy } from './comments/comments.repository.ts';
import type { Keyset } from './post-cursor.ts';
import { allowedSql, postReadableBy, postShownTo, requestedSql, zoneReadableSql } from './posts.policy.ts';

/**
 * A post with what the visibility rule (posts.policy.ts) needs of the viewer's relation to it, and
 * whether the viewer liked it and how many of its comments they see: one row, one query, for one post
 * or a page.
 */
function factsOf(viewerId: string | null) {
  // A visitor's relations are the constant false (a bound `false` would come back as the text 'false').
  const member = (of: (id: string) => SQL) =>
    viewerId === null ? sql<boolean>`false` : sql<boolean>`${of(viewerId)}`;
  return {
    post: posts,
    authorActive: sql<boolean>`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${posts.authorId} AND ${users.status} = 'active')`,
    blocked: member((id) => sql`NOT ${notBlockedWith(id, posts.authorId)}`),
    allowed: member(allowedSql),
    requested: member(requestedSql),
    zoneReadable: sql<boolean>`${zoneReadableSql(viewerId)}`,
    zoneModerator: member((id) => zoneModeratedBy(id, posts.zoneId)),
    liked: member(
      (id) =>
        sql`EXISTS (SELECT 1 FROM ${postLikes} WHERE ${postLikes.postId} = ${posts.id} AND ${postLikes.userId} = ${id})`,
    ),
    commentsSeen: commentsSeenBy(viewerId),
  };
}
export type PostFactsRow = {
  post: PostRow;
  authorActive: boolean;
  blocked: boolean;
  allowed: boolean;
  requested: boolean;
  zoneReadable: boolean;
  /** The viewer is one of the admins and managers of the post's zone. */
  zoneModerator: boolean;
  liked: boolean;
  /** The post's comments the viewer sees (none hidden from them by a block). */
  commentsSeen: number;
};

/**
 * A row lock taken with the read: `update` to change the row's own rows under it (requests),
 * `key share` to add rows pointing at it (a comment, a like) without the post being deleted between
 * the check and the insert (its foreign key would fail); counters still move under key share.
 */
export type RowLock = 'update' | 'key share';

/** A post and the viewer's relation to it, whoever may see it (the policy decides). */
export async function findPostFacts(
  db: DbOrTx,
  postId: string,
  viewerId: string | null,
  { lock }: { lock?: RowLock } = {},
): Promise<PostFactsRow | undefined> {
  const query = db.select(factsOf(viewerId)).from(posts).where(eq(posts.id, postId)).limit(1);
  const [row] = await (lock ? query.for(lock, { of: posts }) : query);
  return row;
}

/** The author's own post, locked for a change; undefined for anyone else's. */
export async function lockOwnPost(db: DbOrTx, authorId: string, postId: string) {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.authorId, authorId)))
    .for('update');
  return row;
}

/** A post by id, locked (the media handler recomputes its status). */
export async function lockPost(db: DbOrTx, postId: string) {
  const [row] = await db.select().from(posts).where(eq(posts.id, postId)).for('update');
  return row;
}

export async function insertPost(db: DbOrTx, values: typeof posts.$inferInsert): Promise<PostRow> {
  const [row] = await db.insert(posts).values(values).returning();
  return row!;
}

export async function insertPostMedia(db: DbOrTx, postId: string, itemIds: readonly string[]) {
  if (itemIds.length === 0) return;
  await db.insert(postMedia).values(itemIds.map((itemId, position) => ({ postId, itemId, position })));
}

export async function updatePost(
  db: DbOrTx,
  postId: string,
  values: Partial<Pick<PostRow, 'text' | 'visibility' | 'status' | 'editedAt'>>,
): Promise<PostRow> {
  const [row] = await db.update(posts).set(values).where(eq(posts.id, postId)).returning();
  return row!;
}

/** Deletes the post (its comments, likes, requests and allow list go with it by cascade). */
export async function deletePost(db: DbOrTx, postId: string): Promise<void> {
  await db.delete(posts).where(eq(posts.id, postId));
}

/** The media item ids of each post, in order. */
export async function findMediaIds(db: DbOrTx, postIds: readonly string[]): Promise<Map<string, string[]>> {
  const byPost = new Map<string, string[]>();
  if (postIds.length === 0) return byPost;
  const rows = await db
    .select({ postId: postMedia.postId, itemId: postMedia.itemId })
    .from(postMedia)
    .where(inArray(postMedia.postId, [...postIds]))
    .orderBy(asc(postMedia.postId), asc(postMedia.position));
  for (const row of rows) byPost.set(row.postId, [...(byPost.get(row.postId) ?? []), row.itemId]);
  return byPost;
}

/** The post carrying a media item, if any. */
export async function findPostIdOfItem(db: DbOrTx, itemId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ postId: postMedia.postId })
    .from(postMedia)
    .where(eq(postMedia.itemId, itemId));
  return row?.postId;
}

/** Whether the item is one of the post's media. */
export async function isPostItem(db: DbOrTx, postId: string, itemId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(postMedia)
    .where(and(eq(postMedia.postId, postId), eq(postMedia.itemId, itemId)));
  return !!row;
}

export async function findAllowedIds(db: DbOrTx, postId: string): Promise<string[]> {
  return (await findAllowedIdsOf(db, [postId])).get(postId) ?? [];
}

/** The allow lists of posts, in the order members were added, by post id (absent: an empty list). */
export async function findAllowedIdsOf(
  db: DbOrTx,
  postIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byPost = new Map<string, string[]>();
  if (postIds.length === 0) return byPost;
  const rows = await db
    .select({ postId: postAllowed.postId, userId: postAllowed.userId })
    .from(postAllowed)
    .where(inArray(postAllowed.postId, [...postIds]))
    .orderBy(asc(postAllowed.postId), asc(postAllowed.createdAt), asc(postAllowed.userId));
  for (const row of rows) byPost.set(row.postId, [...(byPost.get(row.postId) ?? []), row.userId]);
  return byPost;
}

export async function insertAllowed(db: DbOrTx, postId: string, userIds: readonly string[], at: Date) {
  if (userIds.length === 0) return;
  await db
    .insert(postAllowed)
    .values(userIds.map((userId) => ({ postId, userId, createdAt: at })))
    .onConflictDoNothing();
}

export async function deleteAllowed(db: DbOrTx, postId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return;
  await db
    .delete(postAllowed)
    .where(and(eq(postAllowed.postId, postId), inArray(postAllowed.userId, [...userIds])));
}

/** Removes waiting requests of the post (of `userIds`, or all); returns the requesters removed. */
export async function deleteRequests(
  db: DbOrTx,
  postId: string,
  userIds?: readonly string[],
): Promise<string[]> {
  if (userIds?.length === 0) return [];
  const rows = await db
    .delete(postRequests)
    .where(
      and(
        eq(postRequests.postId, postId),
        userIds ? inArray(postRequests.requesterId, [...userIds]) : undefined,
      ),
    )
    .returning({ requesterId: postRequests.requesterId });
  return rows.map((row) => row.requesterId);
}

/** Strictly after `after` in the lists' order (newest first, then the larger id). */
function olderThan(after: Keyset | undefined): SQL | undefined {
  if (!after) return undefined;
  return or(
    lt(posts.createdAt, after.createdAt),
    and(eq(posts.createdAt, after.createdAt), lt(posts.id, after.id)),
  );
}

/**
 * A member's posts as the viewer may see them (whole or locked), newest first, after `after`:
 * `limit + 1` rows, for pageOf. On `posts_author_idx` (author, created_at desc, id desc). Outside
 * zones (the profile) when `zoneId` is null, else their posts in that zone.
 */
export function listAuthorPosts(
  db: DbOrTx,
  input: {
    viewerId: string | null;
    authorId: string;
    zoneId: string | null;
    kind?: PostKind;
    after?: Keyset;
    limit: number;
  },
): Promise<PostFactsRow[]> {
  const { viewerId } = input;
  return db
    .select(factsOf(viewerId))
    .from(posts)
    .where(
      and(
        eq(posts.authorId, input.authorId),
        input.zoneId === null ? isNull(posts.zoneId) : eq(posts.zoneId, input.zoneId),
        input.kind ? eq(posts.kind, input.kind) : undefined,
        olderThan(input.after),
        // A visitor lists public posts only (posts.policy.ts).
        viewerId === null ? postReadableBy(null) : postShownTo(viewerId),
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(input.limit + 1);
}

/**
 * A zone's posts as the viewer may see them, newest first, after `after`: `limit + 1` rows, for
 * pageOf. On `posts_zone_idx` (zone, created_at desc, id desc).
 */
export function listZonePosts(
  db: DbOrTx,
  input: { viewerId: string; zoneId: string; after?: Keyset; limit: number },
): Promise<PostFactsRow[]> {
  return db
    .select(factsOf(input.viewerId))
    .from(posts)
    .where(and(eq(posts.zoneId, input.zoneId), olderThan(input.after), postShownTo(input.viewerId)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(input.limit + 1);
}

/** A zone's post, locked for its removal by the zone's admins and managers; undefined elsewhere. */
export async function lockZonePost(db: DbOrTx, zoneId: string, postId: string): Promise<PostRow | undefined> {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.zoneId, zoneId)))
    .for('update');
  return row;
}
