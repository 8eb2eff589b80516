import PgBoss from 'pg-boss';

export type JobHandler<T> = (data: T) => Promise<void>;

/** Durable jobs in PostgreSQL (pg-boss): sent inside the request, run and retried in the background. */
export type JobQueue = {
  send: <T extends object>(name: string, data: T) => Promise<void>;
  work: <T extends object>(name: string, handler: JobHandler<T>) => Promise<void>;
  stop: () => Promise<void>;
};

export async function startJobQueue(databaseUrl: string, log: (error: unknown) => void): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4, schedule: false });
  // Without a listener, an 'error' of pg-boss would stop the process. Its errors come from its pool
  // (a connection cut by a database restart: the pool replaces it) and from failed polls (its workers
  // poll again): they are only logged.
  boss.on('error', (error) => log(withoutDriverClient(error)));
  await boss.start();
  const created = new Set<string>();
  // One creation at a time on this node; other nodes may create queues at the same moment (a rolling
  // start after a release that adds one): PostgreSQL then aborts one side of a deadlock on pg-boss's
  // partition tables, and that side tries again. Creation is idempotent.
  let creating: Promise<unknown> = Promise.resolve();
  const createQueue = async (name: string) => {
    for (let attempt = 1; ; attempt++) {
      try {
        if (!(await boss.getQueue(name))) {
          await boss.createQueue(name, { name, retryLimit: 8, retryBackoff: true, retryDelay: 5 });
        }
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
    async send(name, data) {
      await ensureQueue(name);
      await boss.send(name, data);
    },
    async work<T extends object>(name: string, handler: JobHandler<T>) {
      await ensureQueue(name);
      await boss.work<T>(name, { pollingIntervalSeconds: 0.5, batchSize: 5 }, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      });
    },
    async stop() {
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
