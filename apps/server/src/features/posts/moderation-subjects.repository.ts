import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { comments, mediaItems, postMedia, posts, stories } from '../../db/schema.ts';

/*
 * The posts feature's subjects of moderation cases as the snapshot needs them (moderation-subjects.service.ts).
 */

export async function findPost(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ authorId: posts.authorId, text: posts.text })
    .from(posts)
    .where(eq(posts.id, id));
  return row;
}

export async function findComment(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ authorId: comments.authorId, text: comments.text, postId: comments.postId })
    .from(comments)
    .where(eq(comments.id, id));
  return row;
}

export async function findStory(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      authorId: stories.authorId,
      caption: stories.caption,
      itemId: stories.itemId,
      kind: mediaItems.kind,
      image: mediaItems.image,
    })
    .from(stories)
    .innerJoin(mediaItems, eq(mediaItems.id, stories.itemId))
    .where(eq(stories.id, id));
  return row;
}

/** The post's media in order, with their pictures (a photo's variants, a video's poster). */
export function postPictures(db: DbOrTx, postId: string) {
  return db
    .select({ kind: mediaItems.kind, image: mediaItems.image })
    .from(postMedia)
    .innerJoin(mediaItems, eq(mediaItems.id, postMedia.itemId))
    .where(eq(postMedia.postId, postId))
    .orderBy(asc(postMedia.position));
}

export async function deleteStory(db: DbOrTx, id: string) {
  const [row] = await db.delete(stories).where(eq(stories.id, id)).returning({ itemId: stories.itemId });
  return row;
}
