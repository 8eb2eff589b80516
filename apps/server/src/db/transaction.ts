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
 * Runs `work` in a transaction of its own on one connection: BEGIN, the work, COMMIT; on any error,
 * ROLLBACK and the error thrown again. The connection goes back to the pool, or is destroyed when its
 * ROLLBACK failed too (cut, or in no known state), so no later borrower meets a half-done transaction.
 * `db.transaction` does the same for Drizzle-only work; this one is for the paths that also run named
 * statements on the raw connection (the chat's send path, decisions 0009 and 0010). The explicit
 * transaction matters there: a statement waiting for a lock dies with its connection instead of
 * committing on its own. `keyed`: on a connection of the keyed pool (`db.$keyed`, keyed.ts), for the
 * chat's keyed statements.
 */
export async function inTransaction<T>(
  db: Db,
  work: (t: ConnectionTransaction) => Promise<T>,
  options: { keyed?: boolean } = {},
): Promise<T> {
  const client = await (options.keyed ? db.$keyed : db.$client).connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
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
