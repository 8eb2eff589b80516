/**
 * What a badge or a message's push job left undone while the database was away (a restart, a
 * failover) is tried again: after `firstMs`, then twice as long each time, at most `maxMs`. A
 * restart is over in seconds, so the first tries find it back; the longest waits keep a long
 * outage from being asked every moment.
 */
export const RETRY_MAX_MS = 10_000;

/**
 * How many tries a thing gets before it is dropped and reported: with the doubling from 250 or 300 ms
 * and the 10 s ceiling, about two and a half minutes of the database away.
 */
export const RETRY_TRIES = 20;

/** The wait before the try that follows `failures` failed ones in a row (1 or more). */
export function retryDelayMs(failures: number, firstMs: number, maxMs = RETRY_MAX_MS): number {
  return Math.min(firstMs * 2 ** Math.max(0, failures - 1), maxMs);
}
