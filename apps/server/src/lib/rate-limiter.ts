/**
 * Counting limits outside HTTP routes (socket events such as chat messages; QUALITY R1). Fixed
 * windows per key. In memory on one node; shared through Redis when REDIS_URL is set.
 */
export type RateLimiter = {
  /** Counts one hit on `key`; `allowed` is false once more than `max` hits fell in the current window. */
  consume(key: string, max: number, windowMs: number): Promise<{ allowed: boolean; retryAfterMs: number }>;
};

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  return {
    async consume(key, max, windowMs) {
      const time = now();
      if (time - lastSweep > 60_000) {
        for (const [k, w] of windows) if (w.resetAt <= time) windows.delete(k);
        lastSweep = time;
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { allowed: window.count <= max, retryAfterMs: window.count <= max ? 0 : window.resetAt - time };
    },
  };
}
