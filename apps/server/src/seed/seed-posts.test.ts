import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTS_PAGE_SIZE, type PostPage } from '@motema/shared/posts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { asMember, loginCookie } from '../test/factories.ts';
import { SEED_PASSWORD } from './members.ts';
import { seed, type SeedSummary } from './seed.ts';

const PREFIX = 'seedposts_';
const MEMBERS = 300;
const POSTS = 3000;

describe('seed: posts with photos, allow lists, likes and comments', () => {
  let t: TestApp;
  let summary: SeedSummary;
  const rows = async <T>(query: ReturnType<typeof sql>) => (await t.db.execute(query)).rows as T[];
  const run = sql`(SELECT id FROM users WHERE username LIKE 'seedposts\\_%')`;

  beforeAll(async () => {
    t = await buildTestApp();
    summary = await seed(
      { db: t.db, storage: t.storage },
      { members: MEMBERS, prefix: PREFIX, avatarSet: 2, activity: false, posts: POSTS, postPhotoSet: 2 },
    );
  }, 60_000);
  afterAll(() => t?.close());

  it('adds posts in a realistic mix, their counters equal to their likes, comments and photos', async () => {
    type Stats = Record<
      | 'total'
      | 'private'
      | 'photo'
      | 'ready'
      | 'by_pending'
      | 'by_others'
      | 'not_ms'
      | 'before_author'
      | 'future'
      | 'oldest_days'
      | 'days'
      | 'bad_likes'
      | 'bad_comments'
      | 'bad_media'
      | 'bad_allowed'
      | 'allowed_author'
      | 'likes'
      | 'comments',
      number
    >;
    const [stats] = await rows<Stats>(sql`
      SELECT count(*)::int AS total,
        count(*) FILTER (WHERE visibility = 'private')::int AS private,
        count(*) FILTER (WHERE kind = 'photo')::int AS photo,
        count(*) FILTER (WHERE p.status = 'ready')::int AS ready,
        count(*) FILTER (WHERE u.status = 'pending')::int AS by_pending,
        count(*) FILTER (WHERE u.id NOT IN ${run})::int AS by_others,
        count(*) FILTER (WHERE p.created_at <> date_trunc('milliseconds', p.created_at))::int AS not_ms,
        count(*) FILTER (WHERE p.created_at < u.created_at)::int AS before_author,
        count(*) FILTER (WHERE p.created_at > now())::int AS future,
        floor(extract(epoch FROM now() - min(p.created_at)) / 86400)::int AS oldest_days,
        count(DISTINCT p.created_at::date)::int AS days,
        count(*) FILTER (WHERE p.likes <> (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id))::int AS bad_likes,
        count(*) FILTER (WHERE p.comments <> (SELECT count(*) FROM comments c WHERE c.post_id = p.id))::int AS bad_comments,
        count(*) FILTER (WHERE p.media_count <> (SELECT count(*) FROM post_media m JOIN media_items i ON i.id = m.item_id
          WHERE m.post_id = p.id AND i.owner_id = p.author_id AND i.status = 'ready' AND i.kind = 'photo')
          OR (p.kind = 'photo') <> (p.media_count BETWEEN 1 AND 4))::int AS bad_media,
        count(*) FILTER (WHERE (p.visibility = 'private') <> EXISTS (SELECT 1 FROM post_allowed a WHERE a.post_id = p.id)
          OR (SELECT count(*) FROM post_allowed a WHERE a.post_id = p.id) > 4)::int AS bad_allowed,
        count(*) FILTER (WHERE EXISTS (SELECT 1 FROM post_allowed a WHERE a.post_id = p.id AND a.user_id = p.author_id))::int AS allowed_author,
        sum(p.likes)::int AS likes, sum(p.comments)::int AS comments
      FROM posts p JOIN users u ON u.id = p.author_id`);
    expect(stats).toMatchObject({
      total: POSTS,
      ready: POSTS,
      by_pending: 0,
      by_others: 0,
      not_ms: 0,
      before_author: 0,
      future: 0,
      bad_likes: 0,
      bad_comments: 0,
      bad_media: 0,
      bad_allowed: 0,
      allowed_author: 0,
    });
    expect(summary.posts).toMatchObject({ posts: POSTS, postLikes: stats!.likes, comments: stats!.comments });
    expect(stats!.private / POSTS).toBeGreaterThan(0.05);
    expect(stats!.private / POSTS).toBeLessThan(0.15);
    expect(stats!.photo / POSTS).toBeGreaterThan(0.2);
    expect(stats!.photo / POSTS).toBeLessThan(0.4);
    expect(stats!.likes / POSTS).toBeGreaterThan(1);
    expect(stats!.comments / POSTS).toBeGreaterThan(0.3);
    // Over months, on many days.
    expect(stats!.oldest_days).toBeGreaterThan(60);
    expect(stats!.days).toBeGreaterThan(60);
  });

  it("shows seeded posts in a seeded member's feed, their photos served", async () => {
    const [member] = await rows<{ username: string }>(sql`
      SELECT u.username FROM users u
      WHERE u.id IN ${run} AND u.status = 'active' AND u.first_name IS NOT NULL AND u.latitude IS NOT NULL
      ORDER BY (SELECT count(*) FROM posts p JOIN users a ON a.id = p.author_id WHERE p.kind = 'photo'
        AND p.visibility = 'public' AND a.sex = ANY (u.match_sex) AND a.status = 'active'
        AND abs(a.latitude - u.latitude) < 0.3 AND abs(a.longitude - u.longitude) < 0.3) DESC, u.username
      LIMIT 1`);
    const cookie = await loginCookie(t, member!.username, SEED_PASSWORD);
    const res = await asMember(t, cookie)('GET', '/api/posts');
    expect(res.statusCode).toBe(200);
    const page = res.json<PostPage>();
    expect(page.posts.length).toBe(POSTS_PAGE_SIZE);
    expect(page.next).not.toBeNull();
    // Seeded at random, a page may hold no photo (3 in 10 posts have one): the next pages are read too.
    let photo = page.posts.find((post) => post.kind === 'photo' && post.media.length > 0);
    for (let next = page.next, read = 1; !photo && next && read < 10; read++) {
      const more = (
        await asMember(t, cookie)('GET', `/api/posts?cursor=${encodeURIComponent(next)}`)
      ).json<PostPage>();
      photo = more.posts.find((post) => post.kind === 'photo' && post.media.length > 0);
      next = more.next;
    }
    expect(photo, 'a photo post in the first 10 pages of the feed').toBeDefined();
    const url = photo!.media[0]!.image!.thumbnail;
    const served = await asMember(t, cookie)('GET', url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('refuses a number of posts that is not a whole number', async () => {
    await expect(
      seed({ db: t.db, storage: t.storage }, { members: 5, prefix: 'postsbad_', posts: -1 }),
    ).rejects.toThrow('posts: a whole number');
  });
});
