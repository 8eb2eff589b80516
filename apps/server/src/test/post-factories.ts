import { eq, inArray } from 'drizzle-orm';
import type { PostVisibility } from '@motema/shared/posts';
import type { Db } from '../db/client.ts';
import {
  comments,
  mediaItems,
  postAllowed,
  postMedia,
  postRequests,
  posts,
  type CommentRow,
  type MediaItemRow,
  type PostRow,
} from '../db/schema.ts';
import { MEDIA_PROCESSED_QUEUE, type MediaProcessedJob } from '../features/media/transcode-jobs.ts';
import { clock } from '../lib/clock.ts';
import type { TestApp } from './build-test-app.ts';
import type { Member } from './factories.ts';

type Someone = Pick<Member, 'user'>;

/**
 * A post as POST /api/posts leaves it, written straight into the tables: its media items (made
 * with media-item-factories.ts) claimed, its allow list and waiting requests. Its kind and status
 * follow its media unless told.
 */
export async function buildPost(
  t: Pick<TestApp, 'db'>,
  options: {
    author: Someone;
    visibility?: PostVisibility;
    text?: string;
    media?: MediaItemRow[];
    allowed?: Someone[];
    requested?: Someone[];
    status?: PostRow['status'];
    createdAt?: Date;
    /** The zone it is posted in (public within it). */
    zoneId?: string;
  },
): Promise<PostRow> {
  const media = options.media ?? [];
  const now = options.createdAt ?? clock.now();
  const kind = media[0]?.kind ?? 'text';
  const status =
    options.status ??
    (media.some((item) => item.status === 'failed')
      ? 'failed'
      : media.some((item) => item.status === 'processing')
        ? 'processing'
        : 'ready');
  const [post] = await t.db
    .insert(posts)
    .values({
      authorId: options.author.user.id,
      text: options.text ?? 'Sunday at the river',
      kind,
      visibility: options.visibility ?? 'public',
      status,
      mediaCount: media.length,
      createdAt: now,
      zoneId: options.zoneId ?? null,
    })
    .returning();
  if (media.length) {
    await t.db
      .update(mediaItems)
      .set({ claimedAt: now })
      .where(
        inArray(
          mediaItems.id,
          media.map((item) => item.id),
        ),
      );
    await t.db
      .insert(postMedia)
      .values(media.map((item, position) => ({ postId: post!.id, itemId: item.id, position })));
  }
  for (const member of options.allowed ?? []) {
    await t.db.insert(postAllowed).values({ postId: post!.id, userId: member.user.id, createdAt: now });
  }
  for (const member of options.requested ?? []) {
    await t.db.insert(postRequests).values({ postId: post!.id, requesterId: member.user.id, createdAt: now });
  }
  return post!;
}

/** A comment (or a reply) on a post, as the route stores it; the post's counter follows. */
export async function buildComment(
  t: Pick<TestApp, 'db'>,
  options: { post: PostRow; author: Someone; parent?: CommentRow; text?: string },
): Promise<CommentRow> {
  const [row] = await t.db
    .insert(comments)
    .values({
      postId: options.post.id,
      authorId: options.author.user.id,
      parentId: options.parent ? (options.parent.parentId ?? options.parent.id) : null,
      text: options.text ?? 'So beautiful!',
      createdAt: clock.now(),
    })
    .returning();
  const [current] = await t.db.select().from(posts).where(eq(posts.id, options.post.id));
  await t.db
    .update(posts)
    .set({ comments: (current?.comments ?? 0) + 1 })
    .where(eq(posts.id, options.post.id));
  return row!;
}

/** The post's row as stored now (undefined once deleted). */
export async function postRow(db: Db, postId: string): Promise<PostRow | undefined> {
  const [row] = await db.select().from(posts).where(eq(posts.id, postId));
  return row;
}

/** The post's allow list and waiting requests, by member id. */
export async function accessRows(db: Db, postId: string) {
  const allowed = await db.select().from(postAllowed).where(eq(postAllowed.postId, postId));
  const requested = await db.select().from(postRequests).where(eq(postRequests.postId, postId));
  return {
    allowed: allowed.map((row) => row.userId).sort(),
    requested: requested.map((row) => row.requesterId).sort(),
  };
}

/** What the media worker sends once it wrote an item's row: the processed job the posts feature works. */
export async function sendMediaProcessed(t: Pick<TestApp, 'app'>, job: MediaProcessedJob): Promise<void> {
  await t.app.deps.jobs.send(MEDIA_PROCESSED_QUEUE, job);
}
