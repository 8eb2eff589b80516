// @slow-tier starts several queue nodes at once and cuts their connections.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../test/factories.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { startJobQueue, type JobQueue } from './queue.ts';

type Database = Awaited<ReturnType<typeof createTestDatabase>>;

describe('startJobQueue on several nodes', () => {
  let database: Database;
  const queues: JobQueue[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.stop()));
    await database?.close();
  });

  it('lets nodes that start together create the same new queues (no deadlock kills one)', async () => {
    const errors: unknown[] = [];
    queues.push(
      ...(await Promise.all([1, 2, 3].map(() => startJobQueue(database.url, (e) => errors.push(e))))),
    );
    const names = Array.from({ length: 6 }, () => `test-${randomBytes(4).toString('hex')}`);
    // Every node registers its workers for the same queues at the same moment, as at a rolling start.
    await Promise.all(queues.flatMap((queue) => names.map((name) => queue.work(name, async () => {}))));
    const { rows } = await database.pool.query<{ name: string }>(
      'select name from pgboss.queue where name = any($1) order by name',
      [names],
    );
    expect(rows.map((row) => row.name)).toEqual([...names].sort());
    expect(errors).toEqual([]);
  }, 60_000);
});

describe('startJobQueue when the database cuts its connections', () => {
  let database: Database;
  let queue: JobQueue | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  it('logs the cut (without the driver client hung on it) and goes on running jobs', async () => {
    const errors: unknown[] = [];
    queue = await startJobQueue(database.url, (error) => errors.push(error));
    const name = `test-${randomBytes(4).toString('hex')}`;
    const done: string[] = [];
    await queue.work<{ n: string }>(name, async ({ n }) => void done.push(n));
    await queue.send(name, { n: 'before' });
    await waitFor(async () => (done.includes('before') ? true : undefined), 'the first job');
    // What a database restart does to pg-boss's connections (its own pool, named 'pgboss'): this
    // database's only, since the other test files' queues share the server.
    await database.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'pgboss' and datname = current_database()`,
    );
    await waitFor(async () => (errors.length > 0 ? true : undefined), 'the cut reported');
    expect(errors.every((error) => !(error instanceof Error) || !('client' in error))).toBe(true);
    // Another of its pooled connections may be cut too and only tell on its next query: a send may
    // fail once more (the request that sent it would answer 503), then they go through again.
    await waitFor(
      () =>
        queue!.send(name, { n: 'after' }).then(
          () => true,
          () => undefined,
        ),
      'a send after the cut',
    );
    await waitFor(async () => (done.includes('after') ? true : undefined), 'a job after the cut');
  }, 30_000);
});

describe('a job whose sender waits for its output', () => {
  let database: Database;
  let queue: JobQueue;
  beforeAll(async () => {
    database = await createTestDatabase();
    queue = await startJobQueue(database.url, () => {});
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });
  const settings = { retryLimit: 1, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 60 };

  it('gets what the handler returned, or `waiting` when nothing ran it in time', async () => {
    const name = `test-${randomBytes(4).toString('hex')}`;
    const idle = `test-${randomBytes(4).toString('hex')}`;
    await queue.work<{ n: number }>(name, async ({ n }) => ({ twice: 2 * n }), { batchSize: 1 });
    const id = await queue.send(name, { n: 21 });
    expect(await queue.waitFor(name, id, 10_000)).toEqual({ state: 'completed', output: { twice: 42 } });
    const unworked = await queue.send(idle, { n: 1 });
    expect(await queue.waitFor(idle, unworked, 300)).toEqual({ state: 'waiting' });
    await queue.cancel(idle, unworked);
    expect(await queue.waitFor(idle, unworked, 300)).toEqual({ state: 'cancelled' });
  }, 30_000);

  it('retries an active job failed by `fail` (its worker died) as its queue is defined, then gives up', async () => {
    const name = `test-${randomBytes(4).toString('hex')}`;
    queue.define(name, settings);
    const started: string[] = [];
    const hung: (() => void)[] = [];
    // A handler that does not end, as a worker killed mid-job: only `fail` moves its job on. Two
    // workers, as after a restart: the stuck one does not fetch again.
    const handler = (_data: { n: number }, job: { id: string }) => {
      started.push(job.id);
      return new Promise<void>((resolve) => hung.push(resolve));
    };
    await queue.work(name, handler, { batchSize: 1 });
    await queue.work(name, handler, { batchSize: 1 });
    const id = await queue.send(name, { n: 1 });
    await waitFor(async () => (started.length === 1 ? true : undefined), 'the first run');
    await queue.fail(name, [id], 'worker died');
    await waitFor(async () => (started.length === 2 ? true : undefined), 'the retry');
    expect(started).toEqual([id, id]);
    await queue.fail(name, [id], 'worker died again');
    expect(await queue.waitFor(name, id, 5_000)).toEqual({ state: 'failed' });
    for (const release of hung) release();
  }, 30_000);

  it('fails only the job that threw in a batch: the others complete once, nothing skipped', async () => {
    const name = `test-${randomBytes(4).toString('hex')}`;
    queue.define(name, settings);
    // Sent before the worker starts, so that its first fetch takes the three together.
    const ids = [
      await queue.send(name, { n: 0 }),
      await queue.send(name, { n: 1 }),
      await queue.send(name, { n: 2 }),
    ];
    const runs: number[] = [];
    await queue.work<{ n: number }>(
      name,
      async ({ n }) => {
        runs.push(n);
        if (n === 0) throw new Error('the poisoned job');
        return { n };
      },
      { batchSize: 5 },
    );
    const outcomes = await Promise.all(ids.map((id) => queue.waitFor(name, id, 10_000)));
    expect(outcomes.map((outcome) => outcome.state)).toEqual(['failed', 'completed', 'completed']);
    // The poisoned job ran and was retried once (retryLimit 1); each other job ran once.
    expect(runs.filter((n) => n === 0)).toHaveLength(2);
    expect(runs.filter((n) => n !== 0).sort()).toEqual([1, 2]);
  }, 30_000);
});

describe('sendCollapsed', () => {
  let database: Database;
  let queue: JobQueue | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  it('keeps one waiting job per key, whoever sends; a job that started lets the next one wait', async () => {
    queue = await startJobQueue(database.url, () => {});
    const name = `test-${randomBytes(4).toString('hex')}`;
    queue.define(name, {
      retryLimit: 0,
      retryBackoff: false,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      collapsing: true,
    });
    const sent = async (key: string, n: number) =>
      queue!.sendCollapsed(name, { n }, { key, delaySeconds: 1 });

    // A burst: the first of a key waits, the others are dropped; another key waits on its own.
    expect([await sent('a', 1), await sent('a', 2), await sent('a', 3), await sent('b', 4)]).toEqual([
      true,
      false,
      false,
      true,
    ]);
    const done: number[] = [];
    let release!: () => void;
    const running = new Promise<void>((resolve) => (release = resolve));
    await queue.work<{ n: number }>(name, async ({ n }) => {
      done.push(n);
      if (n === 1) await running;
    });
    await waitFor(async () => (done.includes(1) ? true : undefined), 'the first job to start');
    // Job 1 runs: what comes now gets a job of its own (it may tell what job 1 did not see).
    expect(await sent('a', 5)).toBe(true);
    release();
    await waitFor(async () => (done.length === 3 ? true : undefined), 'every job');
    expect(done.sort()).toEqual([1, 4, 5]);
  }, 30_000);

  it('refuses a queue that is not collapsing: its keys would mean nothing', async () => {
    const name = `test-${randomBytes(4).toString('hex')}`;
    await expect(queue!.sendCollapsed(name, {}, { key: 'a' })).rejects.toThrow(/not a collapsing queue/);
  });
});

describe('a job sent inside a transaction', () => {
  let database: Database;
  let queue: JobQueue | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  const jobsOf = async (name: string) =>
    (
      await database.pool.query<{ data: { n: string } }>('select data from pgboss.job where name = $1', [
        name,
      ])
    ).rows.map((row) => row.data.n);

  it('exists once the transaction commits, runs, and never exists if it rolls back', async () => {
    queue = await startJobQueue(database.url, () => {});
    const name = `test-${randomBytes(4).toString('hex')}`;
    await database.db.transaction(async (tx) => {
      await queue!.sendIn(tx, name, { n: 'committed' });
      // Not seen outside the transaction before its commit.
      expect(await jobsOf(name)).toEqual([]);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await queue!.sendIn(tx, name, { n: 'rolled back' });
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    expect(await jobsOf(name)).toEqual(['committed']);
    const done: string[] = [];
    await queue.work<{ n: string }>(name, async ({ n }) => void done.push(n));
    await waitFor(async () => (done.includes('committed') ? true : undefined), 'the committed job');
    expect(done).toEqual(['committed']);
  }, 30_000);

  it('waits its delay when sent with one (pg-boss reads its start both as text and as a time)', async () => {
    queue ??= await startJobQueue(database.url, () => {});
    const name = `test-${randomBytes(4).toString('hex')}`;
    await database.db.transaction((tx) => queue!.sendIn(tx, name, { n: 'later' }, { delaySeconds: 86_400 }));
    const { rows } = await database.pool.query<{ wait: number }>(
      `select extract(epoch from start_after - created_on)::int AS wait from pgboss.job where name = $1`,
      [name],
    );
    expect(rows.map((row) => Math.round(row.wait / 60))).toEqual([24 * 60]);
  });
});
