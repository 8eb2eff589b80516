import { loadEnv } from '../env.ts';
import { startMediaWork } from './media-work.ts';
import type { FromWorker, ToWorker } from './worker-messages.ts';
import { yieldTheCpu } from './yield-cpu.ts';

/**
 * The media worker process its server forks (decision 0022): works the encode queues away from the
 * server's event loop and at a lower CPU priority, so that chat and requests keep their latency while
 * photos encode (bar B7). Started, restarted and stopped by the server (supervisor.ts), over an IPC
 * channel: it ends when that channel closes, so it never outlives a server that was killed. A worker
 * with no server of its own, on another machine or beside a server told not to fork one, is
 * standalone.ts (`npm run worker`).
 */

const tell = (message: FromWorker) => process.send?.(message);
if (!process.send) {
  console.error('This media worker is forked by the server; a worker on its own is `npm run worker`.');
  process.exit(1);
}

const env = loadEnv();
for (const line of await yieldTheCpu({ everyCpu: true })) console.error(`media worker: ${line}`);

// Until it has started, there is nothing to drain: a signal ends it as it would any process.
const start = await new Promise<ToWorker>((resolve) => process.once('message', resolve));
const working = startMediaWork({
  databaseUrl: start.databaseUrl,
  env,
  onJob: tell,
  log: (line) => console.log(line),
});
let stopping = false;
async function stop(exitCode: number) {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(1), 15_000).unref();
  await (await working.catch(() => undefined))?.stop();
  process.exit(exitCode);
}
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
process.on('disconnect', () => void stop(0));

await working;
tell({ type: 'ready', pid: process.pid });
