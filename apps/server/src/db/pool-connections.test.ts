// @slow-tier: waits out pg-pool's 10 s idle timeout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import { connectDatabase, type Database } from './client.ts';

/** pg-pool closes a connection idle this long unless told otherwise (its `idleTimeoutMillis`). */
const PG_POOL_IDLE_TIMEOUT_MS = 10_000;

describe('the pool keeps the connections it opened', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = connectDatabase(database.url, { max: 4 });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /** The backends of `count` statements held at once: each on a connection of its own. */
  const backendsAtOnce = async (count: number) => {
    const answers = await Promise.all(
      Array.from({ length: count }, () =>
        app.pool.query<{ pid: number }>('select pg_backend_pid() as pid, pg_sleep(0.2)'),
      ),
    );
    return new Set(answers.map(({ rows }) => rows[0]!.pid));
  };

  it('serves a burst after a quiet moment on the same connections, opening none', async () => {
    const first = await backendsAtOnce(4);
    expect(first.size).toBe(4);
    // Quiet for longer than pg-pool's idle timeout: the burst after it must not wait for new backends.
    await new Promise((resolve) => setTimeout(resolve, PG_POOL_IDLE_TIMEOUT_MS + 1_000));
    expect(app.pool.totalCount).toBe(4);
    expect(await backendsAtOnce(4)).toEqual(first);
  }, 30_000);
});
