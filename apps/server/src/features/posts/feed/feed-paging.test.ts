import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTS_PAGE_SIZE, type PostPage } from '@motema/shared/posts';
import type { PostRow } from '../../../db/schema.ts';
import { clock } from '../../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createProfile, KINSHASA, moved } from '../../../test/discovery-factories.ts';
import { asMember, type Member } from '../../../test/factories.ts';
import { buildPost } from '../../../test/post-factories.ts';

/** The feed's order: newest first, then the larger id first among posts of the same millisecond. */
const newestFirst = (a: PostRow, b: PostRow) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

describe('GET /api/posts: paging', () => {
  let t: TestApp;
  let viewer: Member;
  let author: Member;
  const posts: PostRow[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    viewer = await createProfile(t, { sex: 'male', wants: ['female'] });
    author = await createProfile(t, { sex: 'female', position: moved(KINSHASA, 5) });
    // 57 posts over an hour, by twos and threes in the same millisecond (the cursor must tell them
    // apart by id), the viewer's own among them.
    const start = clock.now().getTime() - 3_600_000;
    for (let i = 0; i < 57; i++) {
      const createdAt = new Date(start + Math.floor(i / 3) * 60_000 + (i % 5 === 0 ? 1 : 0));
      posts.push(await buildPost(t, { author: i % 4 === 0 ? viewer : author, createdAt }));
    }
  }, 60_000);
  afterAll(() => t?.close());

  const page = async (cursor: string | null) => {
    const res = await asMember(t, viewer.cookie)(
      'GET',
      `/api/posts${cursor === null ? '' : `?cursor=${encodeURIComponent(cursor)}`}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PostPage>();
  };

  it('walks every post once, newest first, while new posts arrive', async () => {
    const seen: string[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const body: PostPage = await page(next);
      seen.push(...body.posts.map((post) => post._id));
      next = body.next;
      pages += 1;
      if (next) expect(body.posts).toHaveLength(POSTS_PAGE_SIZE);
      // New posts (newer than any) arrive between pages: they belong to the first page of a new
      // walk, never to this one's later pages, and push nothing out of them.
      await buildPost(t, { author, createdAt: clock.now() });
      await buildPost(t, { author: viewer, createdAt: clock.now() });
    } while (next);
    expect(pages).toBe(3);
    expect(seen).toEqual([...posts].sort(newestFirst).map((post) => post.id));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('starts a new walk with the posts that arrived', async () => {
    const body = await page(null);
    expect(body.posts.map((post) => post._id).slice(0, 6)).not.toContain(posts.at(-1)!.id);
    expect(new Date(body.posts[0]!.createdAt).getTime()).toBeGreaterThan(posts.at(-1)!.createdAt.getTime());
  });

  it('refuses a cursor it did not give: 400 invalid_value on cursor', async () => {
    const encoded = (text: string) => Buffer.from(text).toString('base64url');
    const [first] = posts;
    for (const cursor of [
      'garbage',
      encoded(`${first!.createdAt.getTime()}`),
      encoded(`${first!.createdAt.getTime()}.not-a-uuid`),
      encoded(`soon.${first!.id}`),
      encoded(`${first!.createdAt.getTime()}.${first!.id}.${first!.id}`),
      encoded(`-5.${first!.id}`),
    ]) {
      const res = await asMember(t, viewer.cookie)('GET', `/api/posts?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
      expect(res.json().issues).toContainEqual(
        expect.objectContaining({ path: 'cursor', code: 'invalid_value' }),
      );
    }
    const long = await asMember(t, viewer.cookie)('GET', `/api/posts?cursor=${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('answers only members', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/posts' });
    expect(res.statusCode).toBe(401);
  });
});
