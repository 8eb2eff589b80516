import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTS_PAGE_SIZE, type PostPage } from '@motema/shared/posts';
import { postLikes, type PostRow } from '../../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  buildMatch,
  createProfile,
  insertProfiles,
  KINSHASA,
  moved,
} from '../../../test/discovery-factories.ts';
import { asMember, type Member } from '../../../test/factories.ts';
import { createPhotoItem } from '../../../test/media-item-factories.ts';
import { buildPost } from '../../../test/post-factories.ts';
import { buildBlock, buildReport } from '../../../test/safety-factories.ts';

type Post = PostPage['posts'][number];

/** Every page of the member's feed, following the cursors (each page checked for its size). */
async function wholeFeed(t: TestApp, member: Member, between?: (page: number) => Promise<void>) {
  const posts: Post[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const res = await asMember(t, member.cookie)(
      'GET',
      `/api/posts${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PostPage>();
    posts.push(...body.posts);
    if (!body.next) return posts;
    expect(body.posts).toHaveLength(POSTS_PAGE_SIZE);
    cursor = body.next;
    await between?.(page);
  }
  throw new Error('more than 100 pages');
}

describe('GET /api/posts: who is in the feed', () => {
  let t: TestApp;
  // The viewer: a man of 30 in Kinshasa who wants women of 25 to 35 within 100 km.
  let viewer: Member;
  /**
   * How the feed shows a post: whole, locked (a private post the viewer may ask to see: that it
   * exists, never its content), or not at all.
   */
  type Shown = 'shown' | 'locked' | 'hidden';
  const table: { who: string; post: PostRow; shown: Shown }[] = [];
  const row = (who: string, post: PostRow, shown: boolean | Shown) =>
    table.push({ who, post, shown: shown === true ? 'shown' : shown === false ? 'hidden' : shown });
  const postOf = (who: string) => table.find((entry) => entry.who === who)!.post;
  let fits: Member;
  let blocked: Member;
  let blocker: Member;

  beforeAll(async () => {
    t = await buildTestApp();
    viewer = await createProfile(t, {
      sex: 'male',
      age: 30,
      wants: ['female'],
      matchAgeMin: 25,
      matchAgeMax: 35,
      matchDistance: 100,
    });
    const near = (options: Parameters<typeof createProfile>[1] = {}) =>
      createProfile(t, { sex: 'female', age: 28, position: moved(KINSHASA, 10), ...options });

    fits = await near();
    row('near, fits: public', await buildPost(t, { author: fits }), true);
    row(
      'near, fits: private, not allowed',
      await buildPost(t, { author: fits, visibility: 'private' }),
      'locked',
    );
    row(
      'near, fits: private text, not allowed',
      await buildPost(t, { author: fits, visibility: 'private', text: 'Only for my friends' }),
      'locked',
    );
    row(
      'near, fits: private, requested',
      await buildPost(t, { author: fits, visibility: 'private', requested: [viewer] }),
      'locked',
    );
    row(
      'near, fits: private, processing',
      await buildPost(t, { author: fits, visibility: 'private', status: 'processing' }),
      false,
    );
    row(
      'near, fits: private, allowed',
      await buildPost(t, { author: fits, visibility: 'private', allowed: [viewer] }),
      true,
    );
    row('near, fits: processing', await buildPost(t, { author: fits, status: 'processing' }), false);
    row('near, fits: failed', await buildPost(t, { author: fits, status: 'failed' }), false);
    row(
      'near at 90 km, fits',
      await buildPost(t, { author: await near({ position: moved(KINSHASA, 90) }) }),
      true,
    );
    row(
      'at 150 km, fits',
      await buildPost(t, { author: await near({ position: moved(KINSHASA, 150) }) }),
      false,
    );
    row('near, no position', await buildPost(t, { author: await near({ position: null }) }), false);
    row('near, a man', await buildPost(t, { author: await near({ sex: 'male' }) }), false);
    row('near, 40 years old', await buildPost(t, { author: await near({ age: 40 }) }), false);
    row('near, 24 years old', await buildPost(t, { author: await near({ age: 24 }) }), false);
    row('near, deactivated', await buildPost(t, { author: await near({ status: 'deactivated' }) }), false);
    row('near, no first name', await buildPost(t, { author: await near({ firstName: null }) }), false);

    blocked = await near();
    await buildBlock(t, { blocker: viewer, blocked });
    row('near, blocked by the viewer', await buildPost(t, { author: blocked }), false);
    row(
      'near, blocked by the viewer: private',
      await buildPost(t, { author: blocked, visibility: 'private' }),
      false,
    );
    row(
      'blocked by the viewer, private, allowed',
      await buildPost(t, { author: blocked, visibility: 'private', allowed: [viewer] }),
      false,
    );
    blocker = await near();
    await buildBlock(t, { blocker, blocked: viewer });
    row('near, blocked the viewer', await buildPost(t, { author: blocker }), false);
    row(
      'blocked the viewer, private, allowed',
      await buildPost(t, { author: blocker, visibility: 'private', allowed: [viewer] }),
      false,
    );
    const reported = await near();
    await buildReport(t, { reporter: viewer, reported });
    row('near, reported by the viewer', await buildPost(t, { author: reported }), false);

    // A match who fits none of the preferences (a man of 60, 800 km away).
    const far = { sex: 'male' as const, age: 60, position: moved(KINSHASA, 800) };
    const match = await createProfile(t, far);
    await buildMatch(t, { members: [viewer, match] });
    row('match: public', await buildPost(t, { author: match }), true);
    row(
      'match: private, allowed',
      await buildPost(t, { author: match, visibility: 'private', allowed: [viewer] }),
      true,
    );
    row(
      'match: private, not allowed',
      await buildPost(t, { author: match, visibility: 'private' }),
      'locked',
    );
    row('match: processing', await buildPost(t, { author: match, status: 'processing' }), false);
    const blockedMatch = await createProfile(t, far);
    await buildMatch(t, { members: [viewer, blockedMatch] });
    await buildBlock(t, { blocker: blockedMatch, blocked: viewer });
    row('match who blocked the viewer: public', await buildPost(t, { author: blockedMatch }), false);
    const deactivatedMatch = await createProfile(t, { ...far, status: 'deactivated' });
    await buildMatch(t, { members: [viewer, deactivatedMatch] });
    row('deactivated match: public', await buildPost(t, { author: deactivatedMatch }), false);

    const stranger = await createProfile(t, far);
    row('stranger far away: public', await buildPost(t, { author: stranger }), false);
    row('stranger far away: private', await buildPost(t, { author: stranger, visibility: 'private' }), false);
    row(
      'stranger: private, allowed',
      await buildPost(t, { author: stranger, visibility: 'private', allowed: [viewer] }),
      true,
    );
    row(
      'stranger: private, allowed, processing',
      await buildPost(t, {
        author: stranger,
        visibility: 'private',
        allowed: [viewer],
        status: 'processing',
      }),
      false,
    );
    const gone = await createProfile(t, { ...far, status: 'deactivated' });
    row(
      'deactivated stranger: private, allowed',
      await buildPost(t, { author: gone, visibility: 'private', allowed: [viewer] }),
      false,
    );

    row('own: public', await buildPost(t, { author: viewer }), true);
    row('own: private', await buildPost(t, { author: viewer, visibility: 'private', allowed: [fits] }), true);
    row('own: processing', await buildPost(t, { author: viewer, status: 'processing' }), true);
    row('own: failed', await buildPost(t, { author: viewer, status: 'failed' }), true);
  }, 60_000);
  afterAll(() => t?.close());

  /** The table as the viewer's whole feed shows it; a locked post carries nothing of its content. */
  async function feedTable() {
    const feed = new Map((await wholeFeed(t, viewer)).map((post) => [post._id, post]));
    for (const post of feed.values()) if (post.locked) expect([post.text, post.media]).toEqual(['', []]);
    const outcome = (post: Post | undefined): Shown => (!post ? 'hidden' : post.locked ? 'locked' : 'shown');
    return { feed, seen: table.map(({ who, post }) => `${who}: ${outcome(feed.get(post.id))}`) };
  }

  it('shows each post to the viewer as the table says', async () => {
    const { feed, seen } = await feedTable();
    expect(seen).toEqual(table.map(({ who, shown }) => `${who}: ${shown}`));
    expect(feed.size).toBe(table.filter((entry) => entry.shown !== 'hidden').length);
  });

  it('shows the same when many members are near (the walk down all ready posts)', async () => {
    // 200 more women near who fit and post nothing: the feed's near branch walks all ready posts.
    await insertProfiles(t, 200, { age: 28, position: moved(KINSHASA, 20) });
    const { seen } = await feedTable();
    expect(seen).toEqual(table.map(({ who, shown }) => `${who}: ${shown}`));
  });

  it('hides the viewer from those they blocked and who blocked them', async () => {
    // He fits what each of them wants (everyone within 500 km): his public post is in their feed,
    // unless a block stands between them, whichever way.
    const own = new Set(table.filter((entry) => entry.who.startsWith('own')).map((entry) => entry.post.id));
    const ownIn = async (member: Member) =>
      (await wholeFeed(t, member)).flatMap((post) => (own.has(post._id) ? [post._id] : [])).sort();
    expect(await ownIn(fits)).toEqual([postOf('own: private').id, postOf('own: public').id].sort());
    expect(await ownIn(blocked)).toEqual([]);
    expect(await ownIn(blocker)).toEqual([]);
  });

  it("presents each post: newest first, its author, the viewer's like, its media, the allow list of their own", async () => {
    const photo = await createPhotoItem(t, { owner: fits });
    const post = await buildPost(t, { author: fits, media: [photo] });
    await t.db.insert(postLikes).values({ postId: post.id, userId: viewer.user.id });
    const feed = await wholeFeed(t, viewer);
    const times = feed.map((entry) => entry.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const shown = feed.find((entry) => entry._id === post.id)!;
    expect(shown).toMatchObject({
      access: 'allowed',
      locked: false,
      liked: true,
      kind: 'photo',
      mediaCount: 1,
    });
    expect(shown.author).toMatchObject({ _id: fits.user.id, name: 'Amani' });
    expect(shown.media.map((item) => item._id)).toEqual([photo.id]);
    expect(shown.media[0]!.image!.thumbnail).toMatch(new RegExp(`^/api/posts/${post.id}/media/${photo.id}/`));
    const ownPrivate = feed.find((entry) => entry._id === postOf('own: private').id)!;
    expect(ownPrivate).toMatchObject({ access: 'author', visibility: 'private' });
    expect(ownPrivate.allowed!.map((member) => member._id)).toEqual([fits.user.id]);
    const access = (who: string) => feed.find((entry) => entry._id === postOf(who).id)!.access;
    expect([access('near, fits: private, not allowed'), access('near, fits: private, requested')]).toEqual([
      'none',
      'requested',
    ]);
    const othersPrivate = feed.find((entry) => entry._id === postOf('stranger: private, allowed').id)!;
    expect(othersPrivate).toMatchObject({ access: 'allowed', locked: false, allowed: null });
  });
});
