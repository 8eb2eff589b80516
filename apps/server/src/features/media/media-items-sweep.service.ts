import type { AppDeps } from '../../deps.ts';
import { clock } from '../../lib/clock.ts';
import * as repo from './media-items.repository.ts';
import { scheduleItemFilesRemoval } from './media-items.service.ts';
import { UNCLAIMED_ITEM_TTL_MS } from './media-uploads.service.ts';

/** The queue of the unclaimed uploads' sweeps: one an hour, whichever node sends it. */
export const UNCLAIMED_SWEEP_QUEUE = 'media-items-unclaimed-sweep';
/** A sweep an hour: an upload never used by a post or a story is gone a day (and at most an hour) after. */
const SLOT_SECONDS = 60 * 60;
/** Each node offers the hour's sweep this often; the first offer of a slot wins (pg-boss throttling). */
export const UNCLAIMED_SWEEP_OFFER_MS = 5 * 60 * 1000;
/** Items a statement deletes at most: a backlog goes in several short statements. */
const BATCH = 200;

/**
 * Deletes the items no post or story claimed within UNCLAIMED_ITEM_TTL_MS, then sends the removal of
 * their folders (after the deletion's commit: the files job finds the rows gone). Returns how many.
 * Safe to run twice and at once: each batch takes its rows with SKIP LOCKED, so an item a claim is
 * holding is left to it, and concurrent sweeps delete different items.
 */
export async function sweepUnclaimedMediaItems(deps: Pick<AppDeps, 'db' | 'jobs'>): Promise<number> {
  const olderThan = new Date(clock.now().getTime() - UNCLAIMED_ITEM_TTL_MS);
  let total = 0;
  for (;;) {
    const removed = await repo.deleteStaleUnclaimed(deps.db, olderThan, BATCH);
    for (const item of removed) await scheduleItemFilesRemoval(deps.jobs, item);
    total += removed.length;
    if (removed.length < BATCH) return total;
  }
}

/** Sends this hour's sweep, unless a node already did: false then. */
export function sendUnclaimedSweep(jobs: AppDeps['jobs']): Promise<boolean> {
  return jobs.sendOnce(UNCLAIMED_SWEEP_QUEUE, {}, SLOT_SECONDS);
}

/** The sweep's worker; its module offers a sweep every UNCLAIMED_SWEEP_OFFER_MS (jobs/periodic.ts). */
export async function workUnclaimedSweep(deps: Pick<AppDeps, 'db' | 'jobs'>) {
  deps.jobs.define(UNCLAIMED_SWEEP_QUEUE, {
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: false,
    expireInSeconds: 10 * 60,
  });
  await deps.jobs.work(
    UNCLAIMED_SWEEP_QUEUE,
    () => sweepUnclaimedMediaItems(deps).then((removed) => ({ removed })),
    { batchSize: 1 },
  );
}
