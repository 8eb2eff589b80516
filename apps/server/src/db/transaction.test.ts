import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import { isDatabaseUnavailable } from './database-unavailable.ts';
import { inTransaction } from './transaction.ts';

type Database = Awaited<ReturnType<typeof createTestDatabase>>;

describe('inTransaction: one connection, its raw client and Drizzle on it', () => {
  let database: Database;
  /** The errors lent connections were released with: each such connection is destroyed. */
  const destroyed: Error[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.pool.query('create table tx_probe (id int primary key)');
    database.pool.on('release', (error: Error | undefined) => {
      if (error) destroyed.push(error);
    });
  });
  afterAll(() => database.close());

  const stored = async () =>
    (await database.pool.query<{ id: number }>('select id from tx_probe order by id')).rows.map((r) => r.id);
  const backendPid = async (client: pg.PoolClient) =>
    (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;

  it('commits what the raw client and the Drizzle handle wrote, together, and returns the result', async () => {
    const result = await inTransaction(database.db, async ({ client, tx }) => {
      await client.query({ name: 'tx_probe_insert', text: 'insert into tx_probe values ($1)', values: [1] });
      await tx.execute(sql`insert into tx_probe values (2)`);
      return 'done';
    });
    expect(result).toBe('done');
    expect(await stored()).toEqual([1, 2]);
    await database.pool.query('delete from tx_probe');
  });

  it('rolls both back on an error, throws that very error, and keeps the sound connection', async () => {
    const refusal = new Error('refused after writing');
    destroyed.length = 0;
    await expect(
      inTransaction(database.db, async ({ client, tx }) => {
        await client.query('insert into tx_probe values (3)');
        await tx.execute(sql`insert into tx_probe values (4)`);
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(await stored()).toEqual([]);
    // A SQL error (a duplicate key) is rolled back the same way; the connection is sound, so it is
    // kept with its prepared statements rather than destroyed.
    await database.pool.query('insert into tx_probe values (5)');
    const duplicate = await inTransaction(database.db, ({ client }) =>
      client.query('insert into tx_probe values (5)'),
    ).catch((error: unknown) => error);
    expect((duplicate as { code?: string }).code).toBe('23505');
    expect(destroyed).toEqual([]);
    await database.pool.query('delete from tx_probe');
  });

  it('destroys a connection cut in the middle, so no later transaction is lent a dead one', async () => {
    destroyed.length = 0;
    const failure = await inTransaction(database.db, async ({ client }) => {
      await client.query('insert into tx_probe values (6)');
      await database.pool.query('select pg_terminate_backend($1)', [await backendPid(client)]);
      await client.query('select 1');
    }).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    // Released with the ROLLBACK's failure: the pool destroys it instead of lending it again.
    expect(destroyed).toHaveLength(1);
    expect(await stored()).toEqual([]);
    expect(await inTransaction(database.db, ({ client }) => client.query('select 1 as one'))).toMatchObject({
      rows: [{ one: 1 }],
    });
  });

  it("refuses Drizzle's transaction() inside, which would commit early, and keeps nothing", async () => {
    await expect(
      inTransaction(database.db, async ({ client, tx }) => {
        await client.query('insert into tx_probe values (7)');
        await tx.transaction(async (inner) => {
          await inner.execute(sql`insert into tx_probe values (8)`);
        });
      }),
    ).rejects.toThrow('no transaction inside inTransaction');
    expect(await stored()).toEqual([]);
  });
});
