import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { ConnectionTx, Db } from './client.ts';
import * as schema from './schema.ts';

/** One transaction on one connection lent by the pool, for `inTransaction`'s work. */
export type ConnectionTransaction = {
  /** The connection itself: named (prepared) statements, which Drizzle cannot make of raw SQL. */
  client: pg.PoolClient;
  /** Drizzle on the same connection, so what it writes commits or rolls back with the rest. */
  tx: ConnectionTx;
};

/**
 * Drizzle on each lent connection, made once per connection (the pool lends the same few again and
 * again): building it reads the whole schema, about 0.1 ms, too much for every send of the chat.
 */
const handles = new WeakMap<pg.PoolClient, ConnectionTx>();

function drizzleOn(client: pg.PoolClient): ConnectionTx {
  let handle = handles.get(client);
  if (!handle) {
    handle = drizzle(client, { schema });
    // Drizzle's transaction() on a bare connection would send a second BEGIN, then a COMMIT that ends
    // inTransaction's transaction early: refused loudly rather than committing half the work.
    handle.transaction = () => Promise.reject(new Error('no transaction inside inTransaction'));
    handles.set(client, handle);
  }
  return handle;
}

/**
 * The plan kept for a named statement, for this transaction: its generic plan, always. PostgreSQL plans
 * a named statement's first five executions for their parameters, then keeps the generic plan only if
 * its estimate is no dearer than theirs. The chat's statements take arrays of sends: an array of one
 * is estimated ten times cheaper than the generic plan's guess of ten, so a connection whose first
 * executions carried one send each (a quiet moment, a node just started) planned every later execution
 * anew, for good: a group of one took 2.6 ms on the send path's statement against 0.75 ms with its
 * generic plan, a read of one 0.76 against 0.29 ms on the shield's (bench/README.md, B3). Their generic
 * plans read every table by key whatever the number of sends, which is what they are written for.
 */
export const GENERIC_PLAN = 'SET LOCAL plan_cache_mode = force_generic_plan';

/**
 * Every table read by key through an index, for this transaction and so for the plans made in it. A
 * generic plan is made from the statistics of its moment and kept: made while `messages` was empty or
 * small (a new database, a bench's first seconds), PostgreSQL found a sequential scan cheaper for a
 * client id check and went on scanning the whole table for every send as it grew (bench/README.md B3:
 * 34,660 scans reading 750 million rows in one run of the shield's read).
 */
export const INDEXES_ONLY = 'SET LOCAL enable_seqscan = off';

/** The chat's keyed statements of many sends: read by index, with their generic plans. */
export const KEYED_GENERIC_PLAN = `${INDEXES_ONLY}; ${GENERIC_PLAN}`;

/**
 * Runs `work` in a transaction of its own on one connection: BEGIN, the work, COMMIT; on any error,
 * ROLLBACK and the error thrown again. The connection goes back to the pool, or is destroyed when its
 * ROLLBACK failed too (cut, or in no known state), so no later borrower meets a half-done transaction.
 * `db.transaction` does the same for Drizzle-only work; this one is for the paths that also run named
 * statements on the raw connection (the chat's send path, decisions 0009 and 0010). The explicit
 * transaction matters there: a statement waiting for a lock dies with its connection instead of
 * committing on its own. `settings`, `SET LOCAL` commands for this transaction alone (GENERIC_PLAN),
 * go with the BEGIN in one round trip.
 */
export async function inTransaction<T>(
  db: Db,
  work: (t: ConnectionTransaction) => Promise<T>,
  options: { settings?: string } = {},
): Promise<T> {
  const client = await db.$client.connect();
  let broken: Error | undefined;
  try {
    await client.query(options.settings ? `BEGIN; ${options.settings}` : 'BEGIN');
    const result = await work({ client, tx: drizzleOn(client) });
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: unknown) => {
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
