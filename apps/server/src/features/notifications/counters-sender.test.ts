import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCountersSender } from './counters-sender.ts';

/**
 * The sender's coalescing with a counter whose answers the test releases one by one: each count
 * reads the members' values when it starts (as a query sees the commits made before it).
 */
function fixture(options: { tries?: number } = {}) {
  const values = new Map<string, number>();
  const counts: string[][] = [];
  const gates: (() => void)[] = [];
  const delivered: [string, number][] = [];
  const reported: unknown[] = [];
  let failing = 0;
  const sender = createCountersSender<number>({
    count: async (userIds) => {
      counts.push([...userIds]);
      const snapshot = new Map(userIds.map((id) => [id, values.get(id) ?? 0]));
      const fail = failing > 0;
      failing = Math.max(0, failing - 1);
      await new Promise<void>((resolve) => gates.push(resolve));
      if (fail) throw new Error('database away');
      return snapshot;
    },
    deliver: (userId, value) => void delivered.push([userId, value]),
    report: (error) => void reported.push(error),
    delayMs: 300,
    gapMs: 2_000,
    ...options,
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
    /** The next `times` counts fail (the database away). */
    failNextCounts: (times = 1) => void (failing = times),
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

    it('come at most one a gap for a member, the held one counting every commit made meanwhile', async () => {
      const f = fixture();
      f.values.set('a', 1);
      f.sender.schedule(['a']);
      await vi.advanceTimersByTimeAsync(300);
      const countedAt = Date.now();
      await f.release();
      await vi.waitFor(() => expect(f.delivered).toEqual([['a', 1]]));
      // Two more messages to a within the gap, and one to b: b's badge does not wait for a's gap.
      await vi.advanceTimersByTimeAsync(200);
      f.values.set('a', 2);
      f.sender.schedule(['a', 'b']);
      await vi.advanceTimersByTimeAsync(300);
      expect(f.counts).toEqual([['a'], ['b']]);
      await f.release();
      f.values.set('a', 3);
      f.sender.schedule(['a']);
      // Held until a gap after its last count, then due with the others: one count with a's commits.
      await vi.advanceTimersByTimeAsync(countedAt + 2_000 + 299 - Date.now());
      expect(f.counts).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(f.counts).toEqual([['a'], ['b'], ['a']]);
      await f.release();
      await vi.waitFor(() => expect(f.delivered.at(-1)).toEqual(['a', 3]));
      expect(f.delivered.filter(([id]) => id === 'a')).toHaveLength(2);
      // Quiet for the gap: the next message's badge comes after the delay alone again.
      await vi.advanceTimersByTimeAsync(2_000);
      f.sender.schedule(['a']);
      await vi.advanceTimersByTimeAsync(300);
      expect(f.counts).toHaveLength(4);
      await f.release();
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

    it('count again after a failed count (the database away), waiting longer each time, until one answers', async () => {
      const f = fixture();
      f.values.set('a', 3);
      f.failNextCounts(2);
      f.sender.schedule(['a']);
      await vi.advanceTimersByTimeAsync(300);
      await f.release();
      // Tried again after the delay, then after twice the delay.
      await vi.advanceTimersByTimeAsync(300);
      expect(f.counts).toEqual([['a'], ['a']]);
      await f.release();
      await vi.advanceTimersByTimeAsync(599);
      expect(f.counts).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      await f.release();
      await vi.waitFor(() => expect(f.delivered).toEqual([['a', 3]]));
      expect(f.reported).toEqual([]);
    });

    it('report the failure when the last try failed, and the next one counts again', async () => {
      const f = fixture({ tries: 2 });
      f.failNextCounts(2);
      f.sender.schedule(['a']);
      await vi.advanceTimersByTimeAsync(300);
      await f.release();
      await vi.advanceTimersByTimeAsync(300);
      await f.release();
      await vi.waitFor(() => expect(f.reported).toHaveLength(1));
      await vi.advanceTimersByTimeAsync(10_000);
      expect(f.counts).toHaveLength(2);
      f.sender.schedule(['a']);
      await vi.advanceTimersByTimeAsync(300);
      await f.release();
      await vi.waitFor(() => expect(f.delivered).toEqual([['a', 0]]));
    });

    it('are forgotten when the sender stops, a count waiting to be tried again included', async () => {
      const f = fixture();
      f.sender.schedule(['a']);
      f.sender.stop();
      f.sender.schedule(['b']);
      await vi.advanceTimersByTimeAsync(1000);
      expect(f.counts).toEqual([]);
      const retrying = fixture();
      retrying.failNextCounts();
      retrying.sender.schedule(['a']);
      await vi.advanceTimersByTimeAsync(300);
      await retrying.release();
      retrying.sender.stop();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(retrying.counts).toHaveLength(1);
      expect(retrying.reported).toEqual([]);
    });
  });
});
