// @slow-tier starts a server's process and a media worker's on their own, and stops them.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '@motema/shared/media';
import { MEDIA_ENCODE_QUEUE, type EncodeOutput } from '../features/media/encode-jobs.ts';
import { createMember } from '../test/factories.ts';
import { multipartBody, phoneJpeg } from '../test/media-factories.ts';
import { NODE, startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { SCHED_IDLE } from './priority.ts';

const ROOT_DIR = fileURLToPath(new URL('../../../../', import.meta.url));
const canPin = os.cpus().length > 1 && spawnSync('taskset', ['-V']).status === 0;
const hasChrt = spawnSync('chrt', ['--version']).status === 0;

/** `npm run worker`'s command (the root package.json's), run with the pinned Node: its pid is the worker's. */
async function workerCommand(): Promise<string[]> {
  const { scripts } = JSON.parse(await readFile(path.join(ROOT_DIR, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [node, ...args] = scripts.worker!.split(' ');
  expect(node).toBe('node');
  expect(args.at(-1)).toBe('apps/server/src/media-worker/standalone.ts');
  return [NODE, ...args];
}

type Started = { child: ChildProcess; output: () => string };
const started = new Set<ChildProcess>();

/** Starts `command` from the repository's root and waits for a line of its output that matches `ready`. */
function startProcess(command: string[], env: Record<string, string>, ready: RegExp): Promise<Started> {
  const child = spawn(command[0]!, command.slice(1), {
    cwd: ROOT_DIR,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  child.once('exit', () => started.delete(child));
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve({ child, output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${command.at(-1)} exited with ${code}:\n${output}`)));
  });
}

/** Every process under `pid` (children, theirs...), with its command line, as /proc lists them. */
async function descendants(pid: number): Promise<{ pid: number; command: string }[]> {
  const processes: { pid: number; ppid: number; command: string }[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = (await readFile(`/proc/${entry}/cmdline`, 'utf8')).replaceAll('\0', ' ');
      processes.push({ pid: Number(entry), ppid, command });
    } catch {
      // Ended meanwhile.
    }
  }
  const found: { pid: number; command: string }[] = [];
  const walk = (parent: number) => {
    for (const child of processes.filter((candidate) => candidate.ppid === parent)) {
      found.push({ pid: child.pid, command: child.command });
      walk(child.pid);
    }
  };
  walk(pid);
  return found;
}

/** The scheduling policy and CPUs of every thread of a process (Linux: each thread's own). */
async function threads(pid: number): Promise<{ policy: number; nice: number; cpus: string }[]> {
  const tasks = await readdir(`/proc/${pid}/task`);
  return Promise.all(
    tasks.map(async (tid) => {
      const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const status = await readFile(`/proc/${pid}/task/${tid}/status`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cpus = /^Cpus_allowed_list:\s*(\S+)$/m.exec(status)![1]!;
      return { nice: Number(fields[16]), policy: Number(fields[38]), cpus };
    }),
  );
}

describe('a media worker on its own (npm run worker) beside a server that forks none', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  let server: ServerProcess;
  let worker: Started;
  beforeAll(async () => {
    database = await createTestDatabase();
    // One machine: the server and the worker share DATA_DIR/media (on several, one S3 bucket).
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'motema-media-node-'));
    await mkdir(path.join(dataDir, 'media'));
    const shared = { DATABASE_URL: database.url, DATA_DIR: dataDir };
    server = await startServerProcess({
      databaseUrl: database.url,
      dataDir,
      env: { MEDIA_WORKER: 'external' },
    });
    // Pinned to one CPU where it can be: a worker on its own keeps the affinity it was started with.
    const command = await workerCommand();
    worker = await startProcess(
      canPin ? ['taskset', '-c', '0', ...command] : command,
      shared,
      /media worker \d+ is working the media queues/,
    );
  }, 120_000);
  afterAll(async () => {
    for (const child of started) child.kill('SIGKILL');
    await server?.dispose();
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  });

  it('the server forks no worker of its own', async () => {
    await expect.poll(() => server.output()).toContain('Media worker: none forked (MEDIA_WORKER=external');
    const under = await descendants(server.pid()!);
    expect(under.filter((process) => process.command.includes('media-worker'))).toEqual([]);
  });

  it("encodes a photo uploaded through the server, in the worker's pid, in the idle class", async () => {
    const member = await createMember(database);
    const body = multipartBody({ bytes: await phoneJpeg(1600, 1200, 6), filename: 'IMG_0001.JPG' });
    const res = await fetch(`${server.url}/api/photos`, {
      method: 'POST',
      headers: { ...body.headers, cookie: member.cookie },
      body: new Uint8Array(body.payload),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const photo = (await res.json()) as Image;
    expect(photo).toMatchObject({ width: 1080, height: 1440 });
    const served = await fetch(`${server.url}${photo.sources[0]!.url}`, {
      headers: { cookie: member.cookie },
    });
    expect(served.status).toBe(200);
    const { rows } = await database.db.execute<{ output: EncodeOutput }>(
      sql`SELECT output FROM pgboss.job WHERE name = ${MEDIA_ENCODE_QUEUE} AND state = 'completed'`,
    );
    expect(rows).toEqual([{ output: expect.objectContaining({ ok: true, encodedBy: worker.child.pid }) }]);
    const scheduling = await threads(worker.child.pid!);
    expect(Math.min(...scheduling.map((thread) => thread.nice))).toBeGreaterThan(os.getPriority(process.pid));
    if (hasChrt) expect(new Set(scheduling.map((thread) => thread.policy))).toEqual(new Set([SCHED_IDLE]));
    if (canPin) expect(new Set(scheduling.map((thread) => thread.cpus))).toEqual(new Set(['0']));
  }, 90_000);

  it('stops cleanly on SIGTERM', async () => {
    const exited = once(worker.child, 'exit');
    worker.child.kill('SIGTERM');
    expect(await exited).toEqual([0, null]);
    expect(worker.output()).toContain('media worker: stopped cleanly.');
    expect(await server.kill('SIGTERM')).toEqual({ code: 0, signal: null });
  }, 60_000);
});
