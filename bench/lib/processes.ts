/**
 * What every server benchmark runs on: free ports, a PostgreSQL (embedded or BENCH_DATABASE_URL),
 * child processes pinned to their own core when `taskset` allows, and CPU time read from /proc.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { childEnv } from './child-env.ts';
import { TRACE_GC_LINE } from './gc-pauses.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export type BenchDatabase = { url: string; dir?: string; stop: () => Promise<void> };

/** BENCH_DATABASE_URL, or an embedded PostgreSQL in `keepDir` (kept) or a temporary folder. */
export async function openDatabase(keepDir: string | undefined, name = 'bench'): Promise<BenchDatabase> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: async () => {} };
  const dir = keepDir
    ? path.resolve(keepDir)
    : await mkdtemp(path.join(os.tmpdir(), `motema-bench-${name}-`));
  await mkdir(dir, { recursive: true });
  await chmod(dir, 0o755);
  const server = await startEmbeddedPostgres({
    dir: path.join(dir, 'postgres'),
    port: await freePort(),
    database: 'motema_bench',
    persistent: true,
  });
  return {
    url: server.url('motema_bench'),
    dir: server.dir,
    stop: async () => {
      await server.stop();
      if (!keepDir) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Pins this process (all its threads) to core 0 and says which core the servers get, if possible. */
export function pinCores(): { client?: string; server?: string; note: string } {
  const cores = os.availableParallelism();
  const has = spawnSync('taskset', ['-V']).status === 0;
  if (!has || cores < 2) return { note: `not pinned (${has ? `${cores} core` : 'no taskset'})` };
  const pinned = spawnSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)]).status === 0;
  if (!pinned) return { note: 'not pinned (taskset refused)' };
  return {
    client: '0',
    server: '1',
    note: `load generator on core 0, server on core 1, PostgreSQL unpinned (${cores} cores)`,
  };
}

export type Child = {
  process: ChildProcess;
  pid: number;
  /** Its last 200 lines of output, the GC log's left out. */
  output: string[];
  /** Calls `listener` with each line it prints from now on (its GC log's too); the returned function stops. */
  watch: (listener: (line: string) => void) => () => void;
  stop: () => Promise<void>;
};

/**
 * Starts `node --import tsx script` with the running Node (on `core` if given) and resolves once a line matches `ready`.
 * `env` adds to this process's environment; an empty value removes the variable. `nodeFlags` go to
 * Node before the script (`--trace-gc`, which NODE_OPTIONS refuses).
 */
export function startNode(
  script: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  core: string | undefined,
  nodeFlags: string[] = [],
): Promise<Child> {
  const command = [process.execPath, ...nodeFlags, '--import', 'tsx', path.resolve(rootDir, script), ...args];
  // The running Node first on PATH for the child's own children; an empty value removes a variable.
  const spawnEnv = childEnv(env);
  const child = core
    ? spawn('taskset', ['-c', core, ...command], { cwd: rootDir, env: spawnEnv })
    : spawn(command[0]!, command.slice(1), { cwd: rootDir, env: spawnEnv });
  const output: string[] = [];
  const listeners = new Set<(line: string) => void>();
  const watch = (listener: (line: string) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return new Promise((resolve, reject) => {
    let started = false;
    const onData = (data: Buffer) => {
      for (const line of data.toString().split('\n')) {
        if (!line) continue;
        for (const listener of listeners) listener(line);
        if (TRACE_GC_LINE.test(line)) continue;
        output.push(line);
        if (output.length > 200) output.shift();
        if (!started && ready.test(line)) {
          started = true;
          resolve({
            process: child,
            pid: child.pid!,
            output,
            watch,
            stop: () =>
              new Promise<void>((done) => {
                if (child.exitCode !== null) return done();
                child.once('exit', () => done());
                child.kill('SIGTERM');
                setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
              }),
          });
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      if (!started) reject(new Error(`${script} exited with ${code}:\n${output.slice(-30).join('\n')}`));
    });
  });
}

const TICKS = 100;
/** utime + stime (and, with `reaped`, the CPU of its children that have exited) in seconds. */
function cpuOf(pid: number, reaped = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const own = fields[11]! + fields[12]!;
    return (reaped ? own + fields[13]! + fields[14]! : own) / TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds used so far by PostgreSQL's processes (the postmaster and its children), if local. */
export function postgresCpu(dataDir: string | undefined): number {
  if (!dataDir || !existsSync(path.join(dataDir, 'postmaster.pid'))) return Number.NaN;
  return processTreeCpu(Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]));
}

/** Each process's children, as /proc lists them now. */
function childrenByParent(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const siblings = children.get(parent);
      if (siblings) siblings.push(Number(entry));
      else children.set(parent, [Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** The live children of `pid`, as /proc lists them now. */
export const childrenOf = (pid: number): number[] => childrenByParent().get(pid) ?? [];

/**
 * CPU seconds used so far by `pid` and what it started: its own, its children's that have exited
 * (once it reaped them) and its live children's, theirs counted the same way. A child that ends
 * between two readings moves from the live ones to the reaped ones, so the difference of two readings
 * keeps its CPU (an encoder that ends within a phase), where a sum over the pids alive at each reading
 * loses it, and can go below zero.
 */
export function processTreeCpu(pid: number, children = childrenByParent()): number {
  return (children.get(pid) ?? []).reduce(
    (sum, child) => sum + processTreeCpu(child, children),
    cpuOf(pid, true),
  );
}

/** CPU seconds of a process (user + system). */
export function processCpu(pid: number): number {
  return cpuOf(pid);
}

/**
 * The flags Node runs the server with (`npm start`: package.json's `config.serverNodeFlags`, decision
 * 0061), so that a benchmark measures the app as it is deployed.
 */
export function serverNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as {
    config?: { serverNodeFlags?: string };
  };
  return (pkg.config?.serverNodeFlags ?? '').split(/\s+/).filter(Boolean);
}

/**
 * The real app (`apps/server/src/main.ts`) as a child process on 127.0.0.1:`port` (on `core` if
 * given), on the given database, quiet logs, with the server's Node flags; WEB_DIST_DIR only when
 * `webDist` is given.
 */
export function startAppServer(options: {
  databaseUrl: string;
  port: number;
  dataDir: string;
  webDist?: string;
  core?: string;
  /** More settings (TLS_CERT_FILE and TLS_KEY_FILE for HTTPS). */
  env?: Record<string, string>;
  /** Flags for Node (startNode), after the server's own (serverNodeFlags). */
  nodeFlags?: string[];
}): Promise<Child> {
  return startNode(
    'apps/server/src/main.ts',
    [],
    {
      DATABASE_URL: options.databaseUrl,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: options.dataDir,
      ...(options.webDist && { WEB_DIST_DIR: options.webDist }),
      ...options.env,
    },
    /Motema is running/,
    options.core,
    [...serverNodeFlags(), ...(options.nodeFlags ?? [])],
  );
}

/**
 * On Ctrl-C or SIGTERM: runs `stop` (servers, then the database) and exits 130, so an interrupted
 * benchmark leaves no server or PostgreSQL behind.
 */
export function stopOnSignal(stop: () => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the servers and the database...`);
      void stop().finally(() => process.exit(130));
    });
  }
}
