import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_MAX_MINUTES, LIVE_MIN_ACCOUNT_DAYS } from '@motema/shared/lives';
import { eq } from 'drizzle-orm';
import { lives } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { asMember, createMember } from '../../test/factories.ts';
import { createLiveMember, liveRow, startLiveAs } from '../../test/live-factories.ts';
import { sweepLives } from './lives.service.ts';
import { livesOf } from './lives-runtime.ts';

/** Going live, once at a time, from an account old enough; its end by the broadcaster; the sweep. */
describe('a live’s start and end', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('starts a live (201) with its renditions, `starting` and no playlist until on air', async () => {
    const host = await createLiveMember(t);
    const live = await startLiveAs(t, host, { audience: 'matches', title: 'Mbote!' });
    expect(live).toMatchObject({
      title: 'Mbote!',
      audience: 'matches',
      audioOnly: false,
      status: 'starting',
      role: 'broadcaster',
      viewers: 0,
      renditions: ['360p', '240p', 'audio'],
      playlist: null,
      endReason: null,
    });
    const audio = await startLiveAs(t, await createLiveMember(t), { audience: 'everyone', audioOnly: true });
    expect(audio.renditions).toEqual(['audio']);
    expect((await liveRow(t, live._id)).node).toBeTruthy();
  });

  it('refuses an account younger than LIVE_MIN_ACCOUNT_DAYS (403 live_account_too_new), storing nothing', async () => {
    const newcomer = await createMember(t);
    const res = await asMember(t, newcomer.cookie)('POST', '/api/lives', { audience: 'everyone' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('live_account_too_new');
    expect(await t.db.select().from(lives).where(eq(lives.broadcasterId, newcomer.user.id))).toEqual([]);
    // The list says from when, before the member fills the form or opens the camera.
    const list = await asMember(t, newcomer.cookie)('GET', '/api/lives');
    const from = Date.parse(list.json().goLiveFrom);
    const created = newcomer.user.createdAt.getTime();
    expect(from - created).toBe(LIVE_MIN_ACCOUNT_DAYS * 24 * 60 * 60 * 1000);
    const host = await createLiveMember(t);
    expect((await asMember(t, host.cookie)('GET', '/api/lives')).json().goLiveFrom).toBeNull();
  });

  it('refuses a second live while one is not ended (409 live_already_on), and bad input (400)', async () => {
    const host = await createLiveMember(t);
    await startLiveAs(t, host);
    const again = await asMember(t, host.cookie)('POST', '/api/lives', { audience: 'everyone' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('live_already_on');
    const other = await createLiveMember(t);
    for (const body of [
      {},
      { audience: 'friends' },
      { audience: 'everyone', title: 'x'.repeat(81) },
      { audience: 'everyone', role: 'admin' },
    ]) {
      const res = await asMember(t, other.cookie)('POST', '/api/lives', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await t.db.select().from(lives).where(eq(lives.broadcasterId, other.user.id))).toEqual([]);
  });

  it('the broadcaster ends it (`broadcaster`); then it is gone (404) and a new one may start', async () => {
    const host = await createLiveMember(t);
    const live = await startLiveAs(t, host);
    const res = await asMember(t, host.cookie)('POST', `/api/lives/${live._id}/end`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ended', endReason: 'broadcaster', playlist: null });
    expect((await liveRow(t, live._id)).endedAt).not.toBeNull();
    expect((await asMember(t, host.cookie)('GET', `/api/lives/${live._id}`)).statusCode).toBe(404);
    expect((await asMember(t, host.cookie)('POST', `/api/lives/${live._id}/end`)).statusCode).toBe(404);
    await startLiveAs(t, host);
  });

  it('the sweep ends a live past LIVE_MAX_MINUTES and one stalled while starting, not a fresh one', async () => {
    const [long, stalled, fresh] = [
      await createLiveMember(t),
      await createLiveMember(t),
      await createLiveMember(t),
    ];
    const longLive = await startLiveAs(t, long);
    const stalledLive = await startLiveAs(t, stalled);
    const freshLive = await startLiveAs(t, fresh);
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await t.db
      .update(lives)
      .set({ status: 'live', onAirAt: ago(LIVE_MAX_MINUTES + 1), startedAt: ago(LIVE_MAX_MINUTES + 1) })
      .where(eq(lives.id, longLive._id));
    await t.db
      .update(lives)
      .set({ startedAt: ago(5) })
      .where(eq(lives.id, stalledLive._id));
    const context = { deps: t.app.deps } as never; // the app's own, made when its routes were
    await sweepLives(livesOf(context));
    expect(await liveRow(t, longLive._id)).toMatchObject({ status: 'ended', endReason: 'broadcaster' });
    expect(await liveRow(t, stalledLive._id)).toMatchObject({ status: 'ended', endReason: 'interrupted' });
    expect((await liveRow(t, freshLive._id)).status).toBe('starting');
  });

  it('the sweep ends as `interrupted` a live this node holds but its encoder does not (a restart)', async () => {
    const host = await createLiveMember(t);
    const live = await startLiveAs(t, host);
    const deps = livesOf({ deps: t.app.deps } as never);
    await t.db
      .update(lives)
      .set({ status: 'live', startedAt: new Date(Date.now() - 60_000) })
      .where(eq(lives.id, live._id));
    expect(deps.media.active()).toContain(live._id);
    await sweepLives(deps);
    expect((await liveRow(t, live._id)).status).toBe('live');
    await deps.media.close(live._id, { keep: false });
    await sweepLives(deps);
    expect(await liveRow(t, live._id)).toMatchObject({ status: 'ended', endReason: 'interrupted' });
  });
});
