import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBadgeGaps } from './badge-gaps.ts';

describe('the badges’ gaps (one scheduled badge a gap per member)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('releases held members with those counted at the same moment, a gap after it: not all at once', async () => {
    const released: [number, string[]][] = [];
    const gaps = createBadgeGaps(2_000, (ids) => void released.push([Date.now(), ids]));
    gaps.counted(['a', 'b'], 0);
    await vi.advanceTimersByTimeAsync(300);
    gaps.counted(['c'], 300);
    await vi.advanceTimersByTimeAsync(200);
    expect(['a', 'c', 'd'].map((id) => gaps.recent(id, 500))).toEqual([true, true, false]);
    // c first, then a: each goes with its own count's moment.
    gaps.hold(['c']);
    gaps.hold(['a']);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(released).toEqual([
      [2_000, ['a']],
      [2_300, ['c']],
    ]);
    gaps.stop();
  });

  it('forgets members whose gap has passed, and holds nothing once stopped', async () => {
    const released: string[][] = [];
    const gaps = createBadgeGaps(2_000, (ids) => void released.push(ids));
    gaps.counted(['a'], 0);
    expect(gaps.recent('a', 1_999)).toBe(true);
    expect(gaps.recent('a', 2_000)).toBe(false);
    gaps.hold(['a']);
    gaps.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(released).toEqual([]);
    expect(gaps.recent('a', 5_000)).toBe(false);
  });
});
