import PgBoss from 'pg-boss';
import { executorIn, type Tx } from '../db/client.ts';
import { JOB_SENT_CHANNEL, listenForSentJobs } from './job-wake.ts';

/** A job's handler; what it returns (an object) is kept as the job's output when it ran alone. */
export type JobHandler<T, R = unknown> = (data: T, job: { id: string }) => Promise<R>;

/** A queue's own settings, where the defaults (8 retries with backoff, 15 minutes to run) do not fit. */
export type QueueSettings = {
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** An active job not finished by then is failed (and retried): its worker is taken for dead. */
  expireInSeconds: number;
  /** Workers start a sent job at once (NOTIFY, job-wake.ts), not at their next poll: someone waits. */
  wakeWorkers?: boolean;
  /**
   * `collapsing`: at most one job per key waits to run (pg-boss's `short` policy); `sendCollapsed`
   * sends to such a queue (and only there: a key of another queue would be taken for a plain job's).
   */
  collapsing?: boolean;
};

/** Where a job stands: `completed` with its handler's output, or finished without one. */
export type JobOutcome<R> =
  { state: 'completed'; output: R } | { state: 'failed' | 'cancelled' } | { state: 'waiting' };

/** Durable jobs in PostgreSQL (pg-boss): sent inside the request, run and retried in the background. */
export type JobQueue = {
  /**
   * Enqueues a job (after `delaySeconds`, if given) and returns its id. Workers take the jobs of the
   * highest `priority` first (0 by default; higher, or lower: negative), then the oldest.
   */
  send: <T extends object>(
    name: string,
    data: T,
    options?: { delaySeconds?: number; priority?: number },
  ) => Promise<string>;
  /**
   * Enqueues a job inside the caller's transaction `tx` (pg-boss's `db` option): it exists once `tx`
   * commits, and never if it rolls back. What money or a state change brings with it (a commission's
   * release, a payout's check) is sent this way, never after the commit, where a crash loses it.
   */
  sendIn: <T extends object>(
    tx: Tx,
    name: string,
    data: T,
    options?: { delaySeconds?: number; priority?: number },
  ) => Promise<string>;
  /**
   * Enqueues a job unless one was sent to the queue in the same slot of `slotSeconds` (≤ 12 h), by any
   * node: several nodes starting a periodic job get one run. False when the slot's job was there.
   */
  sendOnce: <T extends object>(name: string, data: T, slotSeconds: number) => Promise<boolean>;
  /**
   * Enqueues a job to a `collapsing` queue (after `delaySeconds`) unless a job of the same `key` is
   * waiting there, by any node: what a burst asks for is done once (one push for a burst of
   * messages). A job running already does not count: what comes after its start gets a job of its
   * own. False when one was waiting.
   */
  sendCollapsed: <T extends object>(
    name: string,
    data: T,
    options: { key: string; delaySeconds?: number },
  ) => Promise<boolean>;
  /** Works a queue: `batchSize` jobs fetched at a time (5 by default); call again for more at once. */
  work: <T extends object>(
    name: string,
    handler: JobHandler<T>,
    options?: { batchSize?: number },
  ) => Promise<void>;
  /** Settings of a queue of its own, applied when this node creates (or first uses) it. */
  define: (name: string, settings: QueueSettings) => void;
  /** Resolves once the job is completed, failed for good or cancelled, or `timeoutMs` has passed. */
  waitFor: <R>(name: string, id: string, timeoutMs: number) => Promise<JobOutcome<R>>;
  /** Fails active jobs now (their worker died): each is retried, if it has retries left. */
  fail: (name: string, ids: string[], reason: string) => Promise<void>;
  cancel: (name: string, id: string) => Promise<void>;
  stop: () => Promise<void>;
};

/** How often `waitFor` looks at its job: one primary-key read, short against any encode. */
const WAIT_POLL_MS = 50;
const DEFAULT_SETTINGS: QueueSettings = {
  retryLimit: 8,
  retryBackoff: true,
  retryDelaySeconds: 5,
  expireInSeconds: 15 * 60,
};

