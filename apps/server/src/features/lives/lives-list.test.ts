import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveList } from '@motema/shared/lives';
import { lives } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { asMember, type Member } from '../../test/factories.ts';
import {
  buildMatch,
  createProfile,
  KINSHASA,
  moved,
  type ProfileOptions,
} from '../../test/discovery-factories.ts';
import { buildBlock } from '../../test/safety-factories.ts';
import { addViewer, putOnAir, startLiveAs } from '../../test/live-factories.ts';

const DAY_MS = 86_400_000;

/**
 * GET /api/lives: the lives on air the member may watch, their matches' first, then those near
 * them (discovery's distance rules), then the most watched; none they have no place in, and a
 * broadcaster in discreet mode only to their matches.
 */
describe('the list of lives', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const broadcaster = (options: ProfileOptions = {}) =>
    createProfile(t, { createdAt: new Date(Date.now() - 30 * DAY_MS), ...options });

  async function onAir(host: Member, viewers = 0, audience: 'everyone' | 'matches' = 'everyone') {
    const live = await startLiveAs(t, host, { audience });
    await putOnAir(t, live._id);
    await t.db.update(lives).set({ viewers }).where(eq(lives.id, live._id));
    return live._id;
  }

  it('orders matches’, near, then most watched, and leaves out what the member may not watch', async () => {
    const viewer = await broadcaster({ matchDistance: 50 });
    const far = (km: number) => moved(KINSHASA, km);
    const match = await broadcaster({ position: far(1500) });
    const discreetMatch = await broadcaster({ position: far(1500), discreet: true });
    await buildMatch(t, { members: [viewer, match] });
    await buildMatch(t, { members: [viewer, discreetMatch] });
    const matchLive = await onAir(match, 0, 'matches');
    const discreetMatchLive = await onAir(discreetMatch, 1);
    const nearLive = await onAir(await broadcaster({ position: far(5) }), 1);
    const popularLive = await onAir(await broadcaster({ position: far(2000) }), 10);
    const quietLive = await onAir(await broadcaster({ position: far(2000) }), 2);

    const hidden = [
      await onAir(await broadcaster(), 50, 'matches'),
      await onAir(await broadcaster({ discreet: true }), 50),
      await startLiveAs(t, await broadcaster()).then((live) => live._id),
      await onAir(viewer),
    ];
    const blocker = await broadcaster();
    await buildBlock(t, { blocker, blocked: viewer });
    hidden.push(await onAir(blocker, 50));
    const blockedOne = await broadcaster();
    await buildBlock(t, { blocker: viewer, blocked: blockedOne });
    hidden.push(await onAir(blockedOne, 50));
    const removedFrom = await onAir(await broadcaster(), 50);
    await addViewer(t, removedFrom, viewer, { removedAt: new Date(), present: false });
    hidden.push(removedFrom);

    const res = await asMember(t, viewer.cookie)('GET', '/api/lives');
    expect(res.statusCode).toBe(200);
    const list = res.json<LiveList>().lives;
    const ids = list.map((live) => live._id);
    const shown = [matchLive, discreetMatchLive, nearLive, popularLive, quietLive];
    expect(ids.filter((id) => shown.includes(id))).toEqual([
      discreetMatchLive,
      matchLive,
      nearLive,
      popularLive,
      quietLive,
    ]);
    expect(ids.filter((id) => hidden.includes(id))).toEqual([]);
    expect(list.find((live) => live._id === matchLive)).toMatchObject({
      match: true,
      role: 'viewer',
      status: 'live',
    });
    expect(JSON.stringify(list)).not.toMatch(/latitude|longitude|node|peak|lastName|email/);
  });

  it('lists by matches and audience alone for a member who shared no position', async () => {
    const viewer = await broadcaster({ position: null });
    const match = await broadcaster();
    await buildMatch(t, { members: [viewer, match] });
    const matchLive = await onAir(match);
    const popularLive = await onAir(await broadcaster(), 30);

    const res = await asMember(t, viewer.cookie)('GET', '/api/lives');
    expect(res.statusCode).toBe(200);
    const ids = res.json<LiveList>().lives.map((live) => live._id);
    expect(ids.filter((id) => [matchLive, popularLive].includes(id))).toEqual([matchLive, popularLive]);
  });
});
