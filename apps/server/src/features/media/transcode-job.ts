import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ErrorCode } from '@motema/shared/errors';
import type { Db } from '../../db/client.ts';
import type { MediaItemVariant } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FfmpegTools } from '../../lib/ffmpeg-tools.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import { transcodeAudio } from './audio-pipeline.ts';
import { uploadSourceKey } from './encode-jobs.ts';
import { mediaVariantFileName } from './media-item-names.ts';
import {
  findTranscodeItem,
  finishTranscodeItem,
  type TranscodeItem,
  type TranscodeOutcome,
} from './media-items-transcode.repository.ts';
import type { EncodeBudget } from './encode-budget.ts';
import { encodePhoto } from './photo-pipeline.ts';
import { MEDIA_PROCESSED_QUEUE, type MediaProcessedJob, type TranscodeJob } from './transcode-jobs.ts';
import { storedVariants } from './variant-names.ts';
import { transcodeVideo } from './video-pipeline.ts';

export type TranscodeDeps = {
  db: Db;
  jobs: JobQueue;
  storage: MediaStorage;
  tools: FfmpegTools;
  /** What an encode may cost (encode-budget.ts's default unless given: tests give less). */
  budget?: EncodeBudget;
};
/** The job's output (kept by pg-boss): who encoded it and how it ended. */
export type TranscodeJobOutput = {
  encodedBy: number;
  status: 'ready' | 'failed' | 'gone';
  error?: ErrorCode;
};

/** The folders uploads of posts and stories make: a job cannot remove or write elsewhere. */
const ITEM_FOLDER = /^media\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{16,}\/$/;

/** Each worker's temporary files, under a folder named by its pid (stale ones: removeStaleWorkDirs). */
const WORK_ROOT = path.join(os.tmpdir(), 'motema-transcode');

const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes the temporary files of workers that died mid-encode (a SIGKILL runs no `finally`): an
 * upload's copy each, up to VIDEO_MAX_BYTES. Called when a worker starts.
 */
export async function removeStaleWorkDirs(): Promise<void> {
  const names = await readdir(WORK_ROOT).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => {
        const pid = Number(name.split('-')[0]);
        return Number.isInteger(pid) && pid !== process.pid && !processAlive(pid);
      })
      .map((name) => rm(path.join(WORK_ROOT, name), { recursive: true, force: true })),
  );
}

/**
 * The transcode job (media worker): reads the item's upload (in place on local disk; from S3 through
 * a temporary file), encodes it (video-pipeline.ts, audio-pipeline.ts; a video's poster through the photo
 * pipeline), stores the served files under the item's folder, writes the item's row once (guarded by
 * `status = 'processing'`), tells MEDIA_PROCESSED_QUEUE, then removes the upload. A refusal of the
 * bytes ends the item `failed` with its code and removes its files; it is never retried.
 *
 * Crash-safe by its order: a retry after a crash before the row was written re-does the work and
 * overwrites what was half written; after it, the retry finds the row written, finishes the
 * clean-up and tells MEDIA_PROCESSED_QUEUE again (its handler recomputes: telling twice is harmless).
 */
