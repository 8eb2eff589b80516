import { stat } from 'node:fs/promises';
import { connectDatabase } from '../db/client.ts';
import { loadEnv } from '../env.ts';
import { workMediaEncoding, workMediaTranscoding } from '../features/media/media-encoders.ts';
import { removeStaleWorkDirs } from '../features/media/transcode-job.ts';
import { ffmpegVersion, resolveFfmpegTools } from '../lib/ffmpeg-tools.ts';
import { photoEncodesAtOnce } from '../features/media/photo-pipeline.ts';
import { startJobQueue } from '../jobs/queue.ts';
import { createMediaStorage } from '../lib/storage.ts';
import { useEveryCpu } from './cpu-affinity.ts';
import { lowerEveryThread, useIdleClass } from './priority.ts';
import type { FromWorker, ToWorker } from './worker-messages.ts';

/**
 * The media worker process (decision 0022): works the encode queue away from the server's event
 * loop and at a lower CPU priority, so that chat and requests keep their latency while photos
 * encode (bar B7). Started, restarted and stopped by the server (supervisor.ts), over an IPC
 * channel: it ends when that channel closes, so it never outlives a server that was killed.
 */

/** Below the server and PostgreSQL where the idle class cannot be had (nice 10 weighs ~1/10). */
export const MEDIA_WORKER_NICE = 10;

const tell = (message: FromWorker) => process.send?.(message);
if (!process.send) {
  console.error('The media worker is started by the server (apps/server/src/main.ts), not on its own.');
  process.exit(1);
}

const env = loadEnv();
// libuv starts its pool of threads on first use: started now, then lowered with every other thread,
// so that each thread made later (libvips' among them) is made by one already lowered, in the idle
// class, and free to run on every CPU, not only on those of a server pinned to its own.
await stat(process.cwd());
lowerEveryThread(MEDIA_WORKER_NICE);
if (process.platform === 'linux') {
  if (!useIdleClass())
    console.error('media worker: not in the idle class (no chrt, or refused): nice 10 only');
  if (!useEveryCpu()) console.error('media worker: CPU affinity left as inherited (no taskset, or refused)');
}

// Until it has started, there is nothing to drain: a signal ends it as it would any process.
const start = await new Promise<ToWorker>((resolve) => process.once('message', resolve));
const jobs = await startJobQueue(start.databaseUrl, (error) =>
  console.error('media worker: job queue error', error),
);
// The transcode writes its item's row (the photo encode's output goes back to its waiting request).
const database = connectDatabase(start.databaseUrl, { max: 2 });
let stopping = false;
async function stop(exitCode: number) {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(1), 15_000).unref();
  // Graceful: the encodes under way finish (pg-boss waits, then fails what is left, to be retried).
  await jobs.stop().catch((error: unknown) => console.error('media worker: stop failed', error));
  await database.close().catch(() => {});
  process.exit(exitCode);
}
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
process.on('disconnect', () => void stop(0));

const storage = createMediaStorage(env);
await workMediaEncoding(jobs, storage, { concurrency: photoEncodesAtOnce(), onJob: tell });
// ffmpeg, started by this process's threads, inherits their idle class and nice value (priority.ts).
await removeStaleWorkDirs();
const tools = resolveFfmpegTools(env);
if (env.NODE_ENV !== 'test') {
  console.log(`media worker: ${ffmpegVersion(tools.ffmpeg)} (${tools.source}: ${tools.ffmpeg})`);
}
await workMediaTranscoding(jobs, { db: database.db, storage, tools }, { onJob: tell });
tell({ type: 'ready', pid: process.pid });
