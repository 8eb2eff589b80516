/**
 * Where B7's and B9's encodes run in the chat benchmark (`--media-worker fork|apart`), and what they
 * cost the rest: `fork` (default), the media worker the app's server forks (decision 0022); `apart`,
 * the server told not to fork one (MEDIA_WORKER=external) and a worker on its own (`npm run worker`'s
 * standalone.ts, a media node's) pinned to the load generator's core, away from the server's, as a
 * deployment on one small machine would pin it. Both are in the idle class.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { childrenOf, processTreeCpu, startNode, type Child } from './lib/processes.ts';

export type MediaWorkerPlace = 'fork' | 'apart';

/** The standalone worker on `core`, on the app's database and media folder. */
export function startApartWorker(databaseUrl: string, dataDir: string, core: string | undefined) {
  return startNode(
    'apps/server/src/media-worker/standalone.ts',
    [],
    { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    /is working the media queues/,
    core,
  );
}

/** The media worker: the apart one, or the one under the server. */
export const mediaWorkerPids = (server: Child, worker: Child | undefined): number[] =>
  worker ? [worker.pid] : childrenOf(server.pid);

/** The media worker and what it started (ffmpeg). */
export function encoderPids(server: Child, worker: Child | undefined): number[] {
  const workers = mediaWorkerPids(server, worker);
  return [...workers, ...workers.flatMap(childrenOf)];
}

/** schedstat of a thread: nanoseconds on a CPU, and waiting on a run queue for one. */
function schedstat(pid: number, tid: number | string): { run: number; wait: number } {
  try {
    const fields = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ');
    return { run: Number(fields[0]), wait: Number(fields[1]) };
  } catch {
    return { run: 0, wait: 0 }; // Ended meanwhile.
  }
}

/**
 * Nanoseconds the threads of `pids` spent waiting on a run queue for a CPU: over a phase, what CPU
 * contention cost them, whoever took the CPU.
 */
export function runQueueWait(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    let tids: string[] = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      // Ended meanwhile.
    }
    for (const tid of tids) total += schedstat(pid, tid).wait;
  }
  return total;
}

/** PostgreSQL's processes (the postmaster and its children), if local. */
export function postgresPids(dataDir: string | undefined): number[] {
  if (!dataDir) return [];
  try {
    const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return [postmaster, ...childrenOf(postmaster)];
  } catch {
    return [];
  }
}

/**
 * MB PostgreSQL's checkpointer has written so far (`/proc/<pid>/io`): a checkpoint in a window shows
 * as its growth there. 0 if not local or unknown.
 */
export function checkpointerWrittenMb(dataDir: string | undefined): number {
  for (const pid of postgresPids(dataDir)) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('postgres: checkpointer')) continue;
      const written = /^write_bytes: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'));
      return Number(written?.[1] ?? 0) / 1e6;
    } catch {
      // Ended meanwhile.
    }
  }
  return 0;
}

export type Contention = {
  /** The server's main thread (its event loop): on a CPU, and waiting for one. */
  serverRunMs: number;
  serverWaitMs: number;
  /** This load generator's main thread waiting for a CPU (its deliveries are timed late meanwhile). */
  clientWaitMs: number;
  postgresWaitMs: number;
  encoderCpuS: number;
  seconds: number;
};

/**
 * Over `run`: the server's event loop thread's time on a CPU (its own work: chat, and the uploads'
 * multipart, checks and writes) and waiting for one (contention), PostgreSQL's waits, the encoders' CPU.
 */
export async function contention<T>(
  pids: { server: number; postgresDir: string | undefined; mediaWorkers: () => number[] },
  run: () => Promise<T>,
): Promise<{ result: T; contention: Contention }> {
  // The media worker's CPU with its encoders', those that ended within `run` included.
  const cpu = (list: number[]) => list.reduce((sum, pid) => sum + processTreeCpu(pid), 0);
  const postgres = postgresPids(pids.postgresDir);
  const workers = pids.mediaWorkers();
  const before = {
    server: schedstat(pids.server, pids.server),
    client: schedstat(process.pid, process.pid),
    postgres: runQueueWait(postgres),
    cpu: cpu(workers),
  };
  const started = performance.now();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  return {
    result,
    contention: {
      serverRunMs: (schedstat(pids.server, pids.server).run - before.server.run) / 1e6,
      serverWaitMs: (schedstat(pids.server, pids.server).wait - before.server.wait) / 1e6,
      clientWaitMs: (schedstat(process.pid, process.pid).wait - before.client.wait) / 1e6,
      postgresWaitMs: (runQueueWait(postgres) - before.postgres) / 1e6,
      encoderCpuS: cpu(workers) - before.cpu,
      seconds,
    },
  };
}

export const describeContention = (c: Contention) =>
  `server's event loop ${(c.serverRunMs / c.seconds).toFixed(0)} ms/s on a CPU, ${(c.serverWaitMs / c.seconds).toFixed(1)} ms/s waiting for one; PostgreSQL waiting ${(c.postgresWaitMs / c.seconds).toFixed(1)} ms/s; encoders ${(c.encoderCpuS / c.seconds).toFixed(2)} CPU`;