export async function transcodeStoredMedia(
  deps: TranscodeDeps,
  job: TranscodeJob,
): Promise<TranscodeJobOutput> {
  if (!ITEM_FOLDER.test(job.folder) || job.source !== uploadSourceKey(job.folder)) {
    throw new Error(`refusing to transcode ${job.source} into ${job.folder}`);
  }
  const item = await findTranscodeItem(deps.db, job.itemId);
  if (!item) {
    // Deleted meanwhile (the owner's account, an unclaimed upload's clean-up): nothing to keep.
    await deps.storage.deletePrefix(job.folder);
    return { encodedBy: process.pid, status: 'gone' };
  }
  if (item.folder !== job.folder || item.kind !== job.kind) {
    throw new Error(`the job does not match media item ${item.id}`);
  }
  if (item.status !== 'processing') return finishAgain(deps, item);

  await mkdir(WORK_ROOT, { recursive: true });
  const workDir = await mkdtemp(path.join(WORK_ROOT, `${process.pid}-`));
  try {
    const outcome = await encodeInto(deps, item, job, workDir);
    return await finish(deps, item, outcome);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

async function encodeInto(
  deps: TranscodeDeps,
  item: TranscodeItem,
  job: TranscodeJob,
  workDir: string,
): Promise<TranscodeOutcome> {
  const file = await readableUpload(deps.storage, job.source, workDir);
  // The upload is removed only after the row is written: gone now, nothing can ever encode it.
  if (!file) return { status: 'failed', error: 'media_unreadable' };
  try {
    if (job.kind === 'audio') {
      const audio = await transcodeAudio(
        deps.tools,
        { file, sourceType: item.sourceType, workDir },
        deps.budget,
      );
      const variant = await storeFile(deps.storage, item.folder, audio.file, {
        quality: 'standard',
        type: 'audio/mp4',
        width: null,
        height: null,
      });
      return {
        status: 'ready',
        durationMs: audio.durationMs,
        width: null,
        height: null,
        placeholder: null,
        image: null,
        variants: [variant],
        waveform: audio.waveform,
      };
    }
    const video = await transcodeVideo(
      deps.tools,
      { file, sourceType: item.sourceType, use: job.use, workDir },
      deps.budget,
    );
    const poster = await encodePhoto(video.poster, 'image/png');
    const image = storedVariants(poster, item.folder);
    await Promise.all(
      poster.variants.map((variant, i) => deps.storage.put(image[i]!.key, variant.body, variant.type)),
    );
    const variants: MediaItemVariant[] = [];
    for (const encoded of video.files) {
      const { quality, width, height } = encoded;
      variants.push(
        await storeFile(deps.storage, item.folder, encoded.file, {
          quality,
          type: 'video/mp4',
          width,
          height,
        }),
      );
    }
    return {
      status: 'ready',
      durationMs: video.durationMs,
      width: video.width,
      height: video.height,
      placeholder: poster.placeholder,
      image,
      variants,
      waveform: null,
    };
  } catch (error) {
    if (error instanceof AppError) return { status: 'failed', error: error.code };
    throw error;
  }
}

/** A path ffmpeg can read the upload at: the stored file itself on local disk, else a copy (S3). */
async function readableUpload(storage: MediaStorage, key: string, workDir: string): Promise<string | null> {
  const local = storage.localPath?.(key);
  if (local) return (await stat(local).catch(() => null))?.isFile() ? local : null;
  const stored = await storage.get(key);
  if (!stored) return null;
  const file = path.join(workDir, 'upload');
  await pipeline(stored.body, createWriteStream(file));
  return file;
}

async function storeFile(
  storage: MediaStorage,
  folder: string,
  file: string,
  variant: Omit<MediaItemVariant, 'key' | 'bytes'>,
): Promise<MediaItemVariant> {
  const body = await readFile(file);
  const key = `${folder}${mediaVariantFileName(variant)}`;
  await storage.put(key, body, variant.type);
  return { ...variant, key, bytes: body.length };
}

async function finish(
  deps: TranscodeDeps,
  item: TranscodeItem,
  outcome: TranscodeOutcome,
): Promise<TranscodeJobOutput> {
  const ownerId = await finishTranscodeItem(deps.db, item.id, outcome);
  if (!ownerId) {
    // Written by another run of the job, or the item deleted meanwhile (its files then go too).
    const now = await findTranscodeItem(deps.db, item.id);
    if (!now) await deps.storage.deletePrefix(item.folder);
    return { encodedBy: process.pid, status: now?.status === 'ready' ? 'ready' : now ? 'failed' : 'gone' };
  }
  return finishAgain(deps, { ...item, ...outcome, ownerId });
}

/** What follows the row's write: tell the item's post or story, then remove what is not served. */
async function finishAgain(
  deps: TranscodeDeps,
  item: Pick<TranscodeItem, 'id' | 'ownerId' | 'folder'> & { status: string; error?: string | null },
): Promise<TranscodeJobOutput> {
  if (item.status !== 'ready' && item.status !== 'failed')
    throw new Error(`media item ${item.id} is ${item.status}`);
  await deps.jobs.send<MediaProcessedJob>(MEDIA_PROCESSED_QUEUE, {
    itemId: item.id,
    ownerId: item.ownerId,
    status: item.status,
  });
  await deps.storage.deletePrefix(item.status === 'ready' ? uploadSourceKey(item.folder) : item.folder);
  return {
    encodedBy: process.pid,
    status: item.status,
    ...(item.status === 'failed' && item.error ? { error: item.error as ErrorCode } : {}),
  };
}
