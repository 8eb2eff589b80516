import pg from 'pg';

/** The NOTIFY channel on which a sender names the queue it just sent a job to. */
export const JOB_SENT_CHANNEL = 'motema_job_sent';
const RECONNECT_MS = 1000;

/** Workers to wake, by queue name, when a job is sent to it (from any process). */
export type JobWakeListener = {
  on: (name: string, wake: () => void) => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * LISTENs for sent jobs on a connection of its own, opened with the first `on`: pg-boss's workers
 * poll every 0.5 s at best, which a member waiting for an encoded photo would pay on every upload.
 * A lost connection is opened again; meanwhile the workers' polling still finds every job.
 */
export function listenForSentJobs(databaseUrl: string, log: (error: unknown) => void): JobWakeListener {
  const wakers = new Map<string, (() => void)[]>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let stopped = false;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl, application_name: 'motema-job-wake' });
    next.on('notification', ({ payload }) => {
      for (const wake of wakers.get(payload ?? '') ?? []) wake();
    });
    const retry = (error?: unknown) => {
      if (error) log(error);
      if (client !== next || stopped) return;
      client = undefined;
      setTimeout(() => void (stopped || connect().catch(retry)), RECONNECT_MS).unref();
    };
    next.on('error', retry);
    next.on('end', () => retry());
    client = next;
    await next.connect();
    await next.query(`LISTEN ${JOB_SENT_CHANNEL}`);
  };

  return {
    async on(name, wake) {
      wakers.set(name, [...(wakers.get(name) ?? []), wake]);
      connecting ??= connect();
      await connecting;
    },
    async stop() {
      stopped = true;
      const open = client;
      client = undefined;
      await open?.end().catch(() => {});
    },
  };
}
