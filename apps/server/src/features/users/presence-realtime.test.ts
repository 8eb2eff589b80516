import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresenceListener } from '../../realtime/server.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember, findUser } from '../../test/factories.ts';
import { registerPresence } from './presence-realtime.ts';

describe('registerPresence', () => {
  let t: TestApp;
  let announce: PresenceListener;
  beforeAll(async () => {
    t = await buildTestApp();
    registerPresence({ onPresence: (listener) => void (announce = listener) }, t.db);
  });
  afterAll(() => t.close());

  it('applies bursts of comings and goings in order: the last one wins', async () => {
    // Unordered writes leave a stale `connected = true` in about 4 bursts of 10.
    for (let round = 0; round < 5; round++) {
      const { user } = await createMember(t);
      const announced = Array.from({ length: 30 }, (_, i) => announce(user.id, i % 2 === 0));
      await Promise.all([...announced, announce(user.id, false)]);
      const stored = await findUser(t.db, user.id);
      expect(stored?.connected).toBe(false);
      expect(stored?.lastActivity).toBeInstanceOf(Date);
    }
  });

  it('marks the member connected and active now', async () => {
    const { user } = await createMember(t);
    const before = Date.now();
    await announce(user.id, true);
    const stored = await findUser(t.db, user.id);
    expect(stored?.connected).toBe(true);
    expect(stored!.lastActivity!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('keeps going after a failed write', async () => {
    const { user } = await createMember(t);
    await expect(announce('not-a-uuid', true)).rejects.toThrow();
    await announce(user.id, true);
    expect((await findUser(t.db, user.id))?.connected).toBe(true);
  });

  it('writes a departure that met the database away once it is back (a restart)', async () => {
    const { user } = await createMember(t);
    await announce(user.id, true);
    let refusals = 3;
    // The database refuses the first writes as a restarting PostgreSQL does, then takes them.
    const restarting = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property === 'update' && refusals-- > 0) {
          return () => {
            throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    let announceDuringRestart: PresenceListener = async () => {};
    registerPresence({ onPresence: (listener) => void (announceDuringRestart = listener) }, restarting, {
      retryMs: 10,
    });
    await announceDuringRestart(user.id, false);
    expect(refusals).toBeLessThan(0);
    expect((await findUser(t.db, user.id))?.connected).toBe(false);
  });
});
