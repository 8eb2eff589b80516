import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresenceListener } from '../../realtime/server.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember, findUser } from '../../test/factories.ts';
import { registerPresence } from './presence.ts';

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
});
