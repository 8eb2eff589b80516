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
  boss.on('error', log);
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
