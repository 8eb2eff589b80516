import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaItemSchema, WAVEFORM_BARS } from '@motema/shared/posts';
import { mediaItems } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember, waitFor } from '../../test/factories.ts';
import {
  createAudioItem,
  createFailedItem,
  createPhotoItem,
  createProcessingItem,
  createVideoItem,
  fixtureFile,
} from '../../test/media-item-factories.ts';
import { storedFiles } from '../../test/media-factories.ts';
import { presentMediaItem } from './media-items.presenter.ts';
import {
  claimMediaItems,
  MEDIA_ITEM_FILES_QUEUE,
  mediaItemsByIds,
  openMediaItemFile,
  removeMediaItems,
} from './media-items.service.ts';
import type { ServedFile } from '../../lib/served-file.ts';

const filesOf = async (t: TestApp, folder: string) =>
  (await storedFiles(t)).filter((file) => file.startsWith(folder)).map((file) => path.basename(file));

async function bytesOf(served: ServedFile): Promise<Buffer> {
  if (served.status !== 200 && served.status !== 206) throw new Error(`no body: ${served.status}`);
  const chunks: Buffer[] = [];
  for await (const chunk of served.file.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('media items (the service other features call)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  describe('the factory', () => {
    it('stores real files for ready items, the raw upload for a processing one, nothing for a failed one', async () => {
      const photo = await createPhotoItem(t);
      expect(await filesOf(t, photo.folder)).toEqual(['160.avif', '160.webp', '480.avif', '480.webp'].sort());
      const video = await createVideoItem(t);
      expect((await filesOf(t, video.folder)).sort()).toEqual(
        ['160.avif', '160.webp', 'saver.mp4', 'standard.mp4'].sort(),
      );
      const audio = await createAudioItem(t);
      expect(await filesOf(t, audio.folder)).toEqual(['standard.m4a']);
      expect(audio.waveform).toHaveLength(WAVEFORM_BARS);
      const processing = await createProcessingItem(t);
      expect(await filesOf(t, processing.folder)).toEqual(['upload']);
      const failed = await createFailedItem(t, { error: 'video_too_many_pixels' });
      expect(await filesOf(t, failed.folder)).toEqual([]);
      expect(failed.folder).toMatch(new RegExp(`^media/${failed.ownerId}/[A-Za-z0-9_-]{16,}/$`));
    });
  });

  describe('presentMediaItem', () => {
    it('puts every URL under the caller’s base and shows neither the owner nor the storage keys', async () => {
      const base = `/api/posts/${randomUUID()}/media/`;
      for (const row of [await createPhotoItem(t), await createVideoItem(t), await createAudioItem(t)]) {
        const item = MediaItemSchema.parse(presentMediaItem(row, `${base}${row.id}/`));
        const urls = [
          ...(item.image ? [item.image.thumbnail, ...item.image.sources.map((source) => source.url)] : []),
          ...item.sources.map((source) => source.url),
        ];
        expect(urls.length).toBeGreaterThan(0);
        for (const url of urls) expect(url).toMatch(new RegExp(`^${base}${row.id}/[a-z0-9]+\\.[a-z0-9]+$`));
        const json = JSON.stringify(item);
        expect(json).not.toContain(row.ownerId);
        expect(json).not.toContain(row.folder);
        expect(item.kind).toBe(row.kind);
      }
    });

    it('shows a photo as an Image, a video with its poster and both sources, an audio with its waveform', async () => {
      const photo = presentMediaItem(await createPhotoItem(t), '/p/');
      expect(photo.image).toMatchObject({ width: 480, height: 360, thumbnail: '/p/160.webp' });
      expect(photo.image!.placeholder).toMatch(/^data:image\/webp;base64,/);
      expect(photo.sources).toEqual([]);

      const video = presentMediaItem(await createVideoItem(t), '/v/');
      expect(video.image).toMatchObject({ width: 160, height: 90, thumbnail: '/v/160.webp' });
      expect(video.sources.map((source) => [source.quality, source.url, source.type])).toEqual([
        ['standard', '/v/standard.mp4', 'video/mp4'],
        ['saver', '/v/saver.mp4', 'video/mp4'],
      ]);
      expect(video.durationMs).toBe(1000);

      const audio = presentMediaItem(await createAudioItem(t), '/a/');
      expect(audio.image).toBeNull();
      expect(audio.sources.map((source) => source.url)).toEqual(['/a/standard.m4a']);
      expect(audio.waveform).toHaveLength(WAVEFORM_BARS);

      const processing = presentMediaItem(await createProcessingItem(t), '/x/');
      expect(processing).toMatchObject({ status: 'processing', image: null, sources: [], error: null });
      const failed = presentMediaItem(await createFailedItem(t, { error: 'video_too_long' }), '/x/');
      expect(failed).toMatchObject({ status: 'failed', error: 'video_too_long', sources: [] });
    });
  });

  describe('claimMediaItems', () => {
    it('claims the owner’s items in the given order and sets claimed_at', async () => {
      const owner = await createMember(t);
      const items = [await createPhotoItem(t, { owner }), await createPhotoItem(t, { owner })];
      const ids = [items[1]!.id, items[0]!.id];
      const claimed = await t.db.transaction((tx) => claimMediaItems(tx, owner.user.id, ids, 'post'));
      expect(claimed.map((row) => row.id)).toEqual(ids);
      expect(claimed.every((row) => row.claimedAt instanceof Date)).toBe(true);
      const rows = await mediaItemsByIds(t.db, ids);
      expect([...rows.values()].every((row) => row.claimedAt !== null)).toBe(true);
    });

    it('claims a processing item (the post waits for it)', async () => {
      const item = await createProcessingItem(t);
      const [claimed] = await t.db.transaction((tx) => claimMediaItems(tx, item.ownerId, [item.id], 'post'));
      expect(claimed!.status).toBe('processing');
    });

    const refusal = async (ids: string[], ownerId: string, use: 'post' | 'story' = 'post') => {
      try {
        await t.db.transaction((tx) => claimMediaItems(tx, ownerId, ids, use));
      } catch (error) {
        return {
          status: (error as { statusCode: number }).statusCode,
          code: (error as { code: string }).code,
        };
      }
      throw new Error('claimed');
    };

    it('refuses another member’s item, a missing one, another use: 400 media_not_found, claiming none', async () => {
      const owner = await createMember(t);
      const mine = await createPhotoItem(t, { owner });
      const theirs = await createPhotoItem(t);
      const story = await createPhotoItem(t, { owner, use: 'story' });
      for (const ids of [[mine.id, theirs.id], [mine.id, randomUUID()], [story.id], ['not-a-uuid']]) {
        expect(await refusal(ids, owner.user.id)).toEqual({ status: 400, code: 'media_not_found' });
      }
      const rows = await mediaItemsByIds(t.db, [mine.id, story.id]);
      expect(rows.get(mine.id)!.claimedAt).toBeNull();
      expect(rows.get(story.id)!.claimedAt).toBeNull();
    });

    it('refuses an item already claimed, or named twice: 409 media_already_used', async () => {
      const owner = await createMember(t);
      const item = await createPhotoItem(t, { owner });
      expect(await refusal([item.id, item.id], owner.user.id)).toEqual({
        status: 409,
        code: 'media_already_used',
      });
      await t.db.transaction((tx) => claimMediaItems(tx, owner.user.id, [item.id], 'post'));
      expect(await refusal([item.id], owner.user.id)).toEqual({ status: 409, code: 'media_already_used' });
    });

    it('refuses a failed item: 400 media_failed', async () => {
      const item = await createFailedItem(t);
      expect(await refusal([item.id], item.ownerId)).toEqual({ status: 400, code: 'media_failed' });
    });

    it('lets only one of two concurrent claims of the same item through', async () => {
      const owner = await createMember(t);
      const item = await createPhotoItem(t, { owner });
      const results = await Promise.allSettled(
        [0, 1].map(() => t.db.transaction((tx) => claimMediaItems(tx, owner.user.id, [item.id], 'post'))),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((result) => result.status === 'rejected');
      expect((rejected as PromiseRejectedResult).reason).toMatchObject({ code: 'media_already_used' });
    });
  });

  describe('mediaItemsByIds', () => {
    it('maps the items found by id, leaving out missing and malformed ids', async () => {
      const a = await createPhotoItem(t);
      const b = await createAudioItem(t);
      const rows = await mediaItemsByIds(t.db, [a.id, b.id, randomUUID(), 'nope', a.id]);
      expect([...rows.keys()].sort()).toEqual([a.id, b.id].sort());
      expect(rows.get(b.id)!.kind).toBe('audio');
      expect(await mediaItemsByIds(t.db, [])).toEqual(new Map());
    });
  });

  describe('removeMediaItems', () => {
    it('deletes the rows, then the job removes their folders once the transaction has committed', async () => {
      const owner = await createMember(t);
      const video = await createVideoItem(t, { owner });
      const photo = await createPhotoItem(t, { owner });
      const kept = await createPhotoItem(t, { owner });
      await t.db.transaction((tx) => removeMediaItems(tx, t.jobs, [video.id, photo.id]));
      expect([...(await mediaItemsByIds(t.db, [video.id, photo.id, kept.id])).keys()]).toEqual([kept.id]);
      const gone = async () =>
        (await filesOf(t, video.folder)).length === 0 && (await filesOf(t, photo.folder)).length === 0;
      await waitFor(async () => ((await gone()) ? true : undefined), 'the folders removed');
      expect(await filesOf(t, kept.folder)).toHaveLength(4);
    });

    it('keeps the files of items whose deletion rolled back', async () => {
      const item = await createPhotoItem(t);
      await expect(
        t.db.transaction(async (tx) => {
          await removeMediaItems(tx, t.jobs, [item.id]);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      // The removal's job ran once and gave up on its folder: the row is still there.
      await waitFor(async () => {
        const { rows } = await t.db.execute<{ state: string }>(
          sql`SELECT state FROM pgboss.job WHERE name = ${MEDIA_ITEM_FILES_QUEUE}
                AND data->>'folder' = ${item.folder} AND state IN ('retry', 'failed')`,
        );
        return rows[0];
      }, "the removal job's first run");
      expect(await filesOf(t, item.folder)).toHaveLength(4);
      expect((await mediaItemsByIds(t.db, [item.id])).size).toBe(1);
    });
  });

  describe('openMediaItemFile', () => {
    it('opens a video’s encoded files, its poster and an audio’s file, whole, with their types', async () => {
      const video = await createVideoItem(t);
      const standard = await openMediaItemFile(t, { itemId: video.id, fileName: 'standard.mp4' });
      expect(standard).toMatchObject({ status: 200, type: 'video/mp4' });
      expect(await bytesOf(standard)).toEqual(await fixtureFile('media-video-standard.mp4'));
      const saver = await openMediaItemFile(t, { itemId: video.id, fileName: 'saver.mp4' });
      expect(await bytesOf(saver)).toEqual(await fixtureFile('media-video-saver.mp4'));
      const poster = await openMediaItemFile(t, { itemId: video.id, fileName: '160.webp' });
      expect(poster).toMatchObject({ status: 200, type: 'image/webp' });
      const audio = await createAudioItem(t);
      const file = await openMediaItemFile(t, { itemId: audio.id, fileName: 'standard.m4a' });
      expect(file).toMatchObject({ status: 200, type: 'audio/mp4' });
      expect(await bytesOf(file)).toEqual(await fixtureFile('media-audio-standard.m4a'));
      const photo = await createPhotoItem(t);
      const webp = await openMediaItemFile(t, { itemId: photo.id, fileName: '480.webp' });
      expect((await bytesOf(webp)).subarray(8, 12).toString('latin1')).toBe('WEBP');
    });

    it('serves a byte range (206), refuses one past the end (416) and answers 304 to its ETag', async () => {
      const video = await createVideoItem(t);
      const whole = await fixtureFile('media-video-standard.mp4');
      const input = { itemId: video.id, fileName: 'standard.mp4' };
      const part = await openMediaItemFile(t, { ...input, range: 'bytes=100-199' });
      expect(part).toMatchObject({ status: 206, size: whole.length, range: { start: 100, end: 199 } });
      expect(await bytesOf(part)).toEqual(whole.subarray(100, 200));
      const tail = await openMediaItemFile(t, { ...input, range: 'bytes=-10' });
      expect(await bytesOf(tail)).toEqual(whole.subarray(whole.length - 10));
      expect(await openMediaItemFile(t, { ...input, range: `bytes=${whole.length}-` })).toMatchObject({
        status: 416,
        size: whole.length,
      });
      const first = await openMediaItemFile(t, input);
      expect(await openMediaItemFile(t, { ...input, ifNoneMatch: first.etag })).toMatchObject({
        status: 304,
      });
      if (first.status === 200) await text(first.file.body);
    });

    it('answers 404 for a name the item lacks, an item not ready, a missing or malformed id', async () => {
      const video = await createVideoItem(t);
      const processing = await createProcessingItem(t);
      const failed = await createFailedItem(t);
      const photo = await createPhotoItem(t);
      const cases = [
        { itemId: video.id, fileName: 'upload' },
        { itemId: video.id, fileName: '1080.webp' },
        { itemId: video.id, fileName: 'standard.m4a' },
        { itemId: video.id, fileName: '../standard.mp4' },
        { itemId: photo.id, fileName: 'standard.mp4' },
        { itemId: processing.id, fileName: 'upload' },
        { itemId: processing.id, fileName: 'standard.mp4' },
        { itemId: failed.id, fileName: 'standard.mp4' },
        { itemId: randomUUID(), fileName: 'standard.mp4' },
        { itemId: 'not-a-uuid', fileName: 'standard.mp4' },
      ];
      for (const input of cases) {
        await expect(openMediaItemFile(t, input), JSON.stringify(input)).rejects.toMatchObject({
          statusCode: 404,
        });
      }
    });

    it('answers 404 when the row names a file no longer stored', async () => {
      const video = await createVideoItem(t);
      await t.storage.deletePrefix(video.folder);
      await expect(
        openMediaItemFile(t, { itemId: video.id, fileName: 'standard.mp4' }),
      ).rejects.toMatchObject({ statusCode: 404 });
      const [row] = await t.db.select().from(mediaItems).where(eq(mediaItems.id, video.id));
      expect(row).toBeDefined();
    });
  });
});
