import type { JobQueue } from '../../jobs/queue.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import {
  MEDIA_ENCODE_QUEUE,
  MEDIA_ENCODE_SETTINGS,
  type EncodeJob,
  type EncodeOutput,
} from './encode-jobs.ts';
import { encodeStoredPhoto } from './photo-encode-job.ts';
import { transcodeStoredMedia, type TranscodeDeps } from './transcode-job.ts';
import { MEDIA_TRANSCODE_QUEUE, MEDIA_TRANSCODE_SETTINGS, type TranscodeJob } from './transcode-jobs.ts';

/** One handler per kind of job: the worker never encodes a kind it does not know. */
const ENCODERS: {
  [K in EncodeJob['kind']]: (storage: MediaStorage, job: EncodeJob) => Promise<EncodeOutput>;
} = { photo: encodeStoredPhoto };

/** What the worker tells its supervisor, so that a crash fails (and retries) its jobs at once. */
export type EncodeJobEvent = { type: 'started' | 'ended'; queue: string; id: string };

/**
 * Works the encode queue: `concurrency` jobs at a time, one per fetch, each job's output kept for
 * the request that waits for it. Runs in the media worker process (tests may run it in theirs).
 */
export async function workMediaEncoding(
  jobs: JobQueue,
  storage: MediaStorage,
  options: { concurrency: number; onJob?: (event: EncodeJobEvent) => void },
): Promise<void> {
  jobs.define(MEDIA_ENCODE_QUEUE, MEDIA_ENCODE_SETTINGS);
  const handle = async (job: EncodeJob, { id }: { id: string }) => {
    const encode = ENCODERS[job.kind];
    if (!encode) throw new Error(`no encoder for media jobs of kind ${String(job.kind)}`);
    options.onJob?.({ type: 'started', queue: MEDIA_ENCODE_QUEUE, id });
    try {
      return await encode(storage, job);
    } finally {
      options.onJob?.({ type: 'ended', queue: MEDIA_ENCODE_QUEUE, id });
    }
  };
  for (let slot = 0; slot < options.concurrency; slot += 1) {
    await jobs.work<EncodeJob>(MEDIA_ENCODE_QUEUE, handle, { batchSize: 1 });
  }
}

/**
 * Works the transcode queue (videos and audios of posts and stories): one job at a time, whatever the
 * cores (one ffmpeg of a few threads is the most a small server lends its encodes), on a queue of its
 * own so that a long video never holds up a photo upload.
 */
export async function workMediaTranscoding(
  jobs: JobQueue,
  deps: Omit<TranscodeDeps, 'jobs'>,
  options: { onJob?: (event: EncodeJobEvent) => void } = {},
): Promise<void> {
  jobs.define(MEDIA_TRANSCODE_QUEUE, MEDIA_TRANSCODE_SETTINGS);
  await jobs.work<TranscodeJob>(
    MEDIA_TRANSCODE_QUEUE,
    async (job, { id }) => {
      options.onJob?.({ type: 'started', queue: MEDIA_TRANSCODE_QUEUE, id });
      try {
        return await transcodeStoredMedia({ ...deps, jobs }, job);
      } finally {
        options.onJob?.({ type: 'ended', queue: MEDIA_TRANSCODE_QUEUE, id });
      }
    },
    { batchSize: 1 },
  );
}
