import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import { KEYED_CONNECTIONS, KEYED_SETTINGS } from './keyed.ts';

type Database = Awaited<ReturnType<typeof createTestDatabase>>;

const SETTINGS = `select current_setting('enable_seqscan') as enable_seqscan,
  current_setting('plan_cache_mode') as plan_cache_mode`;

describe('the keyed pool: the chat’s keyed statements on connections of their own', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('opens its connections with the keyed settings, outside any transaction', async () => {
    const { rows } = await database.db.$keyed.query(SETTINGS);
    expect(rows).toEqual([KEYED_SETTINGS]);
  });

  it('leaves every other statement of the app with PostgreSQL’s defaults', async () => {
    const { rows } = await database.pool.query(SETTINGS);
    expect(rows).toEqual([{ enable_seqscan: 'on', plan_cache_mode: 'auto' }]);
  });

  it('opens at most KEYED_CONNECTIONS, and closes them with the main pool', async () => {
    const other = await createTestDatabase();
    const borrowed = await Promise.all(
      Array.from({ length: KEYED_CONNECTIONS }, () => other.db.$keyed.connect()),
    );
    expect(other.db.$keyed.totalCount).toBe(KEYED_CONNECTIONS);
    // One more waits for a connection given back: the pool opens no seventh.
    const waiting = other.db.$keyed.connect();
    expect(other.db.$keyed.waitingCount).toBe(1);
    borrowed[0]!.release();
    (await waiting).release();
    borrowed.slice(1).forEach((client) => client.release());
    expect(other.db.$keyed.totalCount).toBe(KEYED_CONNECTIONS);
    await other.close();
    expect(other.db.$keyed.totalCount).toBe(0);
    expect(other.pool.totalCount).toBe(0);
  });
});
