import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STORY_LIFETIME_MS } from '@motema/shared/posts';
import { mediaItems, stories } from '../../../db/schema.ts';
import { clock } from '../../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildMatch, createProfile } from '../../../test/discovery-factories.ts';
import { asMember, waitFor, type Member } from '../../../test/factories.ts';
import { storedFiles } from '../../../test/media-factories.ts';
import { createVideoItem } from '../../../test/media-item-factories.ts';
import { buildStory } from '../../../test/story-factories.ts';
import { expireStories, STORY_EXPIRY_QUEUE } from './story-expiry.service.ts';

/** Stories end after STORY_LIFETIME_MS, on the services' clock (moved here), and go with their files. */
describe('story expiry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  /** One run of the expiry job, through its queue as the minute's run goes. */
  async function runExpiryJob() {
    const id = await t.jobs.send(STORY_EXPIRY_QUEUE, {});
    const outcome = await t.jobs.waitFor<{ expired: number }>(STORY_EXPIRY_QUEUE, id, 20_000);
    if (outcome.state !== 'completed') throw new Error(`the expiry job ended ${outcome.state}`);
    return outcome.output.expired;
  }
  const filesIn = async (folder: string) => (await storedFiles(t)).filter((file) => file.startsWith(folder));
  const storyRow = async (id: string) => (await t.db.select().from(stories).where(eq(stories.id, id)))[0];
  const itemRow = async (id: string) =>
    (await t.db.select().from(mediaItems).where(eq(mediaItems.id, id)))[0];

  it('keeps a story for its day, then deletes it with its media item and its files', async () => {
    const [author, match] = [await createProfile(t), await createProfile(t)];
    await buildMatch(t, { members: [author, match] });
    const video = await createVideoItem(t, { owner: author, use: 'story' });
    const story = await buildStory(t, { author, item: video });
    const file = `/api/stories/${story.id}/media/${video.id}/standard.mp4`;
    const seenBy = async (member: Member) => {
      const list = await asMember(t, member.cookie)('GET', `/api/users/${author.user.id}/stories`);
      return (
        list.json().stories.length === 1 && (await asMember(t, member.cookie)('GET', file)).statusCode === 200
      );
    };
    expect((await filesIn(video.folder)).length).toBeGreaterThan(0);

    clock.advance(STORY_LIFETIME_MS - 60_000);
    await runExpiryJob();
    expect(await storyRow(story.id)).toBeDefined();
    expect(await seenBy(match)).toBe(true);
    expect(await seenBy(author)).toBe(true);

    clock.advance(2 * 60_000);
    // Gone from the routes at once, before any run.
    expect(await seenBy(match)).toBe(false);
    expect(await seenBy(author)).toBe(false);
    expect(await runExpiryJob()).toBeGreaterThanOrEqual(1);
    expect(await storyRow(story.id)).toBeUndefined();
    expect(await itemRow(video.id)).toBeUndefined();
    await waitFor(
      async () => ((await filesIn(video.folder)).length === 0 ? true : undefined),
      'the files removed',
    );
  });

  it('is safe to run twice and at once: each expired story deleted once, live ones kept', async () => {
    const author = await createProfile(t);
    const old = new Date(clock.now().getTime() - STORY_LIFETIME_MS - 1000);
    const expired = [];
    for (let i = 0; i < 12; i++) expired.push(await buildStory(t, { author, createdAt: old }));
    const live = await buildStory(t, { author });
    const counts = await Promise.all([expireStories(t.app.deps), expireStories(t.app.deps), runExpiryJob()]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(12);
    expect(await expireStories(t.app.deps)).toBe(0);
    expect(await runExpiryJob()).toBe(0);
    const ids = expired.map((story) => story.id);
    expect(await t.db.select().from(stories).where(inArray(stories.id, ids))).toEqual([]);
    const itemIds = expired.map((story) => story.itemId);
    expect(await t.db.select().from(mediaItems).where(inArray(mediaItems.id, itemIds))).toEqual([]);
    expect(await storyRow(live.id)).toBeDefined();
    expect(await itemRow(live.itemId)).toBeDefined();
    for (const story of expired) {
      await waitFor(
        async () => ((await filesIn(story.item.folder)).length === 0 ? true : undefined),
        'files removed',
      );
    }
    expect((await filesIn(live.item.folder)).length).toBeGreaterThan(0);
  });
});
