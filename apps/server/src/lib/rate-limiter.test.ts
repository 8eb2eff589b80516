import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type TestRedis } from '../test/redis-server.ts';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limiter.ts';

async function hits(limiter: RateLimiter, key: string, count: number, max: number, windowMs: number) {
  const results = [];
  for (let i = 0; i < count; i++) results.push(await limiter.consume(key, max, windowMs));
  return results;
}

describe('createMemoryRateLimiter', () => {
  it('allows max hits per window, then refuses until the window ends', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    const results = await hits(limiter, 'send:a', 4, 3, 60_000);
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterMs).toBe(60_000);
    expect((await limiter.consume('send:b', 3, 60_000)).allowed).toBe(true);
    now += 60_000;
    expect(await limiter.consume('send:a', 3, 60_000)).toEqual({ allowed: true, retryAfterMs: 0 });
  });

  it('release takes back one hit of the current window, never below zero nor into a new window', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    await hits(limiter, 'send:a', 3, 3, 60_000);
    await limiter.release('send:a');
    expect((await limiter.consume('send:a', 3, 60_000)).allowed).toBe(true);
    expect((await limiter.consume('send:a', 3, 60_000)).allowed).toBe(false);
    await limiter.release('send:never');
    expect((await hits(limiter, 'send:never', 4, 3, 60_000)).map((r) => r.allowed)).toEqual([
      true,
      true,
      true,
      false,
    ]);
    now += 60_000;
    await limiter.release('send:a');
    expect((await hits(limiter, 'send:a', 4, 3, 60_000)).map((r) => r.allowed)).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});

describe('createRedisRateLimiter (a real redis-server)', () => {
  let redis: TestRedis;
  let nodeA: Redis;
  let nodeB: Redis;
  beforeAll(async () => {
    redis = await startRedisServer();
    nodeA = new Redis(redis.url);
    nodeB = new Redis(redis.url);
  });
  afterAll(async () => {
    nodeA?.disconnect();
    nodeB?.disconnect();
    await redis?.stop();
  });

  it('counts the hits of two nodes together and refuses past max with the time left', async () => {
    const a = createRedisRateLimiter(nodeA);
    const b = createRedisRateLimiter(nodeB);
    const key = `send:${randomUUID()}`;
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await (i % 2 ? b : a).consume(key, 5, 60_000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, true, false]);
    expect(results[5]!.retryAfterMs).toBeGreaterThan(55_000);
    expect(results[5]!.retryAfterMs).toBeLessThanOrEqual(60_000);
    // Another key has its own window.
    expect((await b.consume(`send:${randomUUID()}`, 5, 60_000)).allowed).toBe(true);
  });

  it('release takes back one hit for every node, and nothing of a key with no window', async () => {
    const a = createRedisRateLimiter(nodeA);
    const b = createRedisRateLimiter(nodeB);
    const key = `send:${randomUUID()}`;
    await hits(a, key, 3, 3, 60_000);
    await b.release(key);
    expect((await a.consume(key, 3, 60_000)).allowed).toBe(true);
    expect((await b.consume(key, 3, 60_000)).allowed).toBe(false);
    const none = `send:${randomUUID()}`;
    await a.release(none);
    expect(await nodeA.exists(`motema:limit:${none}`)).toBe(0);
  });

  it('is atomic: 60 concurrent hits from two nodes let exactly max through', async () => {
    const a = createRedisRateLimiter(nodeA);
    const b = createRedisRateLimiter(nodeB);
    const key = `burst:${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).consume(key, 25, 60_000)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
    expect(Number(await nodeA.get(`motema:limit:${key}`))).toBe(60);
  });

  it('sets the expiry with the first hit and opens a new window once it lapsed', async () => {
    const limiter = createRedisRateLimiter(nodeA, { prefix: 'test:' });
    const key = `window:${randomUUID()}`;
    expect((await limiter.consume(key, 1, 300)).allowed).toBe(true);
    const ttl = await nodeA.pttl(`test:${key}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(300);
    expect((await limiter.consume(key, 1, 300)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await limiter.consume(key, 1, 300)).toEqual({ allowed: true, retryAfterMs: 0 });
  });

  it('lets hits through and reports the error when Redis cannot be reached', async () => {
    const dead = new Redis({
      port: 1,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    dead.on('error', () => {});
    const errors: unknown[] = [];
    const limiter = createRedisRateLimiter(dead, { onError: (error) => errors.push(error) });
    expect(await limiter.consume('send:x', 1, 60_000)).toEqual({ allowed: true, retryAfterMs: 0 });
    expect(await limiter.consume('send:x', 1, 60_000)).toEqual({ allowed: true, retryAfterMs: 0 });
    expect(errors).toHaveLength(2);
    dead.disconnect();
  });
});
