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
  const ensureQueue = async (name: string) => {
    if (created.has(name)) return;
    await boss.createQueue(name, { name, retryLimit: 8, retryBackoff: true, retryDelay: 5 });
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
