import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POSTS_PAGE_SIZE } from '@motema/shared/posts';
import { clock } from '../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createProfile } from '../../test/discovery-factories.ts';
import { asMember, type Member } from '../../test/factories.ts';
import { createAudioItem, createPhotoItem, createVideoItem } from '../../test/media-item-factories.ts';
import { randomIp } from '../../test/net.ts';
import { buildPost, postRow } from '../../test/post-factories.ts';
import { buildBlock } from '../../test/safety-factories.ts';

describe('reading and editing posts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  const as = (member: Member) => asMember(t, member.cookie);
  const visitor = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: randomIp() });
  const patch = (member: Member, id: string, payload: object) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/posts/${id}`,
      payload,
      headers: { cookie: member.cookie },
      remoteAddress: randomIp(),
    });

  it.each(['not-a-uuid', '42', 'a'.repeat(64), '6f1c2b1e-1b2c-4c3d-8e4f-5a6b7c8d9e0'])(
    'answers the SPEC’s bad format to the id %s: 400 post_id_invalid, member or visitor',
    async (id) => {
      const member = await createProfile(t);
      for (const res of [await as(member)('GET', `/api/posts/${id}`), await visitor(`/api/posts/${id}`)]) {
        expect([res.statusCode, res.json().code]).toEqual([400, 'post_id_invalid']);
      }
    },
  );

  it('answers 404 post_not_found for an unknown post and a deactivated author’s', async () => {
    const [member, author] = [await createProfile(t), await createProfile(t)];
    const post = await buildPost(t, { author });
    await t.db.$client.query(`UPDATE users SET status = 'deactivated' WHERE id = $1`, [author.user.id]);
    for (const url of [
      `/api/posts/${randomUUID()}`,
      `/api/posts/${post.id}`,
      `/api/posts/${post.id.toUpperCase()}`,
    ]) {
      for (const res of [await as(member)('GET', url), await visitor(url)]) {
        expect([res.statusCode, res.json().code]).toEqual([404, 'post_not_found']);
      }
    }
  });

  it('shows a locked post’s author, kind, date and counts, never its text, media or allow list (Z5)', async () => {
    const [author, friend, member] = [await createProfile(t), await createProfile(t), await createProfile(t)];
    const item = await createPhotoItem(t, { owner: author });
    const post = await buildPost(t, {
      author,
      visibility: 'private',
      media: [item],
      allowed: [friend],
      text: 'Secret text',
    });
    const res = await as(member)('GET', `/api/posts/${post.id}`);
    expect(res.json()).toMatchObject({
      _id: post.id,
      author: { _id: author.user.id },
      kind: 'photo',
      mediaCount: 1,
      text: '',
      media: [],
      locked: true,
      access: 'none',
      allowed: null,
    });
    expect(res.body).not.toContain('Secret text');
    expect(res.body).not.toContain(item.id);
    expect((await as(friend)('GET', `/api/posts/${post.id}`)).json()).toMatchObject({
      access: 'allowed',
      allowed: null,
    });
    const own = (await as(author)('GET', `/api/posts/${post.id}`)).json();
    expect(own.allowed.map((m: { _id: string }) => m._id)).toEqual([friend.user.id]);
    expect((await visitor(`/api/posts/${post.id}`)).json()).toMatchObject({
      statusCode: 403,
      code: 'post_not_allowed',
    });
  });

  it('edits the text (editedAt), keeps a text post from going empty, and answers the author only', async () => {
    const author = await createProfile(t);
    const post = await buildPost(t, { author, text: 'Hello' });
    const photoPost = await buildPost(t, { author, media: [await createPhotoItem(t, { owner: author })] });
    clock.advance(60_000);
    const edited = await patch(author, post.id, { text: '  Hello again ' });
    expect(edited.json()).toMatchObject({ text: 'Hello again', editedAt: expect.any(String) });
    expect(Date.parse(edited.json().editedAt)).toBeGreaterThanOrEqual(post.createdAt.getTime() + 60_000);
    const empty = await patch(author, post.id, { text: '' });
    expect(empty.json().issues).toContainEqual(expect.objectContaining({ path: 'text', code: 'post_empty' }));
    expect((await postRow(t.db, post.id))?.text).toBe('Hello again');
    expect((await patch(author, photoPost.id, { text: '' })).statusCode).toBe(200);
    const bad = await patch(author, 'nope', { text: 'x' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'post_id_invalid']);
  });

  it('lists a member’s posts by kind for their profile tabs, newest first, page by page', async () => {
    const [author, viewer] = [await createProfile(t), await createProfile(t)];
    const make = { photo: createPhotoItem, video: createVideoItem, audio: createAudioItem };
    const byKind: Record<string, string[]> = { photo: [], video: [], audio: [], text: [] };
    for (const kind of ['video', 'audio', 'text'] as const) {
      clock.advance(1000);
      const media = kind === 'text' ? [] : [await make[kind](t, { owner: author })];
      byKind[kind]!.unshift((await buildPost(t, { author, media })).id);
    }
    const photo = await createPhotoItem(t, { owner: author });
    for (let i = 0; i < POSTS_PAGE_SIZE + 2; i++) {
      clock.advance(1000);
      byKind.photo!.unshift((await buildPost(t, { author, media: i === 0 ? [photo] : [] })).id);
    }
    // Text posts made above are not photos: the photo tab holds only the post with a photo.
    const photos = [byKind.photo!.at(-1)!];
    const tab = async (kind: string, cursor?: string) => {
      const res = await as(viewer)(
        'GET',
        `/api/users/${author.user.id}/posts?kind=${kind}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      return res.json() as { posts: { _id: string }[]; next: string | null };
    };
    expect((await tab('photo')).posts.map((p) => p._id)).toEqual(photos);
    expect((await tab('video')).posts.map((p) => p._id)).toEqual(byKind.video);
    expect((await tab('audio')).posts.map((p) => p._id)).toEqual(byKind.audio);
    const first = await tab('text');
    expect(first.posts).toHaveLength(POSTS_PAGE_SIZE);
    const second = await tab('text', first.next!);
    const texts = [...byKind.photo!.slice(0, -1), ...byKind.text!];
    expect([...first.posts, ...second.posts].map((p) => p._id)).toEqual(texts);
    expect(second.next).toBeNull();
    const bad = await as(viewer)('GET', `/api/users/${author.user.id}/posts?cursor=abc`);
    expect(bad.json().issues).toContainEqual(
      expect.objectContaining({ path: 'cursor', code: 'invalid_value' }),
    );
  });

  it('answers 404 user_not_found for a member across a block, unknown or deactivated', async () => {
    const [viewer, blocked, gone] = [await createProfile(t), await createProfile(t), await createProfile(t)];
    await buildBlock(t, { blocker: blocked, blocked: viewer });
    await t.db.$client.query(`UPDATE users SET status = 'deactivated' WHERE id = $1`, [gone.user.id]);
    for (const id of [blocked.user.id, gone.user.id, randomUUID()]) {
      const res = await as(viewer)('GET', `/api/users/${id}/posts`);
      expect([res.statusCode, res.json().code]).toEqual([404, 'user_not_found']);
    }
  });

  it('hides a member across a block from the author’s allow list, and takes the list back with or without them', async () => {
    const [author, friend, gone] = [await createProfile(t), await createProfile(t), await createProfile(t)];
    const post = await buildPost(t, { author, visibility: 'private', allowed: [friend, gone] });
    await buildBlock(t, { blocker: gone, blocked: author });
    const own = (await as(author)('GET', `/api/posts/${post.id}`)).json();
    expect(own.allowed.map((m: { _id: string }) => m._id)).toEqual([friend.user.id]);
    // A stale list naming them still passes; a new member across a block does not.
    expect((await patch(author, post.id, { allowed: [friend.user.id, gone.user.id] })).statusCode).toBe(200);
    const other = await createProfile(t);
    await buildBlock(t, { blocker: author, blocked: other });
    const refused = await patch(author, post.id, { allowed: [friend.user.id, other.user.id] });
    expect(refused.json().issues).toContainEqual(
      expect.objectContaining({ path: 'allowed', code: 'post_allowed_invalid' }),
    );
    const saved = await patch(author, post.id, { allowed: own.allowed.map((m: { _id: string }) => m._id) });
    expect(saved.json().allowed.map((m: { _id: string }) => m._id)).toEqual([friend.user.id]);
  });

  it('serves a video in ranges, revalidated: a member taken off the allow list gets 404 even for a cached copy', async () => {
    const [author, friend] = [await createProfile(t), await createProfile(t)];
    const video = await createVideoItem(t, { owner: author });
    const post = await buildPost(t, { author, visibility: 'private', media: [video], allowed: [friend] });
    const url = (await as(friend)('GET', `/api/posts/${post.id}`)).json().media[0].sources[0].url as string;
    const get = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: friend.cookie, ...headers },
        remoteAddress: randomIp(),
      });
    const part = await get({ range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${video.variants[0]!.bytes}`);
    expect(part.rawPayload).toHaveLength(100);
    expect(part.headers['cache-control']).toBe('private, no-cache');
    const etag = String(part.headers.etag);
    expect((await get({ 'if-none-match': etag })).statusCode).toBe(304);
    await patch(author, post.id, { allowed: [] });
    const asked: Record<string, string>[] = [{ 'if-none-match': etag }, { range: 'bytes=0-99' }, {}];
    for (const headers of asked) {
      expect((await get(headers)).statusCode).toBe(404);
    }
  });
});
