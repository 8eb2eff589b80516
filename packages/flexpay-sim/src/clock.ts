/**
 * The simulator's clock. "Succeeds 2 s later" happens when this clock passes the moment: tests move
 * it with `advance` (POST /__sim/clock/advance), and with `realTime` (development) the wall clock
 * moves it too, so a payment started by hand settles by itself. Due events run in time order; an
 * event scheduled by another runs in the same advance if it falls due within it.
 */
export type SimClock = {
  /** Milliseconds since the epoch, on the virtual clock. */
  now: () => number;
  /** Runs `run` once the clock reaches `at` (virtual ms since the epoch). */
  at: (at: number, run: () => void) => void;
  /** Moves the clock forward and runs every event that fell due, in order. */
  advance: (ms: number) => void;
  /** Runs the events the clock has already passed (real time moves without telling anyone). */
  runDue: () => void;
  /** Drops every pending event (reset, close). */
  clear: () => void;
};

type Timer = { at: number; order: number; run: () => void };

export function createClock(options: { realTime: boolean; start?: number }): SimClock {
  const startedAt = performance.now();
  const start = options.start ?? Date.now();
  let offset = 0;
  let order = 0;
  let timers: Timer[] = [];
  let wake: NodeJS.Timeout | undefined;

  const now = () => start + offset + (options.realTime ? Math.floor(performance.now() - startedAt) : 0);

  const runDue = () => {
    for (;;) {
      const due = timers.filter((timer) => timer.at <= now());
      if (due.length === 0) break;
      due.sort((a, b) => a.at - b.at || a.order - b.order);
      const first = due[0]!;
      timers = timers.filter((timer) => timer !== first);
      first.run();
    }
    arm();
  };

  // With real time, wake up for the next event (unref'd: a pending event never holds the process).
  const arm = () => {
    if (wake) clearTimeout(wake);
    wake = undefined;
    if (!options.realTime || timers.length === 0) return;
    const next = Math.min(...timers.map((timer) => timer.at));
    wake = setTimeout(runDue, Math.max(0, next - now()));
    wake.unref();
  };

  return {
    now,
    at(at, run) {
      timers.push({ at, order: order++, run });
      arm();
    },
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
      // Step from event to event, so each runs (and records its time) at its own moment.
      const target = now() + ms;
      for (;;) {
        const next = timers.filter((timer) => timer.at <= target).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        offset += Math.max(0, next.at - now());
        runDue();
      }
      offset += Math.max(0, target - now());
      runDue();
    },
    runDue,
    clear() {
      timers = [];
      arm();
    },
  };
}
