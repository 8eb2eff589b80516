import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { KEYED_CONNECTION_OPTIONS, KEYED_CONNECTIONS } from './keyed.ts';
import * as schema from './schema.ts';

/**
 * The app's database handle: Drizzle on the main pool (`$client`), and the pool of the chat's keyed
 * statements (`$keyed`, keyed.ts, decision 0067).
 */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool; $keyed: pg.Pool };
/** Drizzle on the one connection of an `inTransaction` (transaction.ts), inside its transaction. */
export type ConnectionTx = NodePgDatabase<typeof schema>;
/**
 * An open transaction of `db.transaction`: what a write that must commit or roll back with its
 * caller's other changes takes (the ledger's). Drizzle's transaction class has members of its own
 * that the pool lacks, so the type checker refuses the pool where a `Tx` is asked for.
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: repositories take either. */
export type DbOrTx = Db | Tx | ConnectionTx;

/**
 * The transaction as a plain SQL runner (`executeSql(text, values)` with `$n` placeholders), for a
 * library writing in the caller's transaction: pg-boss's `db` option (jobs/queue.ts sendIn).
 */
export function executorIn(tx: Tx) {
  // The transaction's own connection, given its text and values as they are: a `$n` used several
  // times stays one parameter of one type. (Rebuilt as Drizzle SQL, each use became a parameter of
  // its own, typed alone: pg-boss's start_after, read as text and as a timestamp, broke every delay.)
  const { client } = (tx as unknown as { session: { client: pg.PoolClient } }).session;
  return {
    executeSql: (text: string, values: unknown[] = []) => client.query(text, values),
  };
}

export type Database = { db: Db; pool: pg.Pool; close: () => Promise<void> };

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * How long a query waits to open a connection, or for one of the pool's to be free, before it fails
 * as the database being unavailable (503). Without it, a connection whose first packet a restarting
 * PostgreSQL dropped waits for the kernel's next try (1, 3, 7, 15, then 31 s) and holds its place in
 * the pool all that time: the app answered its health check 30 s after a restart once, in CI.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The pools of connections to `url`, for the app's whole life: the main one (`options.max`
 * connections) and the chat's keyed one (KEYED_CONNECTIONS, with its settings: keyed.ts). A database
 * that restarts or goes away costs the queries in flight (they fail, see database-unavailable.ts),
 * never the process; `close()` ends both.
 *
 * A connection it opened stays open (`min` is `max`): pg-pool's default closes one idle for 10 s,
 * and a burst after a calmer moment then opened them again all at once, each costing PostgreSQL a
 * new backend, the password exchange and every named statement prepared again, and the app's
 * requests waited for them: in B10's paced rounds, 14 connections opened within 0.2 s after a 36 ms
 * hiccup held 34 of a round's 700 requests for up to 186 ms (decision 0063).
 */
export function connectDatabase(
  url: string,
  options: { max?: number; connectTimeoutMs?: number } = {},
): Database {
  const timeout = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  const pool = openPool({ connectionString: url, max: options.max ?? 10, connectionTimeoutMillis: timeout });
  const keyed = openPool({
    connectionString: url,
    max: KEYED_CONNECTIONS,
    connectionTimeoutMillis: timeout,
    options: KEYED_CONNECTION_OPTIONS,
  });
  const db = Object.assign(drizzle(pool, { schema }), { $keyed: keyed });
  return { db, pool, close: async () => void (await Promise.all([pool.end(), keyed.end()])) };
}

/** A pool that keeps the connections it opened (`min` is `max`) and outlives any of them. */
function openPool(config: pg.PoolConfig & { max: number }): pg.Pool {
  const pool = new pg.Pool({ ...config, min: config.max });
  pool.on('error', () => {
    // An idle client lost its connection (a database restart); the pool replaces it.
  });
  // A client lent out (pool.connect(): transactions, the chat's group commit, the migrations) has no
  // listener of the pool's while it is out; its 'error' event, when the server cuts the connection
  // (a restart, a crash, an administrator's kill), would then be thrown and stop the process. Its
  // queries fail on their own, and its release drops it from the pool: the event needs no action.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return pool;
}

/**
 * Whether the database answers a trivial query within `timeoutMs` (the health check). A query still
 * waiting then goes on in the background and gives its connection back when it ends.
 */
export async function pingDatabase(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = db.$client.query('SELECT 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Any fixed number: the key of the advisory lock that lets one node at a time run the migrations. */
const MIGRATION_LOCK_KEY = 74_160_501;

/**
 * Brings the schema up to date. Several nodes may start at once (docs/scaling.md): a session advisory
 * lock makes the others wait, then find nothing left to do.
 */
export async function migrateDatabase(db: Db): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}
