import { eq, sql } from 'drizzle-orm';
import { mediaItems } from '../../db/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '@motema/shared/media';
import { AUDIO_MAX_BYTES, MediaItemSchema, type MediaItem } from '@motema/shared/posts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { mp3Sample, oggOpusSample, refusedSamples, webmSample } from '../../test/chat-files-factories.ts';
import { createMember, type Member } from '../../test/factories.ts';
import { samples, storedFiles } from '../../test/media-factories.ts';
import {
  createFailedItem,
  fixtureFile,
  mediaItemsSnapshot,
  postMediaUpload,
} from '../../test/media-item-factories.ts';
import { mediaItemsByIds } from './media-items.service.ts';
import { UNCLAIMED_ITEMS_MAX } from './media-uploads.service.ts';
import { MEDIA_TRANSCODE_QUEUE, type TranscodeJob } from './transcode-jobs.ts';

/** The transcode jobs sent for an item, read from pg-boss's own table. */
async function transcodeJobsOf(t: TestApp, itemId: string): Promise<TranscodeJob[]> {
  const result = await t.db.execute<{ data: TranscodeJob }>(
    sql`SELECT data FROM pgboss.job WHERE name = ${MEDIA_TRANSCODE_QUEUE} AND data->>'itemId' = ${itemId}`,
  );
  return result.rows.map((row) => row.data);
}

