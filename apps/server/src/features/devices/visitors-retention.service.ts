import { VISITOR_RETENTION_DAYS } from '@motema/shared/devices';
import type { AppDeps } from '../../deps.ts';
import { clock } from '../../lib/clock.ts';
import { deleteVisitorsBefore } from './visitors.repository.ts';

/** The queue of the visits' retention sweeps, whichever node sends them. */
export const VISITOR_RETENTION_QUEUE = 'visitors-retention';
/**
 * A sweep a slot of 12 hours: the daily sweep, run twice a day because 12 h is the longest slot
 * `sendOnce` can throttle (pg-boss archives a job after 12 h, and a slot's job must still be there to
 * stop a second one). A visit is gone at most half a day after VISITOR_RETENTION_DAYS.
 */
const SLOT_SECONDS = 12 * 60 * 60;
/** Each node offers the slot's sweep this often; the first offer of a slot wins (pg-boss throttling). */
export const VISITOR_RETENTION_OFFER_MS = 10 * 60 * 1000;
/** Visits a statement deletes at most: a backlog goes in several short statements. */
const BATCH = 1000;
const DAY_MS = 86_400_000;

/** Deletes the visits older than VISITOR_RETENTION_DAYS (the privacy policy's promise); returns how many. */
export async function sweepOldVisitors({ db }: Pick<AppDeps, 'db'>): Promise<number> {
  const before = new Date(clock.now().getTime() - VISITOR_RETENTION_DAYS * DAY_MS);
  let total = 0;
  for (;;) {
    const removed = await deleteVisitorsBefore(db, before, BATCH);
    total += removed;
    if (removed < BATCH) return total;
  }
}

/** Sends this slot's sweep, unless a node already did: false then. */
export function sendVisitorRetention(jobs: AppDeps['jobs']): Promise<boolean> {
  return jobs.sendOnce(VISITOR_RETENTION_QUEUE, {}, SLOT_SECONDS);
}

/** The sweep's worker; its module offers a sweep every VISITOR_RETENTION_OFFER_MS (jobs/periodic.ts). */
export async function workVisitorRetention(deps: Pick<AppDeps, 'db' | 'jobs'>) {
  deps.jobs.define(VISITOR_RETENTION_QUEUE, {
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: false,
    expireInSeconds: 10 * 60,
  });
  await deps.jobs.work(
    VISITOR_RETENTION_QUEUE,
    () => sweepOldVisitors(deps).then((removed) => ({ removed })),
    { batchSize: 1 },
  );
}
