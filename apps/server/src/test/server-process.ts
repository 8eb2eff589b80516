import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './redis-server.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = path.join(ROOT, 'apps', 'server', 'src', 'main.ts');
// The pinned Node 24 of the repository when installed, whatever Node runs the tests.
const PINNED_NODE = path.join(ROOT, 'node_modules', '.bin', 'node');
const NODE = existsSync(PINNED_NODE) ? PINNED_NODE : process.execPath;
const READY_TIMEOUT_MS = 60_000;

export type ServerProcess = {
  /** http://127.0.0.1:<port>, the same across restarts. */
  url: string;
  port: number;
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
  databaseUrl: string;
  redisUrl?: string;
  env?: Record<string, string>;
};

/** Every process started here, killed when the test worker exits whatever happened. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * The real server (`node --import tsx apps/server/src/main.ts`, one process, so a signal reaches the
 * server itself) on a free port, against an existing database (see test-database.ts) and optionally a
 * Redis; resolves once it prints "running at".
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'motema-node-'));
  await chmod(dataDir, 0o755);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: dataDir,
    // An empty folder: no built web app is needed for API and socket tests.
    WEB_DIST_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  delete env.REDIS_URL;
  delete env.PUBLIC_URL;
  if (options.redisUrl) env.REDIS_URL = options.redisUrl;

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
    const current = spawn(NODE, ['--import', 'tsx', MAIN], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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
        if (/Motema is running at [\s\S]*API documentation: /.test(output)) {
          clearTimeout(timer);
          startMs = performance.now() - began;
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
    pid: () => child?.pid,
    startMs: () => startMs,
    output: () => output,
    kill,
    restart: start,
    async dispose() {
      await kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}
