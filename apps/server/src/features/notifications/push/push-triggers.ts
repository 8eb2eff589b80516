import type { AppDeps } from '../../../deps.ts';
import { notificationContributions } from '../list/notification-sources.ts';
import type { PushJob } from '../push-jobs.ts';
import { definePushQueue, PUSH_MESSAGE_DELAY_S, sendPushJob } from './push-queue.ts';
import { createMessagePushBatch } from './message-push-batch.ts';
import { membersWithLivePushToken } from './push-tokens.service.ts';

/**
 * Who may be told by push of what happened: one job per member with a device to push to, sent after the commit (the event
 * port's subscribers run then), and sent again, later each time, while the database is away. The worker (push-worker.service.ts) decides whether it goes, and
 * when: the member's choices, what is still true, quiet hours, the hourly limit. Registered by notifications.module.ts.
 */
export function subscribePushEvents(
  { db, env, events, jobs }: Pick<AppDeps, 'db' | 'env' | 'events' | 'jobs'>,
  report: (error: unknown) => void,
  /** Registers what to do when the app closes. */
  onClose: (stop: () => void) => void,
): void {
  definePushQueue(jobs);
  // A burst of messages is one push: the job waits a moment and the next ones join it. Gathered
  // first (message-push-batch.ts): the sender's ack waits for this event's subscribers, and neither a
  // read nor an enqueue per message belongs to the send. The batch also tries again what failed
  // because the database was away, the other triggers' jobs included.
  const messages = createMessagePushBatch({
    reachable: (userIds) => membersWithLivePushToken({ db, env }, userIds),
    send: (job) => sendPushJob(jobs, job, job.kind === 'message' ? PUSH_MESSAGE_DELAY_S : 0),
    report,
  });
  onClose(() => messages.stop());
  const tell = async (given: PushJob | readonly PushJob[]) => {
    const all = ([] as PushJob[]).concat(given);
    if (all.length === 0) return;
    let withDevice: Set<string>;
    try {
      // No device to push to (most members while they have the app open, or never allowed it): one
      // indexed read, for every member told, instead of a job to write, run and find nothing to do.
      withDevice = await membersWithLivePushToken({ db, env }, [...new Set(all.map((job) => job.userId))]);
    } catch {
      // The database went away after the commit (a restart): the jobs are sent once it is back.
      for (const job of all) messages.retry(job);
      return;
    }
    for (const job of all.filter((each) => withDevice.has(each.userId))) {
      try {
        await sendPushJob(jobs, job);
      } catch {
        messages.retry(job);
      }
    }
  };
  events.on('message.stored', ({ message, recipientId }) => {
    messages.add({ userId: recipientId, kind: 'message', ref: message.row.conversationId });
  });
  // The other kinds' events are the owners' to name (notification-port.ts).
  for (const { trigger } of notificationContributions()) trigger(events, tell, db);
}
