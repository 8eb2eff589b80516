/**
 * Work a node repeats while the app runs: a sweep of its own, or its offer of a run that one node
 * takes through a queue (`jobs.sendOnce`, pg-boss's own scheduler being off: jobs/queue.ts).
 */
export type PeriodicJob<Context> = {
  /** What the error log names: "<name> failed". */
  name: string;
  everyMs: number;
  /** Also once as the app starts, rather than first after `everyMs`. */
  atStart?: boolean;
  run: (context: Context) => Promise<unknown>;
};

export type PeriodicRun = { stop: () => Promise<void> };

/**
 * Starts `job`: a run every `everyMs` (and at once with `atStart`), skipped while the last one still
 * runs; a failed run is reported to `onError` and the next one comes as usual. The timer keeps no
 * process alive; `stop` ends it and waits for a run under way.
 */
export function startPeriodic<Context>(
  job: PeriodicJob<Context>,
  context: Context,
  onError: (error: unknown, name: string) => void,
): PeriodicRun {
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= Promise.resolve()
      .then(() => job.run(context))
      .then(
        () => void (running = undefined),
        (error: unknown) => {
          running = undefined;
          onError(error, job.name);
        },
      );
  };
  const timer = setInterval(tick, job.everyMs);
  timer.unref();
  if (job.atStart) tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
