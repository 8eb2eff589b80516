// @slow-tier transcodes with ffmpeg.
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import exifr from 'exifr';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_MAX_SECONDS, WAVEFORM_BARS } from '@motema/shared/posts';
import { mediaItems } from '../../db/schema.ts';
import { parseEnv } from '../../env.ts';
import { startJobQueue, type JobQueue } from '../../jobs/queue.ts';
import { createMediaStorage } from '../../lib/storage.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { GPS_NEEDLE, mp4Boxes, phoneClip, podcastMp3, testTools } from '../../test/transcode-fixtures.ts';
import {
  mediaItemRow,
  processedJobs,
  processingUpload,
  endedTranscode,
  settledItem,
  transcodeJobs,
} from '../../test/transcode-items.ts';
import { uploadSourceKey } from './encode-jobs.ts';
import { removeStaleWorkDirs, transcodeStoredMedia, type TranscodeDeps } from './transcode-job.ts';
import { MEDIA_TRANSCODE_QUEUE, MEDIA_TRANSCODE_SETTINGS } from './transcode-jobs.ts';

let t: TestApp;
let jobs: JobQueue;
let deps: TranscodeDeps;
beforeAll(async () => {
  t = await buildTestApp();
  jobs = await startJobQueue(t.databaseUrl, () => {});
  // As the upload route does: a NOTIFY wakes the worker at once.
  jobs.define(MEDIA_TRANSCODE_QUEUE, MEDIA_TRANSCODE_SETTINGS);
  deps = { db: t.db, jobs, storage: t.storage, tools: testTools };
}, 60_000);
afterAll(async () => {
  await jobs.stop();
  await t.close();
});

/** The files stored in an item's folder (local storage in tests). */
async function filesIn(folder: string): Promise<string[]> {
  return (await readdir(path.join(t.mediaDir, folder)).catch(() => [] as string[])).sort();
}

async function stored(key: string): Promise<Buffer> {
  const file = await t.storage.get(key);
  expect(file, key).not.toBeNull();
  return buffer(file!.body);
}

