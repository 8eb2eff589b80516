import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  STORIES_PER_DAY,
  STORIES_PER_HOUR,
  STORY_LIFETIME_MS,
  StorySchema,
  StoryViewersSchema,
} from '@motema/shared/posts';
import { mediaItems, stories, storyViews } from '../../../db/schema.ts';
import { clock } from '../../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createProfile } from '../../../test/discovery-factories.ts';
import { asMember, waitFor, type Member } from '../../../test/factories.ts';
import {
  createAudioItem,
  createFailedItem,
  createPhotoItem,
  createProcessingItem,
  createVideoItem,
} from '../../../test/media-item-factories.ts';
import { storedFiles } from '../../../test/media-factories.ts';
import { buildBlock } from '../../../test/safety-factories.ts';
import { buildStory, buildStoryView } from '../../../test/story-factories.ts';

const HOUR = 3_600_000;

describe('stories: posting, limits, deletion, views', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  const as = (member: Member) => asMember(t, member.cookie);
  const create = (by: Member, media: string) => as(by)('POST', '/api/stories', { media });
  const storiesOf = (member: Member) =>
    t.db.select().from(stories).where(eq(stories.authorId, member.user.id));
  const itemRow = async (id: string) =>
    (await t.db.select().from(mediaItems).where(eq(mediaItems.id, id)))[0];

  describe('POST /api/stories', () => {
    it('makes a photo a story for a day: 201, the author’s view, its media served under the story', async () => {
      const author = await createProfile(t, { firstName: 'Nadia', lastName: 'Secret' });
      const photo = await createPhotoItem(t, { owner: author, use: 'story' });
      const before = clock.now().getTime();
      const res = await create(author, photo.id);
      expect(res.statusCode).toBe(201);
      const story = StorySchema.parse(res.json());
      expect(story).toMatchObject({
        author: { _id: author.user.id, name: 'Nadia' },
        media: { _id: photo.id, kind: 'photo', status: 'ready' },
        seen: true,
        views: 0,
      });
      expect(res.body).not.toContain('Secret');
      const created = Date.parse(story.createdAt);
      expect(created).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(story.expiresAt) - created).toBe(STORY_LIFETIME_MS);
      const url = story.media.image!.thumbnail;
      expect(url.startsWith(`/api/stories/${story._id}/media/${photo.id}/`)).toBe(true);
      expect((await as(author)('GET', url)).statusCode).toBe(200);
      expect((await itemRow(photo.id))?.claimedAt).not.toBeNull();
    });

    it('takes a ready video, and a video still encoding (its story waits for it)', async () => {
      const author = await createProfile(t);
      const video = await createVideoItem(t, { owner: author, use: 'story' });
      const ready = await create(author, video.id);
      expect(ready.statusCode).toBe(201);
      expect(ready.json().media).toMatchObject({ kind: 'video', status: 'ready' });
      const processing = await createProcessingItem(t, { owner: author, use: 'story' });
      const waiting = await create(author, processing.id);
      expect(waiting.statusCode).toBe(201);
      expect(waiting.json().media).toMatchObject({ kind: 'video', status: 'processing', sources: [] });
      expect(await storiesOf(author)).toHaveLength(2);
    });

    it('refuses what a story cannot be, claiming nothing and storing no story', async () => {
      const author = await createProfile(t);
      const other = await createProfile(t);
      const cases: [() => Promise<{ id: string }>, number, string][] = [
        [() => createAudioItem(t, { owner: author, use: 'story' }), 400, 'story_media_unsupported'],
        [() => createPhotoItem(t, { owner: author, use: 'post' }), 400, 'media_not_found'],
        [() => createPhotoItem(t, { owner: other, use: 'story' }), 400, 'media_not_found'],
        [() => createFailedItem(t, { owner: author, use: 'story' }), 400, 'media_failed'],
        [
          () => createPhotoItem(t, { owner: author, use: 'story', claimedAt: new Date() }),
          409,
          'media_already_used',
        ],
        [async () => ({ id: randomUUID() }), 400, 'media_not_found'],
      ];
      for (const [make, status, code] of cases) {
        const item = await make();
        const res = await create(author, item.id);
        expect({ code, status: res.statusCode, body: res.json().code }).toEqual({ code, status, body: code });
      }
      const audio = await createAudioItem(t, { owner: author, use: 'story' });
      await create(author, audio.id);
      expect((await itemRow(audio.id))?.claimedAt).toBeNull();
      expect(await storiesOf(author)).toEqual([]);
    });

    it('refuses a video longer than 30 s (video_too_long), whatever let it through', async () => {
      const author = await createProfile(t);
      const video = await createVideoItem(t, { owner: author, use: 'story' });
      await t.db.update(mediaItems).set({ durationMs: 30_001 }).where(eq(mediaItems.id, video.id));
      const res = await create(author, video.id);
      expect([res.statusCode, res.json().code]).toEqual([400, 'video_too_long']);
      expect((await itemRow(video.id))?.claimedAt).toBeNull();
    });

    it('validates the body: a media id is a uuid', async () => {
      const author = await createProfile(t);
      for (const body of [{}, { media: 'nope' }, { media: 12 }]) {
        const res = await as(author)('POST', '/api/stories', body);
        expect([res.statusCode, res.json().code]).toEqual([400, 'validation_failed']);
      }
    });
  });

  describe('limits', () => {
    it(`refuses one story more than STORIES_PER_HOUR in an hour with Retry-After until the hour's first leaves it`, async () => {
      const author = await createProfile(t);
      const start = clock.now().getTime();
      // The hour's stories, a minute apart, the first 50 minutes ago.
      for (let i = 0; i < STORIES_PER_HOUR; i++) {
        await buildStory(t, { author, createdAt: new Date(start - 50 * 60_000 + i * 60_000) });
      }
      const photo = await createPhotoItem(t, { owner: author, use: 'story' });
      const refused = await create(author, photo.id);
      expect([refused.statusCode, refused.json().code]).toEqual([429, 'stories_limit_reached']);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(9 * 60);
      expect(retryAfter).toBeLessThanOrEqual(10 * 60);
      expect((await itemRow(photo.id))?.claimedAt).toBeNull();
      clock.advance(retryAfter * 1000);
      expect((await create(author, photo.id)).statusCode).toBe(201);
    });

    it(`refuses one story more than STORIES_PER_DAY in a day, even when the hour is free`, async () => {
      const author = await createProfile(t);
      const start = clock.now().getTime();
      // The day's stories, 20 minutes apart, all over an hour ago: the oldest 23 h ago.
      for (let i = 0; i < STORIES_PER_DAY; i++) {
        await buildStory(t, { author, createdAt: new Date(start - 23 * HOUR + i * 20 * 60_000) });
      }
      expect(start - 23 * HOUR + (STORIES_PER_DAY - 1) * 20 * 60_000).toBeLessThan(start - HOUR);
      const photo = await createPhotoItem(t, { owner: author, use: 'story' });
      const askedAt = clock.now().getTime();
      const refused = await create(author, photo.id);
      expect([refused.statusCode, refused.json().code]).toEqual([429, 'stories_limit_reached']);
      // Until the day's oldest story is a day old: an hour after `start`.
      const retryAfter = Number(refused.headers['retry-after']);
      expect(Math.abs(retryAfter - (3600 - (askedAt - start) / 1000))).toBeLessThanOrEqual(2);
      clock.advance(retryAfter * 1000);
      expect((await create(author, photo.id)).statusCode).toBe(201);
    });

    it('counts stories sent at once one after the other: never more than the hour allows', async () => {
      const author = await createProfile(t);
      const start = clock.now().getTime();
      for (let i = 0; i < STORIES_PER_HOUR - 2; i++) {
        await buildStory(t, { author, createdAt: new Date(start - 30 * 60_000 + i * 60_000) });
      }
      const photos = await Promise.all(
        Array.from({ length: 5 }, () => createPhotoItem(t, { owner: author, use: 'story' })),
      );
      const answers = await Promise.all(photos.map((photo) => create(author, photo.id)));
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 201, 429, 429, 429]);
      expect(await storiesOf(author)).toHaveLength(STORIES_PER_HOUR);
    });

    it('counts each member on their own', async () => {
      const [busy, other] = [await createProfile(t), await createProfile(t)];
      for (let i = 0; i < STORIES_PER_HOUR; i++) await buildStory(t, { author: busy });
      const photo = await createPhotoItem(t, { owner: other, use: 'story' });
      expect((await create(other, photo.id)).statusCode).toBe(201);
    });
  });

  describe('DELETE /api/stories/{id}', () => {
    it('deletes the author’s story with its media item and files; 404 for anyone else', async () => {
      const [author, other] = [await createProfile(t), await createProfile(t)];
      const video = await createVideoItem(t, { owner: author, use: 'story' });
      const story = await buildStory(t, { author, item: video });
      for (const id of [story.id, randomUUID(), 'not-an-id']) {
        const res = await as(other)('DELETE', `/api/stories/${id}`);
        expect([res.statusCode, res.json().code]).toEqual([404, 'story_not_found']);
      }
      expect(await storiesOf(author)).toHaveLength(1);
      expect((await storedFiles(t)).some((file) => file.startsWith(video.folder))).toBe(true);
      expect((await as(author)('DELETE', `/api/stories/${story.id}`)).statusCode).toBe(204);
      expect(await storiesOf(author)).toEqual([]);
      expect(await itemRow(video.id)).toBeUndefined();
      await waitFor(
        async () => ((await storedFiles(t)).some((file) => file.startsWith(video.folder)) ? undefined : true),
        'the story’s files removed',
      );
      expect((await as(author)('DELETE', `/api/stories/${story.id}`)).statusCode).toBe(404);
    });
  });

  describe('seen tracking and the viewers list', () => {
    it('records a view once; the author sees who viewed, latest first, and the count', async () => {
      const author = await createProfile(t);
      const [first, second] = [
        await createProfile(t, { firstName: 'Ada' }),
        await createProfile(t, { firstName: 'Bea' }),
      ];
      const story = await buildStory(t, { author });
      const view = (member: Member) => as(member)('POST', `/api/stories/${story.id}/views`);
      expect((await view(first)).statusCode).toBe(204);
      clock.advance(60_000);
      expect((await view(second)).statusCode).toBe(204);
      clock.advance(60_000);
      // Idempotent: the first view's time stays.
      expect((await view(first)).statusCode).toBe(204);
      // The author's own looks are not views.
      expect((await view(author)).statusCode).toBe(204);
      const rows = await t.db.select().from(storyViews).where(eq(storyViews.storyId, story.id));
      expect(rows.map((row) => row.viewerId).sort()).toEqual([first.user.id, second.user.id].sort());

      const res = await as(author)('GET', `/api/stories/${story.id}/viewers`);
      expect(res.statusCode).toBe(200);
      const { viewers } = StoryViewersSchema.parse(res.json());
      expect(viewers.map((viewer) => viewer.member.name)).toEqual(['Bea', 'Ada']);
      const apart = Date.parse(viewers[0]!.viewedAt) - Date.parse(viewers[1]!.viewedAt);
      expect(apart).toBeGreaterThanOrEqual(60_000);
      expect(apart).toBeLessThan(65_000);

      const own = (await as(author)('GET', `/api/users/${author.user.id}/stories`)).json();
      expect(own.stories[0]).toMatchObject({ _id: story.id, views: 2, seen: true });
      const seen = (await as(first)('GET', `/api/users/${author.user.id}/stories`)).json();
      expect(seen.stories[0]).toMatchObject({ _id: story.id, views: null, seen: true });
      const unseen = (await as(await createProfile(t))('GET', `/api/users/${author.user.id}/stories`)).json();
      expect(unseen.stories[0]).toMatchObject({ _id: story.id, views: null, seen: false });
    });

    it('shows the viewers list to the author only, and leaves out viewers blocked either way', async () => {
      const author = await createProfile(t);
      const [kept, blockedByAuthor, blockingAuthor] = [
        await createProfile(t, { firstName: 'Kept' }),
        await createProfile(t),
        await createProfile(t),
      ];
      const story = await buildStory(t, { author });
      for (const viewer of [kept, blockedByAuthor, blockingAuthor]) await buildStoryView(t, story, viewer);
      await buildBlock(t, { blocker: author, blocked: blockedByAuthor });
      await buildBlock(t, { blocker: blockingAuthor, blocked: author });
      const res = await as(author)('GET', `/api/stories/${story.id}/viewers`);
      expect(res.json().viewers.map((viewer: { member: { _id: string } }) => viewer.member._id)).toEqual([
        kept.user.id,
      ]);
      const own = (await as(author)('GET', `/api/users/${author.user.id}/stories`)).json();
      expect(own.stories[0].views).toBe(1);
      const viewer = await as(kept)('GET', `/api/stories/${story.id}/viewers`);
      expect([viewer.statusCode, viewer.json().code]).toEqual([404, 'story_not_found']);
    });
  });
});
