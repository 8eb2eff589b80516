import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STORY_LIFETIME_MS, type Story } from '@motema/shared/posts';
import { mediaItems, users, type StoryRow } from '../../../db/schema.ts';
import { clock } from '../../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildMatch, createProfile } from '../../../test/discovery-factories.ts';
import { type Member } from '../../../test/factories.ts';
import { createProcessingItem, createVideoItem } from '../../../test/media-item-factories.ts';
import { randomIp } from '../../../test/net.ts';
import { buildBlock } from '../../../test/safety-factories.ts';
import { buildStory, finishEncoding } from '../../../test/story-factories.ts';

/**
 * Who reaches a story, over every story route: its author, a match, a stranger (no relation), a
 * member the author blocked, a member who blocked the author, a visitor. Listing (the SQL form of the
 * rule) and reaching one story (its predicate) must agree in every case (stories.policy.ts).
 */
describe('stories: access over every route', () => {
  let t: TestApp;
  let author: Member;
  let roles: Record<'author' | 'match' | 'stranger' | 'blockedByAuthor' | 'blockingAuthor', Member>;
  beforeAll(async () => {
    t = await buildTestApp();
    author = await createProfile(t, { firstName: 'Author' });
    roles = {
      author,
      match: await createProfile(t),
      stranger: await createProfile(t, { position: null }),
      blockedByAuthor: await createProfile(t),
      blockingAuthor: await createProfile(t),
    };
    await buildMatch(t, { members: [author, roles.match] });
    await buildBlock(t, { blocker: author, blocked: roles.blockedByAuthor });
    await buildBlock(t, { blocker: roles.blockingAuthor, blocked: author });
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  type Role = keyof typeof roles | 'visitor';
  const ROLES: Role[] = ['author', 'match', 'stranger', 'blockedByAuthor', 'blockingAuthor', 'visitor'];
  const request = (role: Role, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      remoteAddress: randomIp(),
      headers: role === 'visitor' ? {} : { cookie: roles[role].cookie },
      ...(payload ? { payload } : {}),
    });
  const fileUrl = (story: StoryRow) => `/api/stories/${story.id}/media/${story.itemId}/standard.mp4`;

  /** What each role gets from each route for a story, as `status` or `status code`. */
  async function answers(story: StoryRow) {
    const seen: Record<string, Record<string, string>> = {};
    for (const role of ROLES) {
      const list = await request(role, 'GET', `/api/users/${author.user.id}/stories`);
      const listed =
        list.statusCode === 200 && list.json().stories.some((one: Story) => one._id === story.id)
          ? ' listed'
          : '';
      const code = async (res: Awaited<ReturnType<typeof request>>) =>
        `${res.statusCode}${res.statusCode >= 400 ? ` ${res.json().code}` : ''}`;
      seen[role] = {
        list: `${await code(list)}${listed}`,
        view: await code(await request(role, 'POST', `/api/stories/${story.id}/views`)),
        viewers: await code(await request(role, 'GET', `/api/stories/${story.id}/viewers`)),
        file: await code(await request(role, 'GET', fileUrl(story))),
      };
    }
    return seen;
  }

  const shown = { list: '200 listed', view: '204', viewers: '404 story_not_found', file: '200' };
  const hidden = {
    list: '200',
    view: '404 story_not_found',
    viewers: '404 story_not_found',
    file: '404 not_found',
  };
  const blocked = {
    list: '404 user_not_found',
    view: '404 story_not_found',
    viewers: '404 story_not_found',
    file: '404 not_found',
  };
  const visitor = {
    list: '401 unauthorized',
    view: '401 unauthorized',
    viewers: '401 unauthorized',
    file: '401 unauthorized',
  };

  it('a ready story: every member without a block sees it, its author sees who viewed; blocks hide it both ways', async () => {
    const story = await buildStory(t, {
      author,
      item: await createVideoItem(t, { owner: author, use: 'story' }),
    });
    expect(await answers(story)).toEqual({
      author: { list: '200 listed', view: '204', viewers: '200', file: '200' },
      match: shown,
      stranger: shown,
      blockedByAuthor: blocked,
      blockingAuthor: blocked,
      visitor,
    });
  });

  it('a story whose video still encodes: its author only (no file yet), until the item is ready', async () => {
    const item = await createProcessingItem(t, { owner: author, use: 'story' });
    const story = await buildStory(t, { author, item });
    const processing = await answers(story);
    expect(processing.author).toEqual({
      list: '200 listed',
      view: '204',
      viewers: '200',
      file: '404 not_found',
    });
    expect(processing.match).toEqual(hidden);
    expect(processing.stranger).toEqual(hidden);

    // The media worker writes the item's row, then tells MEDIA_PROCESSED_QUEUE: the story shows then.
    await finishEncoding(t, item);
    const ready = await answers(story);
    expect(ready.match).toEqual(shown);
    expect(ready.stranger).toEqual(shown);
  });

  it('a refused video: its author only, with the refusal’s code', async () => {
    const item = await createProcessingItem(t, { owner: author, use: 'story' });
    const story = await buildStory(t, { author, item });
    await t.db
      .update(mediaItems)
      .set({ status: 'failed', error: 'video_too_long' })
      .where(eq(mediaItems.id, item.id));
    const seen = await answers(story);
    expect(seen.match).toEqual(hidden);
    const own = (await request('author', 'GET', `/api/users/${author.user.id}/stories`)).json();
    expect(own.stories.find((one: Story) => one._id === story.id).media).toMatchObject({
      status: 'failed',
      error: 'video_too_long',
    });
  });

  it('an expired story: no one, its author included, even before the job removes it', async () => {
    const story = await buildStory(t, {
      author,
      item: await createVideoItem(t, { owner: author, use: 'story' }),
      createdAt: new Date(clock.now().getTime() - STORY_LIFETIME_MS - 1000),
    });
    const seen = await answers(story);
    for (const role of ['author', 'match', 'stranger'] as const) expect(seen[role]).toEqual(hidden);
  });

  it('a deactivated author’s stories: their profile is gone, and so are they', async () => {
    const gone = await createProfile(t);
    const story = await buildStory(t, {
      author: gone,
      item: await createVideoItem(t, { owner: gone, use: 'story' }),
    });
    await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, gone.user.id));
    const res = await request('match', 'GET', `/api/users/${gone.user.id}/stories`);
    expect([res.statusCode, res.json().code]).toEqual([404, 'user_not_found']);
    for (const [method, url] of [
      ['POST', `/api/stories/${story.id}/views`],
      ['GET', fileUrl(story)],
    ] as const) {
      expect((await request('match', method, url)).statusCode).toBe(404);
    }
  });

  it('a file of another story or item, or a name the item does not have: 404', async () => {
    const story = await buildStory(t, {
      author,
      item: await createVideoItem(t, { owner: author, use: 'story' }),
    });
    const other = await buildStory(t, {
      author,
      item: await createVideoItem(t, { owner: author, use: 'story' }),
    });
    for (const url of [
      `/api/stories/${story.id}/media/${other.itemId}/standard.mp4`,
      `/api/stories/${story.id}/media/${story.itemId}/upload`,
      `/api/stories/${story.id}/media/${story.itemId}/../../x`,
      `/api/stories/${randomUUID()}/media/${story.itemId}/standard.mp4`,
      `/api/stories/nope/media/${story.itemId}/standard.mp4`,
    ]) {
      expect((await request('author', 'GET', url)).statusCode).toBe(404);
    }
  });

  it('serves a story’s video with Range, privately', async () => {
    const story = await buildStory(t, {
      author,
      item: await createVideoItem(t, { owner: author, use: 'story' }),
    });
    const res = await t.app.inject({
      method: 'GET',
      url: fileUrl(story),
      remoteAddress: randomIp(),
      headers: { cookie: roles.match.cookie, range: 'bytes=0-99' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect(res.rawPayload).toHaveLength(100);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['content-type']).toBe('video/mp4');
  });

  it('deletion, posting and the tray: members only; deletion the author’s only', async () => {
    const story = await buildStory(t, { author });
    for (const role of ROLES.filter((one) => one !== 'author')) {
      const res = await request(role, 'DELETE', `/api/stories/${story.id}`);
      expect([role, res.statusCode]).toEqual([role, role === 'visitor' ? 401 : 404]);
    }
    expect((await request('visitor', 'GET', '/api/stories')).statusCode).toBe(401);
    expect((await request('visitor', 'POST', '/api/stories', { media: randomUUID() })).statusCode).toBe(401);
    expect((await request('author', 'DELETE', `/api/stories/${story.id}`)).statusCode).toBe(204);
  });
});
