import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_PER_MINUTE } from '@motema/shared/chat';
import type { LiveMessageList } from '@motema/shared/lives';
import { liveMessages, users } from '../../db/schema.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { asMember, createMember, type Member } from '../../test/factories.ts';
import { buildBlock } from '../../test/safety-factories.ts';
import { createLiveMember, join, putOnAir, say, startLiveAs } from '../../test/live-factories.ts';
import { atLeast, collect, nextEvent, socketTestBed, within } from '../../test/socket-test-bed.ts';
import { livesOf } from './lives-runtime.ts';

const SCAM = 'Send me 50 dollars on Orange Money please';

/**
 * A live's chat: stored once per client id, the chat's limit, muted viewers refused, the scam
 * shield's and a restriction's held messages seen only by their sender, the broadcaster and the
 * live's moderators until one of the last two releases or drops them.
 */
describe('a live’s chat', () => {
  // Sockets a test opens close after it, then the app after the block (socket-test-bed.ts).
  const bed = socketTestBed();
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });

  async function watcher(liveId: string, member?: Member) {
    member ??= await createMember(t);
    const socket = await bed.socketOf({ cookie: member.cookie });
    expect(await join(socket, liveId)).toMatchObject({ ok: true });
    return { member, socket };
  }

  async function room() {
    const host = await createLiveMember(t);
    const live = await startLiveAs(t, host);
    await putOnAir(t, live._id);
    const liveId = live._id;
    return { liveId, host: await watcher(liveId, host), a: await watcher(liveId), b: await watcher(liveId) };
  }

  const messagesOf = async (member: Member, liveId: string) =>
    (await asMember(t, member.cookie)('GET', `/api/lives/${liveId}/messages`)).json<LiveMessageList>()
      .messages;

  it('shows a message to the room, stored once per client id (a retry answers the same one)', async () => {
    const { liveId, a, b } = await room();
    const toB = nextEvent(b.socket, 'lives:message');
    const first = await say(a.socket, liveId, 'Mbote!', 'client-1');
    const again = await say(a.socket, liveId, 'Mbote!', 'client-1');
    expect(first).toMatchObject({
      ok: true,
      message: { text: 'Mbote!', status: 'shown', sender: { _id: a.member.user.id } },
    });
    expect(again).toEqual(first);
    expect((await within(toB, 'the message')).text).toBe('Mbote!');
    expect(await t.db.select().from(liveMessages).where(eq(liveMessages.liveId, liveId))).toHaveLength(1);
    expect((await messagesOf(b.member, liveId)).map((m) => m.text)).toEqual(['Mbote!']);
    expect(await say(a.socket, liveId, '')).toMatchObject({ ok: false, code: 'validation_failed' });
  });

  it('holds what the scam shield flags and a restricted member’s messages: never to other viewers', async () => {
    const { liveId, host, a, b } = await room();
    const restricted = await watcher(liveId);
    await t.db
      .update(users)
      .set({ restrictedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, restricted.member.user.id));
    const toB = collect(b.socket, 'lives:message');
    const toHost = collect(host.socket, 'lives:message');
    expect(await say(a.socket, liveId, SCAM)).toMatchObject({ ok: true, message: { status: 'held' } });
    expect(await say(restricted.socket, liveId, 'Hello all')).toMatchObject({
      ok: true,
      message: { status: 'held' },
    });
    await atLeast(toHost, 2);
    // A shown message after them reaches b: the held ones never did.
    await say(host.socket, liveId, 'Welcome');
    await atLeast(toB, 1);
    expect(toB.map((m) => m.text)).toEqual(['Welcome']);
    expect((await messagesOf(b.member, liveId)).map((m) => m.text)).toEqual(['Welcome']);
    expect((await messagesOf(a.member, liveId)).map((m) => m.text)).toEqual([SCAM, 'Welcome']);
    expect((await messagesOf(host.member, liveId)).map((m) => m.status)).toEqual(['held', 'held', 'shown']);
    const [row] = await t.db.select().from(liveMessages).where(eq(liveMessages.text, SCAM));
    expect(row!.families.length).toBeGreaterThan(0);
  });

  it('a live moderator releases a held message to the room; the broadcaster drops one', async () => {
    const { liveId, host, a, b } = await room();
    const moderator = await watcher(liveId);
    await asMember(t, host.member.cookie)(
      'PATCH',
      `/api/lives/${liveId}/viewers/${moderator.member.user.id}`,
      { role: 'moderator' },
    );
    const heldByA = await say(a.socket, liveId, SCAM);
    const second = await say(a.socket, liveId, `${SCAM} now`);
    if (!heldByA.ok || !second.ok) throw new Error('not stored');
    const released = nextEvent(b.socket, 'lives:message', (m) => m._id === heldByA.message._id);
    const res = await asMember(t, moderator.member.cookie)(
      'POST',
      `/api/lives/${liveId}/messages/${heldByA.message._id}/release`,
    );
    expect(res.statusCode).toBe(200);
    expect((await within(released, 'the released message')).status).toBe('shown');
    const removed = nextEvent(b.socket, 'lives:message:removed');
    const drop = await asMember(t, host.member.cookie)(
      'DELETE',
      `/api/lives/${liveId}/messages/${second.message._id}`,
    );
    expect(drop.statusCode).toBe(204);
    expect(await within(removed, 'the removal')).toEqual({ liveId, messageId: second.message._id });
    expect((await messagesOf(host.member, liveId)).map((m) => m.text)).toEqual([SCAM]);
    // Releasing again, or a plain viewer releasing: refused, nothing changed.
    expect(
      (
        await asMember(t, host.member.cookie)(
          'POST',
          `/api/lives/${liveId}/messages/${second.message._id}/release`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await asMember(t, b.member.cookie)(
          'POST',
          `/api/lives/${liveId}/messages/${heldByA.message._id}/release`,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('refuses a muted viewer (403 live_muted) and one over the chat’s limit (429), storing nothing', async () => {
    const { liveId, host, a, b } = await room();
    const you = nextEvent(a.socket, 'lives:you');
    await asMember(t, host.member.cookie)('PATCH', `/api/lives/${liveId}/viewers/${a.member.user.id}`, {
      muted: true,
    });
    expect(await within(you, 'lives:you')).toEqual({ liveId, role: 'viewer', muted: true });
    expect(await say(a.socket, liveId, 'Hello')).toEqual({ ok: false, code: 'live_muted' });
    const { limiter } = livesOf({ deps: t.app.deps } as never);
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++)
      await limiter.consume(`messages:${b.member.user.id}`, 1e9, 60_000);
    expect(await say(b.socket, liveId, 'Hello')).toMatchObject({ ok: false, code: 'rate_limited' });
    expect(await t.db.select().from(liveMessages).where(eq(liveMessages.liveId, liveId))).toEqual([]);
  });

  it('a shown message does not reach a viewer with a block with its sender', async () => {
    const { liveId, a, b } = await room();
    const c = await watcher(liveId);
    await buildBlock(t, { blocker: b.member, blocked: a.member });
    const toB = collect(b.socket, 'lives:message');
    const toC = nextEvent(c.socket, 'lives:message');
    await say(a.socket, liveId, 'Only some see this');
    await within(toC, 'the message');
    await say(c.socket, liveId, 'Seen by all');
    await atLeast(toB, 1);
    expect(toB.map((m) => m.text)).toEqual(['Seen by all']);
    expect((await messagesOf(b.member, liveId)).map((m) => m.text)).toEqual(['Seen by all']);
  });
});
