import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache.ts';

const session = (id: string, expiresAt = 1_000_000) => ({ session: { id, expiresAt: new Date(expiresAt) } });

describe('the session cache', () => {
  it('answers a session read less than its time ago, and reads it again after', async () => {
    const cache = createSessionCache<ReturnType<typeof session>>({ ttlMs: 10_000, max: 10 });
    let reads = 0;
    const read = async () => ((reads += 1), session('s1'));
    expect(cache.get('h1', 0)).toBeUndefined();
    expect(await cache.load('h1', 0, read)).toEqual(session('s1'));
    expect(cache.get('h1', 9_999)).toEqual(session('s1'));
    expect(cache.get('h1', 10_000)).toBeUndefined();
    // A clock set back before the read does not make it fresh for longer.
    await cache.load('h1', 20_000, read);
    expect(cache.get('h1', 19_999)).toBeUndefined();
    expect(cache.get('h2', 5)).toBeUndefined();
    expect(reads).toBe(2);
  });

  it('never answers a session past its expiry, nor keeps a miss', async () => {
    const cache = createSessionCache<ReturnType<typeof session>>({ ttlMs: 10_000, max: 10 });
    await cache.load('h1', 0, async () => session('s1', 500));
    expect(cache.get('h1', 499)).toBeDefined();
    expect(cache.get('h1', 500)).toBeUndefined();
    expect(await cache.load('h2', 0, async () => undefined)).toBeUndefined();
    expect(cache.get('h2', 1)).toBeUndefined();
  });

  it('forgets revoked sessions, and does not keep a read that a revocation overtook', async () => {
    const cache = createSessionCache<ReturnType<typeof session>>({ ttlMs: 10_000, max: 10 });
    await cache.load('h1', 0, async () => session('s1'));
    await cache.load('h2', 0, async () => session('s2'));
    cache.forget(['s1']);
    expect(cache.get('h1', 1)).toBeUndefined();
    expect(cache.get('h2', 1)).toEqual(session('s2'));

    // The row was read before s3's revocation was heard: it is answered once, not kept.
    let answer!: (found: ReturnType<typeof session>) => void;
    const loading = cache.load('h3', 0, () => new Promise((resolve) => (answer = resolve)));
    cache.forget(['s3']);
    answer(session('s3'));
    expect(await loading).toEqual(session('s3'));
    expect(cache.get('h3', 1)).toBeUndefined();
  });

  it('keeps at most its number of sessions, dropping the longest kept', async () => {
    const cache = createSessionCache<ReturnType<typeof session>>({ ttlMs: 10_000, max: 2 });
    for (const n of [1, 2, 3]) await cache.load(`h${n}`, n, async () => session(`s${n}`));
    expect(cache.get('h1', 4)).toBeUndefined();
    expect(cache.get('h2', 4)).toBeDefined();
    expect(cache.get('h3', 4)).toBeDefined();
  });
});
