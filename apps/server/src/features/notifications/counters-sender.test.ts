import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCountersSender } from './counters-sender.ts';

/**
 * The sender's coalescing with a counter whose answers the test releases one by one: each count
 * reads the members' values when it starts (as a query sees the commits made before it).
 */
function fixture() {
  const values = new Map<string, number>();
  const counts: string[][] = [];
  const gates: (() => void)[] = [];
  const delivered: [string, number][] = [];
  const reported: unknown[] = [];
  let failNext = false;
  const sender = createCountersSender<number>({
    count: async (userIds) => {
      counts.push([...userIds]);
      const snapshot = new Map(userIds.map((id) => [id, values.get(id) ?? 0]));
      const fail = failNext;
      failNext = false;
      await new Promise<void>((resolve) => gates.push(resolve));
      if (fail) throw new Error('database away');
      return snapshot;
    },
    deliver: (userId, value) => void delivered.push([userId, value]),
    report: (error) => void reported.push(error),
    delayMs: 300,
  });
  /** Lets the oldest count waiting answer, once it has started. */
  const release = async () => {
    await vi.waitFor(() => expect(gates.length).toBeGreaterThan(0));
    gates.shift()!();
  };
  return {
    values,
    counts,
    delivered,
    reported,
    sender,
    release,
    failNextCount: () => void (failNext = true),
  };
}

describe('the counters sender (one count at a time per member, the last badge always current)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts once more for the changes made while a member was being counted, and only once', async () => {
    const f = fixture();
    f.values.set('a', 1);
    const first = f.sender.update(['a']);
    // Three commits while the first count runs: one more round, not three.
    f.values.set('a', 4);
    const later = [f.sender.update(['a']), f.sender.update(['a']), f.sender.update(['a'])];
    await f.release();
    await f.release();
    await Promise.all([first, ...later]);
    expect(f.counts).toEqual([['a'], ['a']]);
    expect(f.delivered).toEqual([
      ['a', 1],
      ['a', 4],
    ]);
  });

  it('counts idle members together and leaves a member being counted to its own round', async () => {
    const f = fixture();
    const running = f.sender.update(['a']);
    const both = f.sender.update(['a', 'b', 'b']);
    await f.release();
    await f.release();
    await f.release();
    await Promise.all([running, both]);
    expect(f.counts).toEqual([['a'], ['b'], ['a']]);
  });

  describe('scheduled badges', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });

    it('wait the delay and count every member scheduled meanwhile in one count', async () => {
      const f = fixture();
      f.sender.schedule(['a']);
      f.sender.schedule(['b']);
      f.sender.schedule(['a']);
      await vi.advanceTimersByTimeAsync(299);
      expect(f.counts).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(f.counts).toEqual([['a', 'b']]);
      await f.release();
      await vi.waitFor(() => expect(f.delivered.map(([id]) => id)).toEqual(['a', 'b']));
    });

    it('for a member being counted, ask that count for one more round instead of a second count', async () => {
      const f = fixture();
      f.values.set('a', 1);
      const running = f.sender.update(['a']);
      f.values.set('a', 2);
      f.sender.schedule(['a']);
      await vi.advanceTimersByTimeAsync(300);
      expect(f.counts).toEqual([['a']]);
      await f.release();
      await f.release();
      await running;
      expect(f.delivered).toEqual([
        ['a', 1],
        ['a', 2],
      ]);
    });

    it('report a failed count (nobody awaits it), and the next one counts again', async () => {
      const f = fixture();
      f.failNextCount();
      f.sender.schedule(['a']);
      await vi.advanceTimersByTimeAsync(300);
      await f.release();
      await vi.waitFor(() => expect(f.reported).toHaveLength(1));
      f.sender.schedule(['a']);
      await vi.advanceTimersByTimeAsync(300);
      await f.release();
      await vi.waitFor(() => expect(f.delivered).toEqual([['a', 0]]));
    });

    it('are forgotten when the sender stops', async () => {
      const f = fixture();
      f.sender.schedule(['a']);
      f.sender.stop();
      await vi.advanceTimersByTimeAsync(1000);
      expect(f.counts).toEqual([]);
    });
  });
});
