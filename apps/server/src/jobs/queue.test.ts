import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
