import { beforeAll, describe, expect, it } from 'vitest';
import { LIVE_REACTIONS_PER_WINDOW } from './live-chat.service.ts';
import { livesOf } from './lives-runtime.ts';
import { markOnAir } from './lives.service.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { asMember, createMember, newSession, type Member } from '../../test/factories.ts';
import { buildMatch } from '../../test/discovery-factories.ts';
import { buildBlock } from '../../test/safety-factories.ts';
import {
  createLiveMember,
  join,
  liveRow,
  putOnAir,
  react,
  say,
  startLiveAs,
} from '../../test/live-factories.ts';
import { atLeast, collect, nextEvent, socketTestBed, within } from '../../test/socket-test-bed.ts';

/**
 * A live over real sockets: joining (a place in it, the count kept once per member whatever their
 * sockets), leaving, a removal for good, reactions (rate limited, nameless), its end heard by all.
 */
describe('a live’s sockets', () => {
  // Sockets a test opens close after it, then the app after the block (socket-test-bed.ts).
  const bed = socketTestBed();
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });

  async function socketOf(member: Member, cookie = member.cookie) {
    const socket = await bed.socketOf({ cookie: cookie });
    return socket;
  }

  async function onAir(audience: 'everyone' | 'matches' = 'everyone') {
    const host = await createLiveMember(t);
    const live = await startLiveAs(t, host, { audience });
    await putOnAir(t, live._id);
    return { host, liveId: live._id };
  }

  it('counts each member once whatever their sockets, not the broadcaster, and tells the room', async () => {
    const { host, liveId } = await onAir();
    const hostSocket = await socketOf(host);
    expect(await join(hostSocket, liveId)).toMatchObject({
      ok: true,
      live: { role: 'broadcaster', viewers: 0 },
    });
    const viewer = await createMember(t);
    const counts = collect(hostSocket, 'lives:viewers');
    const first = await socketOf(viewer);
    const joined = await join(first, liveId);
    expect(joined).toMatchObject({
      ok: true,
      live: { role: 'viewer', viewers: 1, playlist: `/api/lives/${liveId}/hls/master.m3u8` },
    });
    const second = await socketOf(viewer, (await newSession(t, viewer.user.id)).cookie);
    await join(second, liveId);
    expect((await liveRow(t, liveId)).viewers).toBe(1);
    // One socket leaves: still there; the last one goes: the count drops, and the room hears it.
    second.emit('lives:leave', { liveId });
    first.disconnect();
    await within(
      nextEvent(hostSocket, 'lives:viewers', (event) => event.viewers === 0),
      'the count back to 0',
    );
    expect(counts.map((event) => event.viewers)).toEqual([1, 0]);
    expect(await liveRow(t, liveId)).toMatchObject({ viewers: 0, peakViewers: 1 });
  });

  it('tells the room its count without a viewer who deleted their account', async () => {
    const { host, liveId } = await onAir();
    const hostSocket = await socketOf(host);
    await join(hostSocket, liveId);
    const viewer = await createMember(t);
    await join(await socketOf(viewer), liveId);
    expect((await liveRow(t, liveId)).viewers).toBe(1);
    const deleted = await asMember(t, viewer.cookie)('DELETE', '/api/users', { password: viewer.password });
    expect(deleted.statusCode).toBe(204);
    await within(
      nextEvent(hostSocket, 'lives:viewers', (event) => event.viewers === 0),
      'the count without the deleted viewer',
    );
    expect((await liveRow(t, liveId)).viewers).toBe(0);
  });

  it('refuses a join to a member with no place (404 live_not_found): not a match, a block either way', async () => {
    const { host, liveId } = await onAir('matches');
    const stranger = await createMember(t);
    expect(await join(await socketOf(stranger), liveId)).toEqual({ ok: false, code: 'live_not_found' });
    for (const direction of ['blocker', 'blocked'] as const) {
      const match = await createMember(t);
      await buildMatch(t, { members: [host, match] });
      await buildBlock(
        t,
        direction === 'blocker' ? { blocker: match, blocked: host } : { blocker: host, blocked: match },
      );
      expect(await join(await socketOf(match), liveId)).toEqual({ ok: false, code: 'live_not_found' });
    }
    const match = await createMember(t);
    await buildMatch(t, { members: [host, match] });
    expect(await join(await socketOf(match), liveId)).toMatchObject({ ok: true, live: { match: true } });
    expect(await join(await socketOf(match), 'not-an-id')).toEqual({ ok: false, code: 'validation_failed' });
  });

  it('a removed viewer’s sockets leave the room, hear lives:removed and may not come back', async () => {
    const { host, liveId } = await onAir();
    const [viewer, other] = [await createMember(t), await createMember(t)];
    const viewerSocket = await socketOf(viewer);
    const otherSocket = await socketOf(other);
    await join(viewerSocket, liveId);
    await join(otherSocket, liveId);
    const removed = nextEvent(viewerSocket, 'lives:removed');
    const res = await asMember(t, host.cookie)('DELETE', `/api/lives/${liveId}/viewers/${viewer.user.id}`);
    expect(res.statusCode).toBe(204);
    expect(await within(removed, 'lives:removed')).toEqual({ liveId });
    expect((await liveRow(t, liveId)).viewers).toBe(1);
    // The room's messages no longer reach them, and they cannot join again.
    const heard = collect(viewerSocket, 'lives:message');
    const shown = nextEvent(otherSocket, 'lives:message');
    await say(await socketOf(host), liveId, 'Welcome everyone');
    await within(shown, 'the message in the room');
    expect(heard).toEqual([]);
    expect(await join(viewerSocket, liveId)).toEqual({ ok: false, code: 'live_not_found' });
  });

  it('reactions reach the room without a name, LIVE_REACTIONS_PER_WINDOW at most (429 rate_limited)', async () => {
    const { host, liveId } = await onAir();
    const hostSocket = await socketOf(host);
    await join(hostSocket, liveId);
    const viewer = await createMember(t);
    const viewerSocket = await socketOf(viewer);
    await join(viewerSocket, liveId);
    const reactions = collect(hostSocket, 'lives:reaction');
    for (let i = 0; i < LIVE_REACTIONS_PER_WINDOW; i++)
      expect(await react(viewerSocket, liveId, 'fire')).toEqual({ ok: true });
    expect(await react(viewerSocket, liveId, 'fire')).toMatchObject({ ok: false, code: 'rate_limited' });
    expect(await react(viewerSocket, liveId, 'kiss')).toMatchObject({ ok: false, code: 'validation_failed' });
    await atLeast(reactions, LIVE_REACTIONS_PER_WINDOW);
    expect(reactions[0]).toEqual({ liveId, reaction: 'fire' });
    expect(JSON.stringify(reactions)).not.toContain(viewer.user.id);
    const stranger = await createMember(t);
    await buildBlock(t, { blocker: host, blocked: stranger });
    expect(await react(await socketOf(stranger), liveId)).toMatchObject({
      ok: false,
      code: 'live_not_found',
    });
  });

  it('the broadcaster’s end reaches every viewer (lives:ended) and their count is over', async () => {
    const { host, liveId } = await onAir();
    const viewerSocket = await socketOf(await createMember(t));
    await join(viewerSocket, liveId);
    const ended = nextEvent(viewerSocket, 'lives:ended');
    expect((await asMember(t, host.cookie)('POST', `/api/lives/${liveId}/end`)).statusCode).toBe(200);
    expect(await within(ended, 'lives:ended')).toEqual({ liveId, reason: 'broadcaster' });
    expect(await liveRow(t, liveId)).toMatchObject({ status: 'ended', viewers: 0 });
    expect(await join(viewerSocket, liveId)).toEqual({ ok: false, code: 'live_not_found' });
  });

  it('tells the room when it goes on air, and names the viewers to the broadcaster only', async () => {
    const host = await createLiveMember(t);
    const live = await startLiveAs(t, host);
    const viewer = await createMember(t, { firstName: 'Rachel', lastName: 'Secret' });
    const viewerSocket = await socketOf(viewer);
    expect(await join(viewerSocket, live._id)).toMatchObject({
      ok: true,
      live: { status: 'starting', playlist: null },
    });
    const onAir = nextEvent(viewerSocket, 'lives:on-air');
    await markOnAir(livesOf({ deps: t.app.deps } as never), live._id);
    expect(await within(onAir, 'lives:on-air')).toEqual({
      liveId: live._id,
      playlist: `/api/lives/${live._id}/hls/master.m3u8`,
    });
    expect((await liveRow(t, live._id)).onAirAt).not.toBeNull();
    await asMember(t, host.cookie)('PATCH', `/api/lives/${live._id}/viewers/${viewer.user.id}`, {
      muted: true,
    });
    const names = await asMember(t, host.cookie)('GET', `/api/lives/${live._id}/viewers`);
    expect(names.json()).toEqual({
      viewers: [
        {
          member: expect.objectContaining({ _id: viewer.user.id, name: 'Rachel' }),
          role: 'viewer',
          muted: true,
        },
      ],
    });
    expect(names.body).not.toContain('Secret');
    expect((await asMember(t, viewer.cookie)('GET', `/api/lives/${live._id}`)).json()).toMatchObject({
      muted: true,
      viewers: 1,
    });
  });
});