describe('the transcode job (worked by the test app, as by the media worker)', () => {
  it('encodes a video: variants, poster and row written once, upload removed, processed sent', async () => {
    const { item, job } = await processingUpload(
      t,
      await phoneClip({ width: 1280, height: 720, seconds: 2 }),
      {
        kind: 'video',
        sourceType: 'video/quicktime',
      },
    );
    await jobs.send(MEDIA_TRANSCODE_QUEUE, job);
    await endedTranscode(t, item.id);
    const row = await settledItem(t, item.id);
    expect(row).toMatchObject({ status: 'ready', error: null, durationMs: 2000, width: 854, height: 480 });
    expect(row.readyAt).toBeInstanceOf(Date);
    expect(row.variants).toEqual([
      expect.objectContaining({
        quality: 'standard',
        type: 'video/mp4',
        key: `${item.folder}standard.mp4`,
        width: 854,
        height: 480,
      }),
      expect.objectContaining({
        quality: 'saver',
        type: 'video/mp4',
        key: `${item.folder}saver.mp4`,
        width: 426,
        height: 240,
      }),
    ]);
    expect(row.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(row.image!.length).toBeGreaterThan(0);
    // Every served file is there, the upload is not; nothing else was left in the folder.
    const served = [...row.variants, ...row.image!].map((variant) => variant.key.slice(item.folder.length));
    expect(await filesIn(item.folder)).toEqual([...served].sort());
    for (const variant of row.variants) {
      const bytes = await stored(variant.key);
      expect(bytes.length).toBe(variant.bytes);
      expect(bytes.includes(GPS_NEEDLE)).toBe(false);
      expect(mp4Boxes(bytes).filter((box) => /\u00a9|loci|ilst\//.test(box.path))).toEqual([]);
    }
    for (const variant of row.image!) {
      expect(await exifr.parse(await stored(variant.key), true).catch(() => undefined)).toBeUndefined();
    }
    expect(await processedJobs(t, item.id)).toEqual([
      { itemId: item.id, ownerId: item.ownerId, status: 'ready' },
    ]);
    expect(await transcodeJobs(t, item.id)).toEqual([
      expect.objectContaining({
        state: 'completed',
        retryCount: 0,
        output: expect.objectContaining({ status: 'ready' }),
      }),
    ]);
  }, 90_000);

  it('encodes an audio: one AAC file in MP4, its duration and waveform', async () => {
    const { item, job } = await processingUpload(t, await podcastMp3(2, 1), {
      kind: 'audio',
      sourceType: 'audio/mpeg',
    });
    await jobs.send(MEDIA_TRANSCODE_QUEUE, job);
    await endedTranscode(t, item.id);
    const row = await settledItem(t, item.id);
    expect(row).toMatchObject({ status: 'ready', width: null, height: null, image: null, placeholder: null });
    expect(row.durationMs).toBeGreaterThan(2900);
    expect(row.waveform).toHaveLength(WAVEFORM_BARS);
    expect(row.variants).toEqual([
      expect.objectContaining({ quality: 'standard', type: 'audio/mp4', key: `${item.folder}standard.m4a` }),
    ]);
    expect(await filesIn(item.folder)).toEqual(['standard.m4a']);
    expect(await processedJobs(t, item.id)).toEqual([
      { itemId: item.id, ownerId: item.ownerId, status: 'ready' },
    ]);
  }, 90_000);

  it('ends a refused upload failed with its code, its files removed, never retried', async () => {
    const clip = await phoneClip({
      width: 64,
      height: 64,
      seconds: VIDEO_MAX_SECONDS.story + 3,
      framesPerSecond: 5,
    });
    const { item, job } = await processingUpload(t, clip, {
      kind: 'video',
      sourceType: 'video/quicktime',
      use: 'story',
    });
    await jobs.send(MEDIA_TRANSCODE_QUEUE, job);
    await endedTranscode(t, item.id);
    const row = await settledItem(t, item.id);
    expect(row).toMatchObject({ status: 'failed', error: 'video_too_long', variants: [], image: null });
    expect(await filesIn(item.folder)).toEqual([]);
    expect(await processedJobs(t, item.id)).toEqual([
      { itemId: item.id, ownerId: item.ownerId, status: 'failed' },
    ]);
    expect(await transcodeJobs(t, item.id)).toEqual([
      expect.objectContaining({
        state: 'completed',
        retryCount: 0,
        output: expect.objectContaining({ error: 'video_too_long' }),
      }),
    ]);
  }, 90_000);

  it('writes the row once: a run after the row was written (a crash before the clean-up) only finishes it', async () => {
    const clip = await phoneClip({ seconds: 1 });
    const { item, job } = await processingUpload(t, clip, { kind: 'video', sourceType: 'video/quicktime' });
    expect(await transcodeStoredMedia(deps, job)).toMatchObject({ status: 'ready' });
    const first = await mediaItemRow(t, item.id);
    // The upload back, as if the first run died between the row's write and the upload's removal.
    await t.storage.put(uploadSourceKey(item.folder), clip, 'video/quicktime');
    expect(await transcodeStoredMedia(deps, job)).toMatchObject({ status: 'ready' });
    expect(await mediaItemRow(t, item.id)).toEqual(first);
    expect(await filesIn(item.folder)).not.toContain('upload');
    // Told again (the first telling may have been lost with the crash); its handler recomputes.
    expect(await processedJobs(t, item.id)).toHaveLength(2);
  }, 90_000);

  it('a run that finds its item deleted meanwhile removes what it wrote', async () => {
    const { item, job } = await processingUpload(t, await phoneClip({ seconds: 1 }), {
      kind: 'video',
      sourceType: 'video/quicktime',
    });
    await t.db.delete(mediaItems).where(eq(mediaItems.id, item.id));
    expect(await transcodeStoredMedia(deps, job)).toMatchObject({ status: 'gone' });
    expect(await filesIn(item.folder)).toEqual([]);
    expect(await processedJobs(t, item.id)).toEqual([]);
  }, 90_000);

  it('refuses a job whose folder or source is not its item’s', async () => {
    const { job } = await processingUpload(t, await phoneClip({ seconds: 1 }), {
      kind: 'video',
      sourceType: 'video/quicktime',
    });
    await expect(transcodeStoredMedia(deps, { ...job, folder: 'photos/../../etc/' })).rejects.toThrow(
      /refusing/,
    );
    const other = await processingUpload(t, Buffer.from('x'), {
      kind: 'video',
      sourceType: 'video/quicktime',
    });
    await expect(
      transcodeStoredMedia(deps, { ...job, folder: other.job.folder, source: other.job.source }),
    ).rejects.toThrow(/does not match/);
  }, 60_000);

  it('reads the upload from S3 and stores the variants there (a worker on another machine)', async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'motema-s3rver-'));
    const server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: 'motema-media' }],
    });
    const { port } = await server.run();
    try {
      const storage = createMediaStorage(
        parseEnv({
          S3_BUCKET: 'motema-media',
          S3_ENDPOINT: `http://127.0.0.1:${port}`,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_FORCE_PATH_STYLE: 'true',
        }),
      );
      const { item, job } = await processingUpload({ db: t.db, storage }, await phoneClip({ seconds: 1 }), {
        kind: 'video',
        sourceType: 'video/quicktime',
      });
      expect(await transcodeStoredMedia({ ...deps, storage }, job)).toMatchObject({ status: 'ready' });
      const row = await mediaItemRow(t, item.id);
      for (const variant of [...row!.variants, ...row!.image!]) {
        expect((await storage.get(variant.key))?.size, variant.key).toBe(variant.bytes);
      }
      expect(await storage.get(job.source)).toBeNull();
    } finally {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it('a starting worker removes the temporary files of workers that died mid-encode, not the living ones', async () => {
    const root = path.join(os.tmpdir(), 'motema-transcode');
    // A pid no process has (above the kernel's pid_max), and this process's own.
    const dead = path.join(root, '4194305-deadbeef');
    const living = path.join(root, `${process.pid}-alive`);
    await mkdir(dead, { recursive: true });
    await mkdir(living, { recursive: true });
    await removeStaleWorkDirs();
    await expect(stat(dead)).rejects.toThrow(/ENOENT/);
    expect((await stat(living)).isDirectory()).toBe(true);
    await rm(living, { recursive: true, force: true });
  });
});