describe('POST /api/media/uploads', () => {
  let t: TestApp;
  let owner: Member;
  let other: Member;
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createMember(t);
    other = await createMember(t);
  });
  afterAll(() => t.close());

  it('encodes a photo at once: 201, ready, its variants under the owner’s folder, the upload not kept', async () => {
    const res = await postMediaUpload(t, owner.cookie, await samples.webp(900, 1200), { filename: 'x.mp4' });
    expect(res.statusCode, res.body).toBe(201);
    const item = MediaItemSchema.parse(res.json());
    expect(item).toMatchObject({ kind: 'photo', status: 'ready', error: null, sources: [] });
    expect(item.image!.sources.length).toBeGreaterThan(0);
    for (const source of item.image!.sources) {
      expect(source.url).toMatch(new RegExp(`^/api/media/uploads/${item._id}/\\d+\\.(webp|avif)$`));
    }
    const row = (await mediaItemsByIds(t.db, [item._id])).get(item._id)!;
    expect(row).toMatchObject({
      ownerId: owner.user.id,
      use: 'post',
      sourceType: 'image/webp',
      claimedAt: null,
    });
    const files = (await storedFiles(t)).filter((file) => file.startsWith(row.folder));
    expect(files.length).toBe(row.image!.length);
    expect(files.some((file) => file.endsWith('upload'))).toBe(false);
  });

  it('stores a video as its upload, processing, and sends its transcode job: 202', async () => {
    const video = await fixtureFile('media-video-standard.mp4');
    const res = await postMediaUpload(t, owner.cookie, video, { use: 'story', filename: 'clip.jpg' });
    expect(res.statusCode, res.body).toBe(202);
    const item = MediaItemSchema.parse(res.json());
    expect(item).toMatchObject({ kind: 'video', status: 'processing', image: null, sources: [] });
    const row = (await mediaItemsByIds(t.db, [item._id])).get(item._id)!;
    expect(row).toMatchObject({ use: 'story', sourceType: 'video/mp4', sourceBytes: video.length });
    expect(row.folder).toMatch(new RegExp(`^media/${owner.user.id}/[A-Za-z0-9_-]{22}/$`));
    expect(await transcodeJobsOf(t, item._id)).toEqual([
      { kind: 'video', itemId: item._id, source: `${row.folder}upload`, folder: row.folder, use: 'story' },
    ]);
  });

  it.each([
    ['an AAC recording (M4A)', () => fixtureFile('media-audio-standard.m4a'), 'audio/mp4'],
    ['an MP3', async () => mp3Sample(), 'audio/mpeg'],
    ['an Ogg Opus file', async () => oggOpusSample(), 'audio/ogg'],
    ['a WebM voice recording', async () => webmSample(), 'audio/webm'],
  ])('takes %s as an audio: 202, processing', async (_name, bytes, type) => {
    const res = await postMediaUpload(t, owner.cookie, await bytes(), { filename: 'a.jpg' });
    expect(res.statusCode, res.body).toBe(202);
    const item = res.json<MediaItem>();
    expect(item).toMatchObject({ kind: 'audio', status: 'processing' });
    const row = (await mediaItemsByIds(t.db, [item._id])).get(item._id)!;
    expect(row.sourceType).toBe(type);
    expect((await transcodeJobsOf(t, item._id)).map((job) => job.kind)).toEqual(['audio']);
  });

  it('stores the upload’s bytes as they came', async () => {
    const video = await fixtureFile('media-video-saver.mp4');
    const res = await postMediaUpload(t, owner.cookie, video);
    const row = (await mediaItemsByIds(t.db, [res.json<MediaItem>()._id])).get(res.json<MediaItem>()._id)!;
    const stored = await t.storage.get(`${row.folder}upload`);
    // The media worker may already have taken it (then it is gone with the raw upload).
    if (stored) {
      const chunks: Buffer[] = [];
      for await (const chunk of stored.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks)).toEqual(video);
    } else {
      expect(row.status).not.toBe('processing');
    }
  });

  describe('refusals leave nothing stored (no row, no file)', () => {
    let refused: Member;
    beforeAll(async () => {
      refused = await createMember(t);
    });
    const jpegHeaded = (bytes: number) => {
      const body = Buffer.alloc(bytes, 7);
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]).copy(body);
      return body;
    };
    const mp3Headed = (bytes: number) => {
      const body = Buffer.alloc(bytes);
      mp3Sample(4).copy(body);
      return body;
    };
    it.each([
      [
        'an HTML page named .mp4',
        () => refusedSamples.html(),
        'clip.mp4',
        'video/mp4',
        400,
        'media_type_unsupported',
      ],
      [
        'an SVG named .jpg',
        () => refusedSamples.svg(),
        'photo.jpg',
        'image/jpeg',
        400,
        'media_type_unsupported',
      ],
      [
        'an SVG as itself',
        () => refusedSamples.svg(),
        'image.svg',
        'image/svg+xml',
        400,
        'media_type_unsupported',
      ],
      ['plain text', () => refusedSamples.text(), 'notes.txt', 'text/plain', 400, 'media_type_unsupported'],
      [
        'a shell script named .m4a',
        () => refusedSamples.script(),
        'voice.m4a',
        'audio/mp4',
        400,
        'media_type_unsupported',
      ],
      ['a GIF', () => samples.gif(), 'anim.gif', 'image/gif', 400, 'media_type_unsupported'],
      ['an empty file', () => Buffer.alloc(0), 'empty.mp4', 'video/mp4', 400, 'media_missing'],
      ['a damaged JPEG', () => jpegHeaded(5000), 'photo.jpg', 'image/jpeg', 400, 'photo_unreadable'],
      [
        'a photo over its limit',
        () => jpegHeaded(PHOTO_MAX_BYTES + 1),
        'big.jpg',
        'image/jpeg',
        413,
        'media_too_large',
      ],
      [
        'an audio over its limit',
        () => mp3Headed(AUDIO_MAX_BYTES + 1),
        'big.mp3',
        'audio/mpeg',
        413,
        'media_too_large',
      ],
    ])('%s', async (_name, bytes, filename, contentType, status, code) => {
      const before = await mediaItemsSnapshot(t, refused.user.id);
      const res = await postMediaUpload(t, refused.cookie, await bytes(), { filename, contentType });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ code });
      expect(await mediaItemsSnapshot(t, refused.user.id)).toEqual(before);
    });

    it.each([
      ['a wrong use', { use: 'profile' }, 'use', 'invalid_value'],
      ['no use', { use: '' }, 'use', 'required'],
    ])('%s: 400 validation_failed', async (_name, options, path, issue) => {
      const before = await mediaItemsSnapshot(t, refused.user.id);
      const res = await postMediaUpload(t, refused.cookie, await samples.small(), options);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', issues: [{ path, code: issue }] });
      expect(await mediaItemsSnapshot(t, refused.user.id)).toEqual(before);
    });

    it('no file at all: 400 media_missing', async () => {
      const res = await postMediaUpload(t, owner.cookie, null);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'media_missing' });
    });

    it('a body declared larger than any upload: 413 before reading it', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/media/uploads',
        headers: {
          cookie: owner.cookie,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(200 * 1024 * 1024),
        },
        payload: '--x--\r\n',
      });
      expect(res.statusCode).toBe(413);
    });

    it('a visitor: 401', async () => {
      const res = await postMediaUpload(t, undefined, await samples.small());
      expect(res.statusCode).toBe(401);
    });
  });

  it('limits uploads per member (R1): 429 with Retry-After past 60 in 10 minutes, whatever the address', async () => {
    const member = await createMember(t);
    for (let i = 0; i < 60; i += 1) {
      const res = await postMediaUpload(t, member.cookie, null);
      expect(res.statusCode).toBe(400);
    }
    const refused = await postMediaUpload(t, member.cookie, await samples.small());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await postMediaUpload(t, other.cookie, null)).statusCode).toBe(400);
  });

  it('refuses a member holding UNCLAIMED_ITEMS_MAX unclaimed uploads: 429, nothing stored', async () => {
    const member = await createMember(t);
    for (let i = 0; i < UNCLAIMED_ITEMS_MAX; i += 1) await createFailedItem(t, { owner: member });
    const before = await mediaItemsSnapshot(t, member.user.id);
    const res = await postMediaUpload(t, member.cookie, await samples.small());
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'rate_limited' });
    expect(await mediaItemsSnapshot(t, member.user.id)).toEqual(before);
    // A claimed upload no longer counts.
    await t.db
      .update(mediaItems)
      .set({ claimedAt: new Date() })
      .where(eq(mediaItems.ownerId, member.user.id));
    expect((await postMediaUpload(t, member.cookie, await samples.small())).statusCode).toBe(201);
  });
});
