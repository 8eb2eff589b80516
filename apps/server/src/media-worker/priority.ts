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
