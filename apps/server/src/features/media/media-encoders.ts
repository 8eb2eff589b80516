import type { JobQueue } from '../../jobs/queue.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import {
  MEDIA_ENCODE_QUEUE,
  MEDIA_ENCODE_SETTINGS,
  type EncodeJob,
  type EncodeOutput,
} from './encode-jobs.ts';
import { encodeStoredPhoto } from './photo-encode-job.ts';

/** One handler per kind of job: the worker never encodes a kind it does not know. */
const ENCODERS: {
  [K in EncodeJob['kind']]: (storage: MediaStorage, job: EncodeJob) => Promise<EncodeOutput>;
} = { photo: encodeStoredPhoto };

/** What the worker tells its supervisor, so that a crash fails (and retries) its jobs at once. */
export type EncodeJobEvent = { type: 'started' | 'ended'; id: string };

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
    options.onJob?.({ type: 'started', id });
    try {
      return await encode(storage, job);
    } finally {
      options.onJob?.({ type: 'ended', id });
    }
  };
  for (let slot = 0; slot < options.concurrency; slot += 1) {
    await jobs.work<EncodeJob>(MEDIA_ENCODE_QUEUE, handle, { batchSize: 1 });
  }
}
