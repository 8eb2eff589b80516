/**
 * The disk's own stalls, measured apart from any server: a thread of this process writes 4 KB to a
 * file in `dir` and flushes it to the disk (fdatasync, as PostgreSQL flushes its WAL at each commit)
 * every 50 ms, timing each flush. A stretch of a benchmark in which one flush took long had every
 * commit on that disk wait as long, whatever the servers did. The flushes run on a thread of their
 * own, so this process's event loop (where deliveries are timed) never waits for them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const fd = fs.openSync(workerData.file, 'w');
const page = Buffer.alloc(4096, 1);
let stopped = false;
parentPort.on('message', () => { stopped = true; });
const flush = () => {
  if (stopped) { fs.closeSync(fd); parentPort.close(); return; }
  const started = performance.timeOrigin + performance.now();
  fs.writeSync(fd, page, 0, page.length, 0);
  fs.fdatasyncSync(fd);
  const ended = performance.timeOrigin + performance.now();
  parentPort.postMessage([started, ended]);
  setTimeout(flush, workerData.everyMs);
};
flush();
`;

/** When a flush started and ended, in ms since the epoch (performance.timeOrigin + now). */
type Flush = [started: number, ended: number];

export type FsyncProbe = {
  /** The longest flush under way during [from, to] (ms since the epoch), in ms; 0 if none ended. */
  longestMs: (from: number, to: number) => number;
  flushes: () => number;
  stop: () => Promise<void>;
};

export const epochMs = () => performance.timeOrigin + performance.now();

export async function startFsyncProbe(dir: string, everyMs = 50): Promise<FsyncProbe> {
  const folder = await mkdtemp(path.join(dir, 'fsync-probe-'));
  const flushes: Flush[] = [];
  const worker = new Worker(PROBE, { eval: true, workerData: { file: path.join(folder, 'probe'), everyMs } });
  worker.on('message', (flush: Flush) => flushes.push(flush));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  // Measuring once it has flushed once.
  await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    longestMs: (from, to) =>
      flushes.reduce(
        (longest, [started, ended]) =>
          started <= to && ended >= from ? Math.max(longest, ended - started) : longest,
        0,
      ),
    flushes: () => flushes.length,
    stop: async () => {
      worker.postMessage('stop');
      await exited;
      await rm(folder, { recursive: true, force: true });
    },
  };
}
