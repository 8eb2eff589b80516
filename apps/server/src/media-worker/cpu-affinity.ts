import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** Every CPU the kernel may ever bring up ("0-1"); the online ones when that file cannot be read. */
function possibleCpus(): string {
  try {
    return readFileSync('/sys/devices/system/cpu/possible', 'utf8').trim();
  } catch {
    return `0-${Math.max(0, os.cpus().length - 1)}`;
  }
}

/**
 * Lets every thread of this process run on any CPU of the machine (those its cgroup allows: the kernel
 * keeps the intersection). A process's CPU affinity is inherited through fork, so a server pinned to
 * a core (taskset; the benchmarks pin it to core 1) had its encodes on that same core: at 1,000
 * msg/s the server and an encode shared one core while the other had room, and chat's p99 paid for
 * it (bar B7). Encodes run below the server's priority (priority.ts); where they run is
 * the scheduler's to choose. Called, as `lowerEveryThread`, once libuv's pool exists: threads made
 * later take their creator's affinity. Linux has no call for it in Node: util-linux's `taskset` does
 * it; without it (or refused) the inherited affinity stays, and the answer is false.
 */
export function useEveryCpu(): boolean {
  if (process.platform !== 'linux') return false;
  const result = spawnSync(
    'taskset',
    ['--all-tasks', '--pid', '--cpu-list', possibleCpus(), String(process.pid)],
    {
      stdio: 'ignore',
      timeout: 5_000,
    },
  );
  return result.status === 0;
}
