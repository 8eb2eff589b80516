import type { PushJob } from '../push-jobs.ts';
import { RETRY_TRIES, retryDelayMs } from '../retry-delay.ts';
import { pushJobKey } from './push-queue.ts';

/** How long the messages' push jobs gather before one read says which of their members have a device. */
export const MESSAGE_PUSH_BATCH_MS = 250;

/** A job gathered, with the tries it failed already (its read or send failed: the database away). */
type Due = { job: PushJob; failures: number };

/**
 * The push jobs of new messages, gathered a moment and sent together: one read of which members have
 * a device for every message of the moment, and one job per member and conversation, however many
 * messages came. A read and an enqueue per message cut the chat's saturated throughput (bench B3, 200
 * sockets, one round each: 0.25x the durable reference, against 0.69x without push; 0.60x gathered).
 * A message's push waits its burst anyway (PUSH_MESSAGE_DELAY_S), so the moment costs nothing a member
 * sees.
 *
 * The messages are stored before their jobs are sent: a read or a send that fails (the database
 * restarting) keeps the jobs it left unsent and tries them again, later each time (retry-delay.ts),
 * so a restart delays those pushes rather than losing them. A job is dropped and reported after
 * `tries` failures. The other triggers send their job at once and hand it here when that failed. One
 * per app.
 */
export function createMessagePushBatch(options: {
  /** Which of these members have a device to push to. */
  reachable: (userIds: readonly string[]) => Promise<Set<string>>;
  send: (job: PushJob) => Promise<unknown>;
  /** Jobs dropped after their last try: nobody awaits them. */
  report: (error: unknown) => void;
  delayMs?: number;
  tries?: number;
}) {
  const { reachable, send, report, delayMs = MESSAGE_PUSH_BATCH_MS, tries = RETRY_TRIES } = options;
  let due = new Map<string, Due>();
  let timer: NodeJS.Timeout | undefined;
  /** Rounds failed in a row: the wait before the next one grows with them. */
  let failedRounds = 0;
  let stopped = false;

  const arm = (ms: number) => {
    if (!stopped) timer ??= setTimeout(() => void flush(), ms).unref();
  };

  /** Reads and sends a round's jobs; those left unsent, with the first error. */
  async function sendRound(round: Due[]): Promise<{ unsent: Due[]; error?: unknown }> {
    try {
      const withDevice = await reachable([...new Set(round.map(({ job }) => job.userId))]);
      const told = round.filter(({ job }) => withDevice.has(job.userId));
      const results = await Promise.allSettled(told.map(({ job }) => send(job)));
      const failed = results.flatMap((result, i) => (result.status === 'rejected' ? [{ i, result }] : []));
      return { unsent: failed.map(({ i }) => told[i]!), error: failed[0]?.result.reason };
    } catch (error) {
      return { unsent: round, error };
    }
  }

  async function flush() {
    const round = [...due.values()];
    due = new Map();
    timer = undefined;
    const { unsent, error } = await sendRound(round);
    if (unsent.length === 0) {
      failedRounds = 0;
      return;
    }
    if (stopped) return;
    failedRounds += 1;
    let dropped = 0;
    for (const { job, failures } of unsent) {
      // A job of the same key gathered meanwhile (a newer message of the conversation) stands for this one.
      if (failures + 1 >= tries) dropped += 1;
      else if (!due.has(pushJobKey(job))) due.set(pushJobKey(job), { job, failures: failures + 1 });
    }
    if (dropped > 0)
      report(new Error(`${dropped} push job(s) dropped after ${tries} tries`, { cause: error }));
    if (due.size > 0) arm(retryDelayMs(failedRounds, delayMs));
  }

  return {
    add(job: PushJob) {
      due.set(pushJobKey(job), { job, failures: due.get(pushJobKey(job))?.failures ?? 0 });
      arm(delayMs);
    },
    /** A job another trigger sent at once, whose read or send failed: tried again with these. */
    retry(job: PushJob) {
      if (!due.has(pushJobKey(job))) due.set(pushJobKey(job), { job, failures: 1 });
      arm(retryDelayMs(Math.max(1, failedRounds), delayMs));
    },
    /**
     * The app is closing: what gathered, or waits to be tried again, is dropped (a push is a courtesy,
     * the message is stored).
     */
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      due = new Map();
    },
  };
}
