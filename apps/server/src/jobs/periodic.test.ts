import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodic, type PeriodicJob } from './periodic.ts';

/** A run that waits for the test to end it. */
function heldRuns() {
  const ends: (() => void)[] = [];
  const run = vi.fn(() => new Promise<void>((resolve) => ends.push(resolve)));
  return { run, endAll: () => ends.splice(0).forEach((end) => end()) };
}

describe('startPeriodic', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const errors: { error: unknown; name: string }[] = [];
  const onError = (error: unknown, name: string) => void errors.push({ error, name });
  beforeEach(() => void errors.splice(0));

  it('runs every period, and at start only when asked', async () => {
    const run = vi.fn(async () => {});
    const late = startPeriodic({ name: 'late', everyMs: 1_000, run }, {}, onError);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(run).toHaveBeenCalledTimes(3);
    await late.stop();

    const early = vi.fn(async () => {});
    const started = startPeriodic({ name: 'early', everyMs: 1_000, atStart: true, run: early }, {}, onError);
    await vi.advanceTimersByTimeAsync(0);
    expect(early).toHaveBeenCalledTimes(1);
    await started.stop();
  });

  it('hands each run its context', async () => {
    const run = vi.fn(async (_context: { node: string }) => {});
    const job: PeriodicJob<{ node: string }> = { name: 'x', everyMs: 10, atStart: true, run };
    const started = startPeriodic(job, { node: 'a' }, onError);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledWith({ node: 'a' });
    await started.stop();
  });

  it('skips a period while the last run goes on', async () => {
    const { run, endAll } = heldRuns();
    const started = startPeriodic({ name: 'slow', everyMs: 1_000, atStart: true, run }, {}, onError);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(1);
    endAll();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    endAll();
    await started.stop();
  });

  it('reports a failed run, a synchronous throw too, by its name, and runs again next period', async () => {
    const failure = new Error('database away');
    let calls = 0;
    const run = () => {
      calls += 1;
      if (calls === 1) throw failure;
      return Promise.reject(failure);
    };
    const started = startPeriodic({ name: 'the sweep', everyMs: 1_000, atStart: true, run }, {}, onError);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    expect(errors).toEqual([
      { error: failure, name: 'the sweep' },
      { error: failure, name: 'the sweep' },
    ]);
    await started.stop();
  });

  it('stops: no run after, and stop waits for the run under way', async () => {
    const { run, endAll } = heldRuns();
    const started = startPeriodic({ name: 'held', everyMs: 1_000, atStart: true, run }, {}, onError);
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    const stopping = started.stop().then(() => void (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    endAll();
    await stopping;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
