import { connectDatabase } from '../db/client.ts';
import type { Env } from '../env.ts';
import {
  workMediaEncoding,
  workMediaTranscoding,
  type EncodeJobEvent,
} from '../features/media/media-encoders.ts';
import { photoEncodesAtOnce } from '../features/media/photo-pipeline.ts';
import { removeStaleWorkDirs } from '../features/media/transcode-job.ts';
import { startJobQueue } from '../jobs/queue.ts';
import { ffmpegVersion, resolveFfmpegTools } from '../lib/ffmpeg-tools.ts';
import { createMediaStorage } from '../lib/storage.ts';

export type MediaWork = {
  /** Graceful: the encodes under way finish (pg-boss waits, then fails what is left, to be retried). */
  stop: () => Promise<void>;
};

/**
 * What every media worker process runs, forked by its server (main.ts) or on its own (standalone.ts):
 * the photo encode queue, `photoEncodesAtOnce()` jobs at a time (one libvips thread each,
 * photo-pipeline.ts), and the transcode queue, one job at a time (ffmpeg with two threads,
 * video-pipeline.ts), from the database at `databaseUrl`, reading and writing the media storage the
 * servers use (`env`: DATA_DIR/media or the S3 bucket). Call it once the process yields the CPU
 * (yield-cpu.ts): ffmpeg, started by this process's threads, inherits their class and nice value.
 */
export async function startMediaWork(options: {
  databaseUrl: string;
  env: Env;
  /** Each job's start and end (the supervisor fails a dead worker's jobs with them). */
  onJob?: (event: EncodeJobEvent) => void;
  log: (line: string) => void;
}): Promise<MediaWork> {
  const { env, log } = options;
  const jobs = await startJobQueue(options.databaseUrl, (error) =>
    console.error('media worker: job queue error', error),
  );
  // The transcode writes its item's row (the photo encode's output goes back to its waiting request).
  const database = connectDatabase(options.databaseUrl, { max: 2 });
  const storage = createMediaStorage(env);
  await workMediaEncoding(jobs, storage, { concurrency: photoEncodesAtOnce(), onJob: options.onJob });
  await removeStaleWorkDirs();
  const tools = resolveFfmpegTools(env);
  if (env.NODE_ENV !== 'test')
    log(`media worker: ${ffmpegVersion(tools.ffmpeg)} (${tools.source}: ${tools.ffmpeg})`);
  await workMediaTranscoding(jobs, { db: database.db, storage, tools }, { onJob: options.onJob });
  return {
    async stop() {
      await jobs.stop().catch((error: unknown) => console.error('media worker: stop failed', error));
      await database.close().catch(() => {});
    },
  };
}
