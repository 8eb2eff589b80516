import type { Redis } from 'ioredis';
import { AppError } from './app-error.ts';

/**
 * Counting limits outside HTTP routes (socket events such as chat messages; QUALITY R1). Fixed
 * windows per key. In memory on one node; shared through Redis when REDIS_URL is set.
 */
export type RateLimiter = {
  /** Counts one hit on `key`; `allowed` is false once more than `max` hits fell in the current window. */
  consume(key: string, max: number, windowMs: number): Promise<{ allowed: boolean; retryAfterMs: number }>;
  /**
   * Takes back one hit of the current window on `key`: a hit counted before the action it stood for
   * was refused for another reason (the chat's group commit counts first, then reads the paywall).
   */
  release(key: string): Promise<void>;
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
    async release(key) {
      const window = windows.get(key);
      if (window && window.resetAt > now() && window.count > 0) window.count -= 1;
    },
  };
}

/**
 * Counts and starts the window in one step (a script runs atomically in Redis): the first hit sets
 * the expiry, so a crash between two commands can never leave a counter that never expires.
 * Returns the count and the milliseconds left in the window.
 */
const CONSUME_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

/** One hit fewer, in the current window only (an expired key is not brought back). */
const RELEASE_SCRIPT = `
if redis.call('PTTL', KEYS[1]) > 0 and tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then
  redis.call('DECR', KEYS[1])
end
return 0
`;

/**
 * The same fixed windows, counted in Redis for every server node together. When Redis cannot be
 * reached the hit is let through and `onError` told: an outage must not stop the chat.
 */
export function createRedisRateLimiter(
  redis: Pick<Redis, 'eval'>,
  options: { prefix?: string; onError?: (error: unknown) => void } = {},
): RateLimiter {
  const prefix = options.prefix ?? 'motema:limit:';
  return {
    async consume(key, max, windowMs) {
      try {
        const [count, ttl] = (await redis.eval(
          CONSUME_SCRIPT,
          1,
          prefix + key,
          Math.max(1, Math.ceil(windowMs)),
        )) as [number, number];
        return { allowed: count <= max, retryAfterMs: count <= max ? 0 : Math.max(ttl, 0) };
      } catch (error) {
        options.onError?.(error);
        return { allowed: true, retryAfterMs: 0 };
      }
    },
    async release(key) {
      try {
        await redis.eval(RELEASE_SCRIPT, 1, prefix + key);
      } catch (error) {
        options.onError?.(error);
      }
    },
  };
}

/** Redis-backed when the node has a Redis (REDIS_URL), in memory otherwise; errors logged at most once a minute. */
export function createRateLimiter(redis: Redis | undefined, logError: (error: unknown) => void): RateLimiter {
  if (!redis) return createMemoryRateLimiter();
  let loggedAt = -Infinity;
  return createRedisRateLimiter(redis, {
    onError(error) {
      if (Date.now() - loggedAt < 60_000) return;
      loggedAt = Date.now();
      logError(error);
    },
  });
}

/** Counts a hit on `key`; over the limit, refuses with 429 rate_limited and the seconds to wait (Retry-After). */
export async function refuseOverLimit(limiter: RateLimiter, key: string, max: number, windowMs: number) {
  const { allowed, retryAfterMs } = await limiter.consume(key, max, windowMs);
  if (!allowed) {
    throw new AppError(429, 'rate_limited', {
      headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
    });
  }
}
