import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { commentLikes, comments, posts, users, type CommentRow } from '../../../db/schema.ts';
import { blockedMembersOf, notBlockedWith } from '../../safety/safety.policy.ts';
import type { Keyset } from '../post-cursor.ts';

/** The comment's author is active and, for a member, no block stands between them either way (Z3). */
function authorShown(viewerId: string | null, authorId: SQL | typeof comments.authorId): SQL {
  return and(
    sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${authorId} AND ${users.status} = 'active')`,
    viewerId === null ? undefined : notBlockedWith(viewerId, authorId),
  )!;
}

/**
 * A comment the viewer may see on a post they may read: its author shown to them, and for a reply
 * its parent's author too (a reply under a comment the viewer cannot see is left out with it).
 */
function commentShownTo(viewerId: string | null): SQL {
  return and(
    authorShown(viewerId, comments.authorId),
    or(
      isNull(comments.parentId),
      sql`EXISTS (SELECT 1 FROM ${comments} AS "parent" WHERE "parent"."id" = ${comments.parentId} AND ${authorShown(viewerId, sql`"parent"."author_id"`)})`,
    ),
  )!;
}

/** A column of the outer query's `posts`, named with its table (a one-table select leaves it out). */
const ofPosts = (column: typeof posts.id | typeof posts.comments) =>
  sql`${posts}.${sql.identifier(column.name)}`;

/**
 * The post's comment count as the viewer sees it (over the `posts` table of the query): its counter
 * less the comments a block hides from them (commentShownTo: by a member blocked either way, or a
 * reply under one). Only a viewer with a block reads a post's comments, and only on a post that has
 * some: the feed's page (B8) costs no per-post query. What is hidden is counted in two parts, each
 * read by index, never the post's whole thread: the comments of the blocked members
 * (comments_post_author_idx), and the replies of others under those (comments_parent_idx).
 */
export function commentsSeenBy(viewerId: string | null): SQL<number> {
  const counter = ofPosts(posts.comments);
  if (viewerId === null) return sql<number>`${counter}`;
  const blocked = blockedMembersOf(viewerId);
  const postId = ofPosts(posts.id);
  return sql<number>`CASE WHEN ${counter} = 0 OR NOT EXISTS (${blocked}) THEN ${counter}
    ELSE ${counter}
      - (SELECT count(*)::int FROM ${comments} AS "hidden"
        WHERE "hidden"."post_id" = ${postId} AND "hidden"."author_id" IN (${blocked}))
      - (SELECT count(*)::int FROM ${comments} AS "hidden"
        JOIN ${comments} AS "reply" ON "reply"."parent_id" = "hidden"."id" AND "reply"."post_id" = ${postId}
        WHERE "hidden"."post_id" = ${postId} AND "hidden"."author_id" IN (${blocked})
          AND "reply"."author_id" NOT IN (${blocked})) END`;
}

const likedBy = (viewerId: string | null) =>
  viewerId === null
    ? sql<boolean>`false`
    : sql<boolean>`EXISTS (SELECT 1 FROM ${commentLikes} WHERE ${commentLikes.commentId} = ${comments.id} AND ${commentLikes.userId} = ${viewerId})`;

/**
 * A comment as the viewer may see it (undefined otherwise), with its post's author and their like.
 * `keyShare` keeps it from being deleted until the transaction ends (a like or a reply is added to it).
 */
export async function findShownComment(
  db: DbOrTx,
  viewerId: string,
  commentId: string,
  { keyShare = false } = {},
) {
  const query = db
    .select({ comment: comments, postAuthorId: posts.authorId, liked: likedBy(viewerId) })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(and(eq(comments.id, commentId), commentShownTo(viewerId)))
    .limit(1);
  const [row] = await (keyShare ? query.for('key share', { of: comments }) : query);
  return row;
}

/** The post's comments the viewer may see, oldest first, after `after`: `limit + 1` rows (comments_post_idx). */
export function listPostComments(
  db: DbOrTx,
  input: { viewerId: string | null; postId: string; after?: Keyset; limit: number },
) {
  const { after } = input;
  return db
    .select({ comment: comments, liked: likedBy(input.viewerId) })
    .from(comments)
    .where(
      and(
        eq(comments.postId, input.postId),
        after ? sql`(${comments.createdAt}, ${comments.id}) > (${after.createdAt}, ${after.id})` : undefined,
        commentShownTo(input.viewerId),
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(input.limit + 1);
}

export async function insertComment(db: DbOrTx, values: typeof comments.$inferInsert): Promise<CommentRow> {
  const [row] = await db.insert(comments).values(values).returning();
  return row!;
}

export async function updateCommentText(db: DbOrTx, id: string, text: string, at: Date): Promise<CommentRow> {
  const [row] = await db.update(comments).set({ text, editedAt: at }).where(eq(comments.id, id)).returning();
  return row!;
}

/**
 * Deletes the comment and its replies (by cascade); returns how many comments went. The comment is
 * locked first: a reply being added waits on it (its foreign key check), so the count is the thread's.
 */
export async function deleteCommentThread(db: DbOrTx, id: string): Promise<number> {
  await db.select({ id: comments.id }).from(comments).where(eq(comments.id, id)).for('update');
  const [replies] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(comments)
    .where(eq(comments.parentId, id));
  const deleted = await db.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
  return deleted.length === 0 ? 0 : 1 + (replies?.n ?? 0);
}

/** Moves the post's comment counter by `delta`. */
export async function countComments(db: DbOrTx, postId: string, delta: number): Promise<void> {
  await db
    .update(posts)
    .set({ comments: sql`${posts.comments} + ${delta}` })
    .where(eq(posts.id, postId));
}

/** The comment when it is on that post (a zone's admins and managers remove it from their zone). */
export async function findCommentOnPost(
  db: DbOrTx,
  postId: string,
  commentId: string,
): Promise<CommentRow | undefined> {
  const [row] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.postId, postId)));
  return row;
}
