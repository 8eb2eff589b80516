import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * For answers that must not tell, by their time, which way they went (QUALITY S3): starts a floor of
 * `ms` now; the function returned waits until it is reached. Work that differs between an existing
 * and an unknown account (a row found or not, an account created or a mail queued instead) is then
 * hidden as long as it stays under the floor; the floor is chosen well above it.
 */
export function timeFloor(ms: number): () => Promise<void> {
  const reached = performance.now() + ms;
  return async () => {
    const left = reached - performance.now();
    if (left > 0) await sleep(left);
  };
}
