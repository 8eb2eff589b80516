import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import os from 'node:os';

/**
 * Lowers the CPU priority of this process's every thread. On Linux a priority is a thread's own
 * (`os.setPriority` on the pid changes the main thread only) and a new thread takes its creator's:
 * libuv's pool, started by the first file or DNS call, and libvips' threads, started by its pool,
 * would otherwise encode at the server's priority. Called once those exist, so that threads made
 * later are made by threads already lowered. Elsewhere, the process's priority is set.
 */
export function lowerEveryThread(nice: number): void {
  let threads: number[];
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    threads = [0];
  }
  for (const thread of threads) {
    try {
      os.setPriority(thread, nice);
    } catch {
      // A thread gone in the meantime; another that may not be lowered (a container's limits) is
      // left as it is: encodes then compete at the server's priority, still one thread each.
    }
  }
}

/** SCHED_IDLE, as /proc/<pid>/stat's field 41 (policy) shows it. */
export const SCHED_IDLE = 5;

/**
 * Puts this process's every thread in the kernel's idle class (SCHED_IDLE), below any nice value: a
 * niced encode still holds its core for a slice (a few ms) before a woken server or PostgreSQL thread
 * gets it, and a core it runs on counts as busy when the scheduler places a waking thread; an idle-class
 * thread is preempted on every wakeup and its core counts as free. Each chat message wakes the server,
 * PostgreSQL and the server again, and each wake paid that slice while photos encoded (bar B7). The
 * encodes get what the server and PostgreSQL leave, which at chat's busiest is still most of a core
 * (an upload waits at most ENCODE_WAIT_MS, then 503). Linux has no call for it in Node: util-linux's
 * `chrt` does it; without it (or refused) the nice value set by `lowerEveryThread` stays, and the
 * answer is false. Threads made later take their creator's class, as their nice value.
 */
export function useIdleClass(): boolean {
  if (process.platform !== 'linux') return false;
  const result = spawnSync('chrt', ['--idle', '--all-tasks', '--pid', '0', String(process.pid)], {
    stdio: 'ignore',
    timeout: 5_000,
  });
  return result.status === 0;
}
