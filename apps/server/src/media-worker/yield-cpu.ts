import { stat } from 'node:fs/promises';
import { useEveryCpu } from './cpu-affinity.ts';
import { lowerEveryThread, useIdleClass } from './priority.ts';

/** Below the server and PostgreSQL where the idle class cannot be had (nice 10 weighs ~1/10). */
export const MEDIA_WORKER_NICE = 10;

/**
 * Puts the media worker below everything else on its machine, before it starts any encode: nice 10
 * for every thread, then the idle class (priority.ts); with `everyCpu`, the affinity widened to every
 * CPU (cpu-affinity.ts: a forked worker inherits its server's pin). A worker started on its own
 * (standalone.ts) keeps the affinity it was started with: the one its operator chose (taskset).
 * libuv starts its pool of threads on first use: started here, then lowered with every other
 * thread, so that each thread made later (libvips' among them, ffmpeg's children) is made by one
 * already lowered, in the idle class. Returns what could not be done, for the worker's log.
 */
export async function yieldTheCpu(options: { everyCpu: boolean }): Promise<string[]> {
  await stat(process.cwd());
  lowerEveryThread(MEDIA_WORKER_NICE);
  if (process.platform !== 'linux') return [];
  const missed: string[] = [];
  if (!useIdleClass()) missed.push('not in the idle class (no chrt, or refused): nice 10 only');
  if (options.everyCpu && !useEveryCpu()) {
    missed.push('CPU affinity left as inherited (no taskset, or refused)');
  }
  return missed;
}
