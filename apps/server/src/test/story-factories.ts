import { eq } from 'drizzle-orm';
import { STORY_LIFETIME_MS } from '@motema/shared/posts';
import type { PostVisibility } from '@motema/shared/posts';
import { mediaItems, stories, storyAllowed, storyViews, type StoryRow } from '../db/schema.ts';
import { clock } from '../lib/clock.ts';
import type { TestApp } from './build-test-app.ts';
import type { Member } from './factories.ts';
import { MEDIA_PROCESSED_QUEUE, type MediaProcessedJob } from '../features/media/transcode-jobs.ts';
import { createPhotoItem, createVideoItem, type TestMediaItem } from './media-item-factories.ts';

type Someone = Pick<Member, 'user'>;

/**
 * A story as POST /api/stories leaves it, written straight into the tables: its media item (a ready
 * photo of the author's unless given, made with media-item-factories.ts) claimed, created at
 * `createdAt` (the clock's now by default) and ending a day later; public unless `visibility` says
 * private, then for `allowed` (no check that they are matches or partners: the route checks).
 */
export async function buildStory(
  t: Pick<TestApp, 'db' | 'storage'>,
  options: {
    author: Someone;
    item?: TestMediaItem;
    createdAt?: Date;
    visibility?: PostVisibility;
    allowed?: Someone[];
  },
): Promise<StoryRow & { item: TestMediaItem }> {
  const createdAt = options.createdAt ?? clock.now();
  const item = options.item ?? (await createPhotoItem(t, { owner: options.author, use: 'story' }));
  await t.db.update(mediaItems).set({ claimedAt: createdAt }).where(eq(mediaItems.id, item.id));
  const [story] = await t.db
    .insert(stories)
    .values({
      authorId: options.author.user.id,
      itemId: item.id,
      visibility: options.visibility ?? 'public',
      createdAt,
      expiresAt: new Date(createdAt.getTime() + STORY_LIFETIME_MS),
    })
    .returning();
  const allowed = options.allowed ?? [];
  if (allowed.length > 0) {
    await t.db
      .insert(storyAllowed)
      .values(allowed.map((one) => ({ storyId: story!.id, userId: one.user.id })));
  }
  return { ...story!, item };
}

/** `viewer` saw `story` (as POST /api/stories/{id}/views records it). */
export async function buildStoryView(
  t: Pick<TestApp, 'db'>,
  story: { id: string },
  viewer: Someone,
  at = clock.now(),
) {
  await t.db.insert(storyViews).values({ storyId: story.id, viewerId: viewer.user.id, viewedAt: at });
}

/**
 * What the media worker does when a video finishes: writes the item's row `ready` with its files
 * (those of a fresh ready video), then sends MEDIA_PROCESSED_QUEUE; resolves once the server's
 * handler has worked the job.
 */
export async function finishEncoding(t: Pick<TestApp, 'db' | 'storage' | 'jobs'>, item: TestMediaItem) {
  const encoded = await createVideoItem(t, { owner: item.owner, use: item.use });
  await t.db
    .update(mediaItems)
    .set({
      status: 'ready',
      variants: encoded.variants,
      image: encoded.image,
      placeholder: encoded.placeholder,
    })
    .where(eq(mediaItems.id, item.id));
  const job = await t.jobs.send<MediaProcessedJob>(MEDIA_PROCESSED_QUEUE, {
    itemId: item.id,
    ownerId: item.ownerId,
    status: 'ready',
  });
  const outcome = await t.jobs.waitFor(MEDIA_PROCESSED_QUEUE, job, 10_000);
  if (outcome.state !== 'completed') throw new Error(`the processed job ended ${outcome.state}`);
}
