import { describe, expect, it, vi } from 'vitest';
import { createClock } from './clock.ts';

describe('the simulator clock', () => {
  it('runs due events in time order, each at its own moment, when advanced', () => {
    const clock = createClock({ realTime: false, start: 0 });
    const ran: [string, number][] = [];
    clock.at(3_000, () => ran.push(['c', clock.now()]));
    clock.at(1_000, () => {
      ran.push(['a', clock.now()]);
      // Scheduled by another event, due within the same advance: runs in it, in order.
      clock.at(2_000, () => ran.push(['b', clock.now()]));
    });
    clock.at(9_000, () => ran.push(['late', clock.now()]));
    clock.advance(5_000);
    expect(ran).toEqual([
      ['a', 1_000],
      ['b', 2_000],
      ['c', 3_000],
    ]);
    expect(clock.now()).toBe(5_000);
  });

  it('stands still without an advance in manual mode', () => {
    // The wall clock and its timers move an hour (fake timers): the simulator's clock does not.
    vi.useFakeTimers();
    try {
      const clock = createClock({ realTime: false, start: 0 });
      const ran: number[] = [];
      clock.at(1, () => ran.push(clock.now()));
      vi.advanceTimersByTime(3_600_000);
      expect(clock.now()).toBe(0);
      expect(ran).toEqual([]);
      expect(() => clock.advance(-1)).toThrow(RangeError);
    } finally {
      vi.useRealTimers();
    }
  });

  it('moves with the wall clock in real mode, and fires events by itself', async () => {
    const clock = createClock({ realTime: true });
    const fired = new Promise<number>((resolve) => clock.at(clock.now() + 30, () => resolve(clock.now())));
    const start = clock.now();
    const at = await fired;
    expect(at - start).toBeGreaterThanOrEqual(30);
  });

  it('forgets its events when cleared', () => {
    const clock = createClock({ realTime: false, start: 0 });
    let ran = false;
    clock.at(10, () => (ran = true));
    clock.clear();
    clock.advance(100);
    expect(ran).toBe(false);
  });
});
