import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { JobQueue } from '../jobs/queue.ts';
import type { FromWorker, ToWorker } from './worker-messages.ts';

const WORKER_MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
/** A worker that keeps dying is started again less and less often, up to this. */
const RESTART_DELAY_MAX_MS = 30_000;
const RESTART_DELAY_MIN_MS = 250;
/** A worker that ran this long was healthy: the next crash restarts it at once again. */
const HEALTHY_AFTER_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;

export type MediaWorker = {
  /** The running worker's pid (undefined between a crash and its restart). */
  pid: () => number | undefined;
  /** Resolves once a worker works the queue (the first, or the one after a restart). */
  ready: () => Promise<number>;
  /** Every message of every worker (job started, job ended, ready): for logs and tests. */
  onMessage: (listener: (message: FromWorker) => void) => void;
  /** SIGTERM, then waits for the encodes under way (SIGKILL after 20 s). */
  stop: () => Promise<void>;
};

export type MediaWorkerOptions = {
  databaseUrl: string;
  /** The server's queue: the jobs of a worker that died are failed through it, to be retried at once. */
  jobs: JobQueue;
  log: { info: (line: string) => void; error: (line: string) => void };
  /** The worker's environment (default: the server's own). */
  env?: NodeJS.ProcessEnv;
};

/**
 * Starts the media worker process (main.ts) and keeps it running: restarted when it dies, with the
 * jobs it had under way failed at once so that they are retried (not left to expire). Its output
 * goes to the server's.
 */
export function startMediaWorker(options: MediaWorkerOptions): MediaWorker {
  let child: ChildProcess | undefined;
  let stopping = false;
  let restartDelay = RESTART_DELAY_MIN_MS;
  const listeners: ((message: FromWorker) => void)[] = [];
  let readyWaiters: ((pid: number) => void)[] = [];
  let readyPid: number | undefined;

  const spawnWorker = () => {
    const startedAt = Date.now();
    /** The jobs under way, by queue (photos' encode, videos' and audios' transcode). */
    const active = new Map<string, { queue: string; id: string }>();
    const worker = fork(WORKER_MAIN, [], {
      // The worker is TypeScript as the server is (npm start runs it through tsx).
      execArgv: ['--import', import.meta.resolve('tsx')],
      env: options.env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child = worker;
    readyPid = undefined;
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'started') active.set(message.id, { queue: message.queue, id: message.id });
      if (message.type === 'ended') active.delete(message.id);
      if (message.type === 'ready') {
        readyPid = message.pid;
        for (const resolve of readyWaiters) resolve(message.pid);
        readyWaiters = [];
      }
      for (const listener of listeners) listener(message);
    });
    worker.on('error', (error) => options.log.error(`media worker: ${error.message}`));
    worker.send({ type: 'start', databaseUrl: options.databaseUrl } satisfies ToWorker);
    worker.once('exit', (code, signal) => {
      if (child === worker) child = undefined;
      if (stopping) return;
      const jobs = [...active.values()];
      options.log.error(
        `media worker ${worker.pid} exited (${signal ?? `code ${code}`}) with ${jobs.length} job(s) under way; restarting`,
      );
      for (const queue of new Set(jobs.map((job) => job.queue))) {
        const ids = jobs.filter((job) => job.queue === queue).map((job) => job.id);
        options.jobs
          .fail(queue, ids, `media worker exited (${signal ?? `code ${code}`})`)
          .catch((error: unknown) => options.log.error(`media worker: failing its jobs: ${String(error)}`));
      }
      restartDelay = Date.now() - startedAt > HEALTHY_AFTER_MS ? RESTART_DELAY_MIN_MS : restartDelay;
      setTimeout(() => stopping || spawnWorker(), restartDelay).unref();
      restartDelay = Math.min(RESTART_DELAY_MAX_MS, restartDelay * 2);
    });
  };
  spawnWorker();

  return {
    pid: () => child?.pid,
    ready: () =>
      readyPid !== undefined && child
        ? Promise.resolve(readyPid)
        : new Promise((resolve) => readyWaiters.push(resolve)),
    onMessage: (listener) => void listeners.push(listener),
    async stop() {
      stopping = true;
      const worker = child;
      if (!worker || worker.exitCode !== null || worker.signalCode !== null) return;
      const exited = once(worker, 'exit');
      worker.kill('SIGTERM');
      const force = setTimeout(() => worker.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(force);
    },
  };
}
