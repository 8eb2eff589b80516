import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaItems, type MediaItemRow } from '../../db/schema.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { createProfile } from '../../test/discovery-factories.ts';
import { asMember, waitFor, type Member } from '../../test/factories.ts';
import { createPhotoItem, createProcessingItem, createVideoItem } from '../../test/media-item-factories.ts';
import { postRow, sendMediaProcessed } from '../../test/post-factories.ts';
import { collect, eventually, nextEvent, settle, socketTestBed } from '../../test/socket-test-bed.ts';

describe('a post’s life: processing, ready or failed, deleted with its files', () => {
  const bed = socketTestBed();
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });

  const as = (member: Member) => asMember(t, member.cookie);
  const itemRow = async (id: string) =>
    (await t.db.select().from(mediaItems).where(eq(mediaItems.id, id)))[0];

  /** What the media worker does when an encode ends: the item's row, then the processed job. */
  async function finish(item: MediaItemRow, outcome: 'ready' | 'failed') {
    if (outcome === 'ready') {
      const encoded = await createVideoItem(t, { owner: { user: { id: item.ownerId } } });
      await t.db.delete(mediaItems).where(eq(mediaItems.id, encoded.id));
      await t.db
        .update(mediaItems)
        .set({
          status: 'ready',
          image: encoded.image,
          variants: encoded.variants,
          placeholder: encoded.placeholder,
          durationMs: 1000,
          width: 160,
          height: 90,
          readyAt: new Date(),
        })
        .where(eq(mediaItems.id, item.id));
    } else {
      await t.db
        .update(mediaItems)
        .set({ status: 'failed', error: 'video_too_long' })
        .where(eq(mediaItems.id, item.id));
    }
    await sendMediaProcessed(t, { itemId: item.id, ownerId: item.ownerId, status: outcome });
  }

  async function processingPost() {
    const [author, other] = [await createProfile(t), await createProfile(t)];
    const item = await createProcessingItem(t, { owner: author });
    const res = await as(author)('POST', '/api/posts', {
      text: 'My dance',
      media: [item.id],
      visibility: 'public',
    });
    expect(res.json()).toMatchObject({ status: 'processing', kind: 'video' });
    return { author, other, item, postId: res.json()._id as string };
  }
  const tab = async (viewer: Member, author: Member) =>
    (await as(viewer)('GET', `/api/users/${author.user.id}/posts?kind=video`))
      .json()
      .posts.map((post: { _id: string; status: string }) => `${post._id}:${post.status}`);

  it('shows a post to others only once its video is ready, then tells its author posts:ready', async () => {
    const { author, other, item, postId } = await processingPost();
    const [authorSocket, otherSocket] = [await bed.socketOf(author), await bed.socketOf(other)];
    const otherHeard = collect(otherSocket, 'posts:ready');
    expect((await as(other)('GET', `/api/posts/${postId}`)).statusCode).toBe(404);
    expect(await tab(other, author)).toEqual([]);
    expect(await tab(author, author)).toEqual([`${postId}:processing`]);
    expect((await as(author)('GET', `/api/posts/${postId}`)).json()).toMatchObject({
      status: 'processing',
      access: 'author',
    });

    const ready = nextEvent(authorSocket, 'posts:ready');
    await finish(item, 'ready');
    expect(await ready).toEqual({ post: { _id: postId }, status: 'ready' });
    const seen = await as(other)('GET', `/api/posts/${postId}`);
    expect(seen.json()).toMatchObject({ status: 'ready', locked: false });
    expect(seen.json().media[0].sources.map((source: { quality: string }) => source.quality)).toEqual([
      'standard',
      'saver',
    ]);
    const file = await as(other)('GET', seen.json().media[0].sources[0].url);
    expect(file.statusCode).toBe(200);
    expect(await tab(other, author)).toEqual([`${postId}:ready`]);
    await settle();
    expect(otherHeard).toEqual([]);
  });

  it('keeps a refused video’s post from others, its author told `failed`; a second processed job moves nothing', async () => {
    const { author, other, item, postId } = await processingPost();
    const authorSocket = await bed.socketOf(author);
    const heard = collect(authorSocket, 'posts:ready');
    await finish(item, 'failed');
    await eventually(() => expect(heard).toEqual([{ post: { _id: postId }, status: 'failed' }]));
    expect((await postRow(t.db, postId))?.status).toBe('failed');
    expect((await as(other)('GET', `/api/posts/${postId}`)).statusCode).toBe(404);
    await sendMediaProcessed(t, {
      itemId: item.id,
      ownerId: author.user.id,
      status: 'failed',
    });
    await settle(1000);
    expect(heard).toHaveLength(1);
    // The author may delete it.
    expect((await as(author)('DELETE', `/api/posts/${postId}`)).statusCode).toBe(204);
  });

  it('takes an item ready before the post as ready: the creation reads its status', async () => {
    const author = await createProfile(t);
    const item = await createProcessingItem(t, { owner: author });
    await finish(item, 'ready');
    // The handler found no post yet: nothing to move.
    await waitFor(async () => ((await itemRow(item.id))?.status === 'ready' ? true : undefined), 'the item');
    await settle(500);
    const res = await as(author)('POST', '/api/posts', { media: [item.id], visibility: 'public' });
    expect(res.json()).toMatchObject({ status: 'ready' });
  });

  it('removes a deleted post’s media items and their files (Z6)', async () => {
    const author = await createProfile(t);
    const photos = [await createPhotoItem(t, { owner: author }), await createPhotoItem(t, { owner: author })];
    const res = await as(author)('POST', '/api/posts', {
      media: photos.map((p) => p.id),
      visibility: 'public',
    });
    const postId = res.json()._id;
    const keys = photos.flatMap((photo) => photo.image!.map((variant) => variant.key));
    for (const key of keys) expect(await t.storage.get(key)).not.toBeNull();
    expect((await as(author)('DELETE', `/api/posts/${postId}`)).statusCode).toBe(204);
    expect(await postRow(t.db, postId)).toBeUndefined();
    for (const photo of photos) expect(await itemRow(photo.id)).toBeUndefined();
    await eventually(async () => {
      for (const key of keys) expect(await t.storage.get(key)).toBeNull();
    }, 20_000);
  });

  it('removes a deleted account’s posts, media items and files (Z6)', async () => {
    const author = await createProfile(t);
    const photo = await createPhotoItem(t, { owner: author });
    const video = await createVideoItem(t, { owner: author });
    const first = (
      await as(author)('POST', '/api/posts', { media: [photo.id], visibility: 'public' })
    ).json();
    const second = (
      await as(author)('POST', '/api/posts', { media: [video.id], visibility: 'private' })
    ).json();
    const keys = [...photo.image!, ...video.image!, ...video.variants].map((variant) => variant.key);
    const res = await as(author)('DELETE', '/api/users', { password: author.password });
    expect(res.statusCode).toBe(204);
    for (const id of [first._id, second._id]) expect(await postRow(t.db, id)).toBeUndefined();
    for (const id of [photo.id, video.id]) expect(await itemRow(id)).toBeUndefined();
    await eventually(async () => {
      for (const key of keys) expect(await t.storage.get(key)).toBeNull();
    }, 20_000);
  });
});
