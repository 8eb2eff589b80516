import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { commentLikes, comments, postLikes, posts } from '../../../db/schema.ts';

/**
 * Likes of posts and comments: the like row and its counter move in one transaction, and only when
 * the row was added or removed, so a repeated like or unlike changes nothing (idempotent).
 */

export async function likePost(db: DbOrTx, postId: string, userId: string, at: Date): Promise<number> {
  const added = await db
    .insert(postLikes)
    .values({ postId, userId, createdAt: at })
    .onConflictDoNothing()
    .returning({ postId: postLikes.postId });
  return postLikeCount(db, postId, added.length);
}

export async function unlikePost(db: DbOrTx, postId: string, userId: string): Promise<number> {
  const removed = await db
    .delete(postLikes)
    .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
    .returning({ postId: postLikes.postId });
  return postLikeCount(db, postId, -removed.length);
}

async function postLikeCount(db: DbOrTx, postId: string, delta: number): Promise<number> {
  const [row] = await db
    .update(posts)
    .set({ likes: sql`${posts.likes} + ${delta}` })
    .where(eq(posts.id, postId))
    .returning({ likes: posts.likes });
  return row?.likes ?? 0;
}

export async function likeComment(db: DbOrTx, commentId: string, userId: string, at: Date): Promise<number> {
  const added = await db
    .insert(commentLikes)
    .values({ commentId, userId, createdAt: at })
    .onConflictDoNothing()
    .returning({ commentId: commentLikes.commentId });
  return commentLikeCount(db, commentId, added.length);
}

export async function unlikeComment(db: DbOrTx, commentId: string, userId: string): Promise<number> {
  const removed = await db
    .delete(commentLikes)
    .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId)))
    .returning({ commentId: commentLikes.commentId });
  return commentLikeCount(db, commentId, -removed.length);
}

async function commentLikeCount(db: DbOrTx, commentId: string, delta: number): Promise<number> {
  const [row] = await db
    .update(comments)
    .set({ likes: sql`${comments.likes} + ${delta}` })
    .where(eq(comments.id, commentId))
    .returning({ likes: comments.likes });
  return row?.likes ?? 0;
}
