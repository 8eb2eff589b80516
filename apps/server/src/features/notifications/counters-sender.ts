import { createBadgeGaps } from './badge-gaps.ts';
import { RETRY_TRIES, retryDelayMs } from './retry-delay.ts';

/** How long a new message's badge waits for others, so bursts and busy moments send fewer (trailing). */
export const COUNTERS_DELAY_MS = 300;
/**
 * The least time between two scheduled badges of one member: a member receiving messages all the
 * time gets a badge about this often, counting every commit before it, instead of one a delay
 * (bench/README.md B3: at 2,000 members chatting, a badge every 300 ms was nearly one more packet and
 * one more member counted a message).
 */
export const COUNTERS_GAP_MS = 2_000;

export type CountersSender = {
  /**
   * Sends these members' current badges to all their devices, after a commit that changed them;
   * resolves once sent, follow-up rounds included. For a member being counted already, it asks that
   * count for one more round instead of starting a second one.
   */
  update(userIds: readonly string[]): Promise<void>;
  /**
   * `update` a little later (COUNTERS_DELAY_MS), together with every member scheduled meanwhile, in
   * one count: a member receiving a burst of messages gets one badge, counted after the last commit
   * of the burst, and many members' badges cost one count. A member whose scheduled badge was counted
   * less than COUNTERS_GAP_MS ago waits until it has passed (badge-gaps.ts).
   */
  schedule(userIds: readonly string[]): void;
  /** Forgets what is scheduled or waits to be tried again (the app is closing, its sockets with it). */
  stop(): void;
};

/**
 * Counts and delivers members' badges, one count at a time per member. The last badge a member gets
 * always counts every commit made before it: an update asked for while the member is being counted
 * makes that count run one more round, so a burst never ends on a stale badge. One per app: its state
 * is which members are being counted or are due, never anything of a transaction.
 */
export function createCountersSender<Counters>(options: {
  /** The counters of these members, together (one query whatever their number). */
  count: (userIds: readonly string[]) => Promise<Map<string, Counters>>;
  deliver: (userId: string, counters: Counters) => void;
  /** A scheduled count that failed its last try: nobody awaits it. */
  report: (error: unknown) => void;
  delayMs?: number;
  gapMs?: number;
  tries?: number;
}): CountersSender {
  const {
    count,
    deliver,
    report,
    delayMs = COUNTERS_DELAY_MS,
    gapMs = COUNTERS_GAP_MS,
    tries = RETRY_TRIES,
  } = options;
  /** Members whose badges are being counted (one count at a time per member), and those to recount. */
  const running = new Map<string, Promise<void>>();
  const dirty = new Set<string>();
  let due: Set<string> | undefined;
  let timer: NodeJS.Timeout | undefined;
  /** Members whose last scheduled badge is recent, held until their gap has passed, then due with the others. */
  const gaps = createBadgeGaps(gapMs, (userIds) => later(userIds, delayMs));
  /** Scheduled counts failed in a row (the database away): the wait before the next one grows with them. */
  let failedRounds = 0;
  let stopped = false;

  /** Counts and sends the badges of these members, none of them being counted already. */
  function countAndSend(userIds: readonly string[]): Promise<void> {
    for (const id of userIds) dirty.delete(id);
    const run = (async () => {
      try {
        for (const [id, counters] of await count(userIds)) deliver(id, counters);
      } catch (error) {
        for (const id of userIds) dirty.delete(id);
        throw error;
      } finally {
        for (const id of userIds) running.delete(id);
      }
      // Commits made while counting: one more round for those members, which this promise includes.
      await update(userIds.filter((id) => dirty.has(id)));
    })();
    for (const id of userIds) running.set(id, run);
    return run;
  }

  /** The members being counted are marked for one more round; the others are counted now. */
  function update(userIds: readonly string[]): Promise<void> {
    const waits: Promise<void>[] = [];
    const idle: string[] = [];
    for (const id of new Set(userIds)) {
      const current = running.get(id);
      if (current) {
        dirty.add(id);
        waits.push(current);
      } else idle.push(id);
    }
    if (idle.length > 0) waits.push(countAndSend(idle));
    return Promise.all(waits).then(() => undefined);
  }

  function sendDue() {
    const ids = [...(due ?? [])];
    due = undefined;
    timer = undefined;
    gaps.counted(ids, Date.now());
    const idle = ids.filter((id) => {
      if (!running.has(id)) return true;
      dirty.add(id);
      return false;
    });
    if (idle.length > 0)
      countAndSend(idle).then(
        () => void (failedRounds = 0),
        (error) => retry(idle, error),
      );
  }

  /**
   * A scheduled count failed (the database restarting): its members' badges would stay behind their
   * new messages until the next change, so they are counted again, later each time; reported and
   * dropped after `tries` failed rounds in a row.
   */
  function retry(userIds: readonly string[], error: unknown) {
    if (stopped) return;
    failedRounds += 1;
    if (failedRounds >= tries) {
      failedRounds = 0;
      report(error);
      return;
    }
    later(userIds, retryDelayMs(failedRounds, delayMs));
  }

  /** These members join the count due, or are due alone after `ms`. */
  function later(userIds: readonly string[], ms: number) {
    if (stopped) return;
    if (due) {
      for (const id of userIds) due.add(id);
      return;
    }
    due = new Set(userIds);
    timer = setTimeout(sendDue, ms).unref();
  }

  return {
    update,
    schedule(userIds) {
      if (stopped) return;
      const now = Date.now();
      const recent = (id: string) => gaps.recent(id, now);
      const soon = userIds.filter((id) => !recent(id));
      if (soon.length > 0) later(soon, delayMs);
      if (soon.length < userIds.length) gaps.hold(userIds.filter(recent));
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      gaps.stop();
      due = undefined;
      timer = undefined;
    },
  };
}
