import type { JobQueue, QueueSettings } from '../../../jobs/queue.ts';
import { PUSH_QUEUE, type PushJob } from '../push-jobs.ts';

/**
 * How long a message's push waits for the rest of a burst: the messages sent meanwhile to the same
 * member in the same conversation join the waiting job (one push, their count), as do those of the
 * quiet hours to a held one.
 */
export const PUSH_MESSAGE_DELAY_S = 3;

/**
 * A collapsing queue (one waiting job per key). A push is worth little late: a few quick retries. A
 * worker fetches a few jobs at once and runs them in turn, each send bounded by its timeout
 * (push-sender.service.ts): a job not done in five minutes is taken for dead.
 */
const PUSH_QUEUE_SETTINGS: QueueSettings = {
  retryLimit: 3,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  collapsing: true,
};

export function definePushQueue(jobs: Pick<JobQueue, 'define'>): void {
  jobs.define(PUSH_QUEUE, PUSH_QUEUE_SETTINGS);
}

/**
 * What a waiting job stands for: one member told of one thing (one conversation, one post's
 * requests...). A second job of the same key joins the waiting one.
 */
export const pushJobKey = (job: PushJob) => `${job.kind}:${job.userId}:${job.ref}`;

/** Enqueues a push job unless one of its key is waiting; false then (it joined that one). */
export function sendPushJob(
  jobs: Pick<JobQueue, 'sendCollapsed'>,
  job: PushJob,
  delaySeconds = 0,
): Promise<boolean> {
  return jobs.sendCollapsed(PUSH_QUEUE, job, { key: pushJobKey(job), delaySeconds });
}
