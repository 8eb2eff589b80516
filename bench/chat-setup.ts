/**
 * What B3 (chat.bench.ts) runs on: a PostgreSQL, members paired in conversations with live sessions,
 * the servers as child processes pinned to their own core when `taskset` allows, and their CPU time.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { sessions } from '../apps/server/src/db/schema.ts';
import { SESSION_COOKIE } from '../apps/server/src/features/auth/sessions.service.ts';
import { newToken, sha256 } from '../apps/server/src/lib/tokens.ts';
import { seedMembers } from '../apps/server/src/test/seed-members.ts';
import type { BenchMember } from './chat-load.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const rootDir = path.dirname(benchDir);
const PREFIX = 'chatbench';

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
export async function openDatabase(keepDir: string | undefined): Promise<BenchDatabase> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: async () => {} };
  const dir = keepDir ? path.resolve(keepDir) : await mkdtemp(path.join(os.tmpdir(), 'motema-bench-chat-'));
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

/**
 * `count` active members (seeded set-based, reused across runs), paired two by two in conversations
 * (1,000 for 2,000), each with a fresh session. Consecutive members share a conversation.
 */
export async function prepareMembers(db: Db, count: number): Promise<BenchMember[]> {
  const like = `${PREFIX}%`;
  const [{ n = 0 } = {}] = (
    await db.execute(sql`SELECT count(*)::int AS n FROM users WHERE username LIKE ${like}`)
  ).rows as { n?: number }[];
  if (n < count) await seedMembers(db, { count: count - n, prefix: `${PREFIX}${n}x` });
  await db.execute(sql`
    UPDATE users SET status = 'active', first_name = 'Seed', email_confirmed_at = now()
    WHERE username LIKE ${like} AND (status <> 'active' OR first_name IS NULL)`);
  await db.execute(sql`
    WITH ranked AS (
      SELECT id, row_number() OVER (ORDER BY username) - 1 AS i FROM users WHERE username LIKE ${like}
    ),
    pairs AS (
      SELECT a.id::text COLLATE "C" AS a, b.id::text COLLATE "C" AS b
      FROM ranked a JOIN ranked b ON b.i = a.i + 1
      WHERE a.i % 2 = 0
        AND NOT EXISTS (SELECT 1 FROM conversation_members m WHERE m.user_id IN (a.id, b.id))
    ),
    made AS (
      INSERT INTO conversations (pair_key)
      SELECT least(a, b) || ':' || greatest(a, b) FROM pairs
      ON CONFLICT DO NOTHING
      RETURNING id, pair_key
    )
    INSERT INTO conversation_members (conversation_id, user_id)
    SELECT made.id, unnest(string_to_array(made.pair_key, ':'))::uuid FROM made`);
  // Fresh statistics, as autovacuum keeps them on a live database: without them the planner takes the
  // set-based seeding for a handful of rows and picks plans that scan every conversation.
  await db.execute(sql`ANALYZE users, conversations, conversation_members, sessions, messages`);
  const rows = (
    await db.execute(sql`
      SELECT u.id AS "userId", u.username, m.conversation_id AS "conversationId"
      FROM users u JOIN conversation_members m ON m.user_id = u.id
      WHERE u.username LIKE ${like}
      ORDER BY m.conversation_id, u.id
      LIMIT ${count}`)
  ).rows as Omit<BenchMember, 'cookie'>[];
  if (rows.length < count) throw new Error(`only ${rows.length} paired bench members`);
  const tokens = rows.map(() => newToken());
  const expiresAt = new Date(Date.now() + 24 * 3600 * 1000);
  for (let start = 0; start < rows.length; start += 1000) {
    await db.insert(sessions).values(
      rows.slice(start, start + 1000).map((row, i) => ({
        userId: row.userId,
        tokenHash: sha256(tokens[start + i]!),
        userAgent: 'chat bench',
        expiresAt,
      })),
    );
  }
  return rows.map((row, i) => ({ ...row, cookie: `${SESSION_COOKIE}=${tokens[i]}` }));
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

export type Child = { process: ChildProcess; pid: number; output: string[]; stop: () => Promise<void> };

/**
 * Starts `node --import tsx script` (on `core` if given) and resolves once a line matches `ready`.
 * `env` adds to this process's environment; an empty value removes the variable.
 */
export function startNode(
  script: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  core: string | undefined,
): Promise<Child> {
  const command = [process.execPath, '--import', 'tsx', path.resolve(rootDir, script), ...args];
  // An empty value removes the variable (e.g. REDIS_URL: one node, no adapter).
  const childEnv = Object.fromEntries(
    Object.entries({ ...process.env, ...env }).filter(([, value]) => value !== undefined && value !== ''),
  );
  const child = core
    ? spawn('taskset', ['-c', core, ...command], { cwd: rootDir, env: childEnv })
    : spawn(command[0]!, command.slice(1), { cwd: rootDir, env: childEnv });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    let started = false;
    const onData = (data: Buffer) => {
      for (const line of data.toString().split('\n')) {
        if (!line) continue;
        output.push(line);
        if (output.length > 200) output.shift();
        if (!started && ready.test(line)) {
          started = true;
          resolve({
            process: child,
            pid: child.pid!,
            output,
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
  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let total = cpuOf(postmaster, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) total += cpuOf(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** CPU seconds of a process (user + system). */
export function processCpu(pid: number): number {
  return cpuOf(pid);
}
