import type { AppDeps } from '../../../deps.ts';
import { clock } from '../../../lib/clock.ts';
import { removeMediaItems } from '../../media/media-items.service.ts';
import { deleteExpiredStories } from './stories.repository.ts';

/** The queue of the expiry's runs: one a minute, whichever node sends it. */
export const STORY_EXPIRY_QUEUE = 'story-expiry';
/** A run a minute: a story is gone at most about a minute after its day (the routes hide it at once). */
const SLOT_SECONDS = 60;
/** Each node offers the minute's run this often; the first offer of a slot wins (pg-boss throttling). */
export const STORY_EXPIRY_OFFER_MS = 20_000;
/** Stories a transaction deletes at most: a backlog goes in several short transactions. */
const BATCH = 200;

/**
 * Deletes the stories expired by now, their media items with them (removeMediaItems: the rows, and
 * their files through its durable job once the rows are gone); returns how many. Safe to run twice
 * and at once: each batch takes its rows with SKIP LOCKED, so concurrent runs delete different
 * stories, and a story deleted is not found again.
 */
export async function expireStories(deps: Pick<AppDeps, 'db' | 'jobs'>): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await deps.db.transaction(async (tx) => {
      const itemIds = await deleteExpiredStories(tx, clock.now(), BATCH);
      await removeMediaItems(tx, deps.jobs, itemIds);
      return itemIds.length;
    });
    total += removed;
    if (removed < BATCH) return total;
  }
}

/** Sends this minute's expiry run, unless a node already did: false then. */
export function sendStoryExpiry(jobs: AppDeps['jobs']): Promise<boolean> {
  return jobs.sendOnce(STORY_EXPIRY_QUEUE, {}, SLOT_SECONDS);
}

/** The expiry's worker; the posts module offers its run every STORY_EXPIRY_OFFER_MS (jobs/periodic.ts). */
export async function workStoryExpiry(deps: Pick<AppDeps, 'db' | 'jobs'>) {
  deps.jobs.define(STORY_EXPIRY_QUEUE, {
    retryLimit: 2,
    retryDelaySeconds: 30,
    retryBackoff: false,
    expireInSeconds: 10 * 60,
  });
  await deps.jobs.work(STORY_EXPIRY_QUEUE, () => expireStories(deps).then((expired) => ({ expired })), {
    batchSize: 1,
  });
}
