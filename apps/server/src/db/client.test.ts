import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../test/factories.ts';
import { within } from '../test/socket-test-bed.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { connectDatabase } from './client.ts';
import { isDatabaseUnavailable } from './database-unavailable.ts';

type Database = Awaited<ReturnType<typeof createTestDatabase>>;

describe('the database pool', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('survives the server cutting the connection of a client it lent out (no listener of its own)', async () => {
    const { pool } = database;
    const lent = await pool.connect();
    // The same thing as a restart's cut, on this connection alone: the server ends it (57P01), and
    // the client emits 'error', which nobody but the pool's own listener hears while it is lent out.
    const { rows } = await lent.query<{ pid: number }>('select pg_backend_pid() as pid');
    // Listened for before the cut: the connection may end while the failed query is still being noticed.
    const ended = new Promise((resolve) => lent.once('end', resolve));
    await pool.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    const failed = await waitFor(
      () =>
        lent.query('select 1').then(
          () => undefined,
          (error: unknown) => error,
        ),
      'the query on the cut connection to fail',
    );
    expect(isDatabaseUnavailable(failed)).toBe(true);
    // Still lent out when its connection ends (its 'error' event comes just before 'end').
    await within(ended, 'the connection to end', 5000);
    lent.release();
    // The pool dropped it and serves on.
    expect(pool.totalCount).toBe(pool.idleCount);
    expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('gives up on a connection the server never answers, as the database being unavailable', async () => {
    // A server that takes the connection and says nothing, as a PostgreSQL whose listen queue dropped
    // the connection's first packet (the kernel tries again after 1, 3, 7, 15 and 31 s) or hangs.
    const held: Socket[] = [];
    const silent = createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const unanswered = connectDatabase(`postgres://motema@127.0.0.1:${port}/motema`, {
      connectTimeoutMs: 200,
    });
    try {
      const failed = await within(
        unanswered.db.$client.query('select 1').then(
          () => undefined,
          (error: unknown) => error,
        ),
        'the query to fail',
        10_000,
      );
      expect(isDatabaseUnavailable(failed)).toBe(true);
    } finally {
      for (const socket of held) socket.destroy();
      silent.close();
      await unanswered.close();
    }
  });
});