export async function startJobQueue(databaseUrl: string, log: (error: unknown) => void): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4, schedule: false });
  // Without a listener, an 'error' of pg-boss would stop the process. Its errors come from its pool
  // (a connection cut by a database restart: the pool replaces it) and from failed polls (its workers
  // poll again): they are only logged.
  boss.on('error', (error) => log(withoutDriverClient(error)));
  await boss.start();
  const wake = listenForSentJobs(databaseUrl, log);
  const created = new Set<string>();
  const settings = new Map<string, QueueSettings>();
  // One creation at a time on this node; other nodes may create queues at the same moment (a rolling
  // start after a release that adds one): PostgreSQL then aborts one side of a deadlock on pg-boss's
  // partition tables, and that side tries again. Creation is idempotent.
  let creating: Promise<unknown> = Promise.resolve();
  const createQueue = async (name: string) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const own = settings.get(name) ?? DEFAULT_SETTINGS;
        const options = {
          name,
          retryLimit: own.retryLimit,
          retryBackoff: own.retryBackoff,
          retryDelay: own.retryDelaySeconds,
          expireInSeconds: own.expireInSeconds,
          ...(own.collapsing && { policy: 'short' as const }),
        };
        // A queue defined here is brought to this release's settings; others keep what they have.
        if (!(await boss.getQueue(name))) await boss.createQueue(name, options);
        else if (settings.has(name)) await boss.updateQueue(name, options);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '40P01' || attempt >= 10) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 100 * attempt));
      }
    }
  };
  const ensureQueue = async (name: string) => {
    if (created.has(name)) return;
    const done = creating.then(() => createQueue(name));
    creating = done.catch(() => {});
    await done;
    created.add(name);
  };
  return {
    async send(name, data, options = {}) {
      await ensureQueue(name);
      const id = await boss.send(name, data, {
        startAfter: options.delaySeconds ?? 0,
        priority: options.priority ?? 0,
      });
      if (!id) throw new Error(`pg-boss did not enqueue a job of ${name}`);
      if (settings.get(name)?.wakeWorkers && !options.delaySeconds) {
        await boss.getDb().executeSql('SELECT pg_notify($1, $2)', [JOB_SENT_CHANNEL, name]);
      }
      return id;
    },
    async sendIn(tx, name, data, options = {}) {
      await ensureQueue(name);
      const id = await boss.send(name, data, {
        startAfter: options.delaySeconds ?? 0,
        priority: options.priority ?? 0,
        db: executorIn(tx),
      });
      if (!id) throw new Error(`pg-boss did not enqueue a job of ${name}`);
      // Delivered at the commit, as the job becomes visible.
      if (settings.get(name)?.wakeWorkers && !options.delaySeconds) {
        await executorIn(tx).executeSql('SELECT pg_notify($1, $2)', [JOB_SENT_CHANNEL, name]);
      }
      return id;
    },
    async sendOnce(name, data, slotSeconds) {
      await ensureQueue(name);
      // pg-boss's throttling: a unique index on (queue, slot) drops a second job of the slot.
      return (await boss.send(name, data, { singletonSeconds: slotSeconds })) !== null;
    },
    async sendCollapsed(name, data, { key, delaySeconds = 0 }) {
      if (!settings.get(name)?.collapsing) throw new Error(`${name} is not a collapsing queue`);
      await ensureQueue(name);
      // The `short` policy's unique index on (queue, key) over created jobs drops a second waiting one.
      return (await boss.send(name, data, { singletonKey: key, startAfter: delaySeconds })) !== null;
    },
    async work<T extends object>(name: string, handler: JobHandler<T>, options: { batchSize?: number } = {}) {
      await ensureQueue(name);
      const batchSize = options.batchSize ?? 5;
      const worker = await boss.work<T>(name, { pollingIntervalSeconds: 0.5, batchSize }, async (jobs) => {
        // pg-boss would fail every job of the batch for one that threw (the others' work done again
        // at each retry, their retries spent, those after it not run): the one that threw is failed
        // alone, as pg-boss keeps a failure (serialize-error: a message and a stack), and the batch's
        // completion passes over it (pg-boss completes only active jobs).
        let output: unknown;
        for (const job of jobs) {
          try {
            output = await handler(job.data, { id: job.id });
          } catch (error) {
            await boss.fail(name, job.id, error as object);
          }
        }
        // pg-boss keeps an output only for a batch of one job.
        return jobs.length === 1 ? output : undefined;
      });
      if (settings.get(name)?.wakeWorkers) await wake.on(name, () => boss.notifyWorker(worker));
    },
    define(name, own) {
      settings.set(name, own);
    },
    async waitFor<R>(name: string, id: string, timeoutMs: number): Promise<JobOutcome<R>> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const job = await boss.getJobById<object>(name, id);
        if (job?.state === 'completed') return { state: 'completed', output: job.output as R };
        if (!job || job.state === 'failed') return { state: 'failed' };
        if (job.state === 'cancelled') return { state: 'cancelled' };
        if (Date.now() >= deadline) return { state: 'waiting' };
        await new Promise((resolve) => setTimeout(resolve, Math.min(WAIT_POLL_MS, deadline - Date.now())));
      }
    },
    async fail(name, ids, reason) {
      for (const id of ids) await boss.fail(name, id, { reason });
    },
    async cancel(name, id) {
      await boss.cancel(name, id);
    },
    async stop() {
      await wake.stop();
      await boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}

/**
 * The error without the driver's client that pg-pool hangs on the error of an idle connection: a
 * socket, buffers and parser state that would fill the log at each database restart.
 */
function withoutDriverClient(error: unknown): unknown {
  if (!(error instanceof Error) || !('client' in error)) return error;
  const { client: _client, ...fields } = error as Error & { client: unknown };
  return Object.assign(new Error(error.message, { cause: error.cause }), fields, { stack: error.stack });
}
