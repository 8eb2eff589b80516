import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { commentLikes, comments, postLikes, posts } from '../../db/schema.ts';

// What a member's deletion takes from other members' posts and comments (their comments and likes
// cascade with their users row): the counters follow here first, in the deletion's transaction. A
// counter never goes below 0 (an already wrong one never refuses a deletion).

/**
 * Locks the member's comments: a reply to one of them being added waits on it (its foreign key
 * check) and then fails, so the replies counted next are all that will go with them.
 */
export async function lockCommentsOf(db: DbOrTx, userId: string): Promise<void> {
  await db.select({ id: comments.id }).from(comments).where(eq(comments.authorId, userId)).for('update');
}

/**
 * Lowers the comment counter of each post of someone else by the comments leaving: the member's, and
 * the replies of others under theirs (same post: comments_post_idx finds them).
 */
export async function uncountCommentsOf(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`
    UPDATE ${posts} SET comments = greatest(${posts.comments} - gone.n, 0)
    FROM (
      SELECT going.post_id, count(*)::int AS n FROM (
        SELECT mine.post_id FROM ${comments} mine WHERE mine.author_id = ${userId}
        UNION ALL
        SELECT reply.post_id FROM ${comments} mine
          JOIN ${comments} reply ON reply.post_id = mine.post_id AND reply.parent_id = mine.id
          WHERE mine.author_id = ${userId} AND reply.author_id <> ${userId}
      ) going
      GROUP BY going.post_id
    ) gone
    WHERE ${posts.id} = gone.post_id AND ${posts.authorId} <> ${userId}`);
}

/**
 * Removes the member's likes of posts and comments with their counters, in one statement each, as
 * an unlike does (the row and its counter move together): posts and comments of their own go anyway.
 */
export async function removeLikesOf(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`
    WITH gone AS (DELETE FROM ${postLikes} WHERE ${postLikes.userId} = ${userId} RETURNING ${postLikes.postId})
    UPDATE ${posts} SET likes = greatest(${posts.likes} - 1, 0)
    WHERE ${posts.id} IN (SELECT post_id FROM gone) AND ${posts.authorId} <> ${userId}`);
  await db.execute(sql`
    WITH gone AS (
      DELETE FROM ${commentLikes} WHERE ${commentLikes.userId} = ${userId} RETURNING ${commentLikes.commentId}
    )
    UPDATE ${comments} SET likes = greatest(${comments.likes} - 1, 0)
    WHERE ${comments.id} IN (SELECT comment_id FROM gone) AND ${comments.authorId} <> ${userId}`);
}
