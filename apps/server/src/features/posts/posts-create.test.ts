import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_PHOTOS_MAX } from '@motema/shared/posts';
import { mediaItems, postAllowed, posts } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createProfile } from '../../test/discovery-factories.ts';
import { asMember, createMember, type Member } from '../../test/factories.ts';
import {
  createAudioItem,
  createFailedItem,
  createPhotoItem,
  createProcessingItem,
  createVideoItem,
} from '../../test/media-item-factories.ts';
import { buildBlock } from '../../test/safety-factories.ts';

describe('POST /api/posts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const create = (by: Member, body: object) => asMember(t, by.cookie)('POST', '/api/posts', body);
  const postsOf = (member: Member) => t.db.select().from(posts).where(eq(posts.authorId, member.user.id));
  const claimedAt = async (itemId: string) =>
    (await t.db.select().from(mediaItems).where(eq(mediaItems.id, itemId)))[0]?.claimedAt ?? null;

  it('publishes a text post: 201, the author’s view, stored with the clock’s time', async () => {
    const author = await createProfile(t, { firstName: 'Nadia', lastName: 'Secret' });
    const res = await create(author, { text: '  Mbote!  ', visibility: 'public' });
    expect(res.statusCode).toBe(201);
    const post = res.json();
    expect(post).toMatchObject({
      author: { _id: author.user.id, name: 'Nadia', firstName: 'Nadia', avatar: null },
      text: 'Mbote!',
      kind: 'text',
      visibility: 'public',
      status: 'ready',
      mediaCount: 0,
      media: [],
      access: 'author',
      locked: false,
      likes: 0,
      liked: false,
      comments: 0,
      allowed: null,
      editedAt: null,
    });
    // Never the last name (Z2).
    expect(JSON.stringify(post)).not.toContain('Secret');
    expect(await postsOf(author)).toEqual([expect.objectContaining({ id: post._id, text: 'Mbote!' })]);
  });

  it('publishes up to 10 photos in the order given, claimed, each served under the post', async () => {
    const author = await createProfile(t);
    const photos = [];
    for (let i = 0; i < 3; i++) photos.push(await createPhotoItem(t, { owner: author }));
    const order = [photos[2]!.id, photos[0]!.id, photos[1]!.id];
    const res = await create(author, { text: '', media: order, visibility: 'public' });
    expect(res.statusCode).toBe(201);
    const post = res.json();
    expect(post).toMatchObject({ kind: 'photo', status: 'ready', mediaCount: 3 });
    expect(post.media.map((item: { _id: string }) => item._id)).toEqual(order);
    for (const id of order) expect(await claimedAt(id)).not.toBeNull();
    const url: string = post.media[0].image.sources[0].url;
    expect(url.startsWith(`/api/posts/${post._id}/media/${order[0]}/`)).toBe(true);
    const file = await asMember(t, author.cookie)('GET', url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, no-cache');
  });

  it.each([
    ['a video', createVideoItem, 'video'],
    ['an audio', createAudioItem, 'audio'],
  ] as const)('publishes %s alone as its kind', async (_name, make, kind) => {
    const author = await createProfile(t);
    const item = await make(t, { owner: author });
    const res = await create(author, { media: [item.id], visibility: 'public' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind, status: 'ready', mediaCount: 1 });
    expect(res.json().media[0].sources.length).toBeGreaterThan(0);
  });

  it('keeps a post with a video still encoding `processing`', async () => {
    const author = await createProfile(t);
    const item = await createProcessingItem(t, { owner: author });
    const res = await create(author, { text: 'Soon', media: [item.id], visibility: 'public' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'video', status: 'processing' });
  });

  it.each([
    ['a photo and a video', ['photo', 'video']],
    ['two videos', ['video', 'video']],
    ['a video and an audio', ['video', 'audio']],
    ['two audios', ['audio', 'audio']],
  ] as const)('refuses %s: 400 post_media_mixed, nothing stored or claimed', async (_name, kinds) => {
    const author = await createProfile(t);
    const make = { photo: createPhotoItem, video: createVideoItem, audio: createAudioItem };
    const items = [];
    for (const kind of kinds) items.push(await make[kind](t, { owner: author }));
    const res = await create(author, { media: items.map((item) => item.id), visibility: 'public' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('post_media_mixed');
    expect(await postsOf(author)).toEqual([]);
    for (const item of items) expect(await claimedAt(item.id)).toBeNull();
  });

  it('refuses more than 10 photos, an empty post and a bad visibility: 400 on the field', async () => {
    const author = await createMember(t);
    const ids = Array.from({ length: POST_PHOTOS_MAX + 1 }, () => randomUUID());
    const cases = [
      [{ media: ids, visibility: 'public' }, 'media', 'post_media_over_limit'],
      [{ text: '   ', visibility: 'public' }, 'text', 'post_empty'],
      [{ text: 'hi', visibility: 'friends' }, 'visibility', 'invalid_value'],
      [{ text: 'hi', visibility: 'private', allowed: ['nope'] }, 'allowed.0', 'invalid_value'],
    ] as const;
    for (const [body, path, code] of cases) {
      const res = await create(author, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().issues).toContainEqual(expect.objectContaining({ path, code }));
    }
    expect(await postsOf(author)).toEqual([]);
  });

  it('refuses another member’s upload, a used one and a failed one, nothing stored', async () => {
    const author = await createProfile(t);
    const cases = [
      [await createPhotoItem(t), 400, 'media_not_found'],
      [await createPhotoItem(t, { owner: author, use: 'story' }), 400, 'media_not_found'],
      [await createPhotoItem(t, { owner: author, claimedAt: new Date() }), 409, 'media_already_used'],
      [await createFailedItem(t, { owner: author }), 400, 'media_failed'],
    ] as const;
    for (const [item, status, code] of cases) {
      const res = await create(author, { media: [item.id], visibility: 'public' });
      expect(res.statusCode, code).toBe(status);
      expect(res.json().code).toBe(code);
    }
    expect(await postsOf(author)).toEqual([]);
  });

  it('stores a private post’s allow list (the author left out, each once) and shows it to the author', async () => {
    const [author, a, b] = [
      await createProfile(t),
      await createProfile(t),
      await createProfile(t, { firstName: 'Bea' }),
    ];
    const allowed = [a.user.id, b.user.id, a.user.id, author.user.id];
    const res = await create(author, { text: 'For you', visibility: 'private', allowed });
    expect(res.statusCode).toBe(201);
    const names = res
      .json()
      .allowed.map((member: { _id: string }) => member._id)
      .sort();
    expect(names).toEqual([a.user.id, b.user.id].sort());
    const stored = await t.db.select().from(postAllowed).where(eq(postAllowed.postId, res.json()._id));
    expect(stored.map((row) => row.userId).sort()).toEqual([a.user.id, b.user.id].sort());
  });

  it.each([
    ['a member the author blocked', 'blocked'],
    ['a member who blocked the author', 'blocker'],
    ['an unknown member', 'unknown'],
    ['a deactivated member', 'deactivated'],
  ] as const)('refuses to allow %s: 400 post_allowed_invalid, nothing stored', async (_name, who) => {
    const author = await createProfile(t);
    const other = await createProfile(t, who === 'deactivated' ? { status: 'deactivated' } : {});
    if (who === 'blocked') await buildBlock(t, { blocker: author, blocked: other });
    if (who === 'blocker') await buildBlock(t, { blocker: other, blocked: author });
    const id = who === 'unknown' ? randomUUID() : other.user.id;
    const res = await create(author, { text: 'Private', visibility: 'private', allowed: [id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual(
      expect.objectContaining({ path: 'allowed', code: 'post_allowed_invalid' }),
    );
    expect(await postsOf(author)).toEqual([]);
  });

  it('answers 401 to a visitor and stores nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: { text: 'x', visibility: 'public' },
    });
    expect(res.statusCode).toBe(401);
  });
});
