import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MessagePage } from '@motema/shared/chat';
import { conversationMembers, users } from '../../../db/schema.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import {
  chatPair,
  chatSnapshot,
  expectChatUnchanged,
  requestAs,
  sent,
  textMessage,
} from '../../../test/chat-factories.ts';
import { createMember, findUser } from '../../../test/factories.ts';
import { collect, emitAck, nextEvent, settle, socketTestBed } from '../../../test/socket-test-bed.ts';

describe('receipts, typing and presence over real sockets', () => {
  const bed = socketTestBed();
  const { socketOf } = bed;
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });
  const watermarks = async (conversationId: string, userId: string) => {
    const [row] = await t.db
      .select()
      .from(conversationMembers)
      .where(
        and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
      );
    return { delivered: row!.deliveredSeq, read: row!.readSeq, unread: row!.unreadCount };
  };

  it('records deliver then read, tells the sender, never moves back, and is idempotent', async () => {
    const { a, b, conversationId } = await chatPair(t);
    const [sa, sb] = await Promise.all([socketOf(a), socketOf(b)]);
    for (let i = 1; i <= 3; i++) await sent(sa, textMessage(conversationId, `m${i}`));
    const receipts = collect(sa, 'chats:receipts');
    const ownReceipts = collect(sb, 'chats:receipts');

    expect(await emitAck(sb, 'chats:messages:deliver', { conversationId, seq: 2 })).toEqual({ ok: true });
    await expect.poll(() => receipts.length).toBe(1);
    expect(receipts[0]).toEqual({ conversationId, userId: b.user.id, deliveredSeq: 2, readSeq: 0 });
    expect(await watermarks(conversationId, b.user.id)).toEqual({ delivered: 2, read: 0, unread: 3 });

    // An older receipt and a repeated one change nothing and send nothing.
    expect(await emitAck(sb, 'chats:messages:deliver', { conversationId, seq: 1 })).toEqual({ ok: true });
    expect(await emitAck(sb, 'chats:messages:deliver', { conversationId, seq: 2 })).toEqual({ ok: true });

    // Read (beyond the last message: capped at it) also raises delivered; unread becomes 0.
    expect(await emitAck(sb, 'chats:messages:read', { conversationId, seq: 99 })).toEqual({ ok: true });
    await expect.poll(() => receipts.length).toBe(2);
    expect(receipts[1]).toEqual({ conversationId, userId: b.user.id, deliveredSeq: 3, readSeq: 3 });
    expect(await watermarks(conversationId, b.user.id)).toEqual({ delivered: 3, read: 3, unread: 0 });
    expect(await emitAck(sb, 'chats:messages:read', { conversationId, seq: 1 })).toEqual({ ok: true });
    expect(await emitAck(sb, 'chats:messages:deliver', { conversationId, seq: 1 })).toEqual({ ok: true });
    await settle();
    expect(receipts).toHaveLength(2);
    expect(ownReceipts).toHaveLength(2);
    expect(await watermarks(conversationId, b.user.id)).toEqual({ delivered: 3, read: 3, unread: 0 });

    // The sender's messages now say who got and read them.
    const res = await requestAs(t, a)('GET', `/api/conversations/${conversationId}/messages`);
    const page = res.json() as MessagePage;
    for (const message of page.messages) {
      expect(message.deliveredTo).toEqual([{ user: b.user.id }]);
      expect(message.readBy).toEqual([{ user: b.user.id }]);
    }
  });

  it("refuses a non-member's receipts, typing and presence watch, changing nothing", async () => {
    const { a, b, conversationId } = await chatPair(t);
    const [sa, sb] = await Promise.all([socketOf(a), socketOf(b)]);
    await sent(sa, textMessage(conversationId, 'private'));
    const stranger = await createMember(t);
    const ss = await socketOf(stranger);
    const typing = collect(sa, 'chats:typing');
    const typingB = collect(sb, 'chats:typing');
    const before = await chatSnapshot(t.db);
    for (const event of ['chats:messages:deliver', 'chats:messages:read'] as const) {
      expect(await emitAck(ss, event, { conversationId, seq: 1 })).toEqual({
        ok: false,
        code: 'conversation_not_found',
      });
      expect(await emitAck(ss, event, { conversationId, seq: -1 })).toEqual({
        ok: false,
        code: 'validation_failed',
      });
      expect(await emitAck(ss, event, 'junk')).toEqual({ ok: false, code: 'validation_failed' });
    }
    ss.emit('chats:typing', { conversationId, typing: true });
    ss.emit('chats:typing', 'junk');
    expect(await emitAck(ss, 'users:presence:watch', { userId: a.user.id })).toEqual({
      ok: false,
      code: 'user_not_found',
    });
    expect(await emitAck(ss, 'users:presence:watch', { userId: 'nope' })).toEqual({
      ok: false,
      code: 'validation_failed',
    });
    // Events without an ack function break nothing.
    ss.emit('chats:messages:deliver', { conversationId, seq: 1 } as never);
    await settle();
    expect(typing).toEqual([]);
    expect(typingB).toEqual([]);
    await expectChatUnchanged(t.db, before);
    expect(await emitAck(sb, 'chats:messages:deliver', { conversationId, seq: 1 })).toEqual({ ok: true });
  });

  it('refuses presence watches over the limit with the seconds to wait (retryAfter, as Retry-After)', async () => {
    const { a, b } = await chatPair(t);
    const sa = await socketOf(a);
    const answers = [];
    for (let i = 0; i <= 120; i++)
      answers.push(await emitAck(sa, 'users:presence:watch', { userId: b.user.id }));
    expect(answers.slice(0, 120).every((answer) => (answer as { ok: boolean }).ok)).toBe(true);
    const refused = answers[120] as { ok: false; code: string; retryAfter: number };
    expect(refused).toEqual({ ok: false, code: 'rate_limited', retryAfter: expect.any(Number) });
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
  });

  it('relays typing to the other member only', async () => {
    const { a, b, conversationId } = await chatPair(t);
    const [sa, sb] = await Promise.all([socketOf(a), socketOf(b)]);
    const own = collect(sa, 'chats:typing');
    const seen = nextEvent(sb, 'chats:typing');
    sa.emit('chats:typing', { conversationId, typing: true });
    expect(await seen).toEqual({ conversationId, userId: a.user.id, typing: true });
    await settle(100);
    expect(own).toEqual([]);
  });

  it('lets a member watch the presence of someone they chat with, and tells them of changes', async () => {
    const { a, b } = await chatPair(t);
    const sa = await socketOf(a);
    const watched = await emitAck(sa, 'users:presence:watch', {
      userId: b.user.id,
    });
    // The lists' coarse activity, never a timestamp or a connected flag (the same as a list shows).
    expect(watched).toEqual({ ok: true, presence: { userId: b.user.id, activity: 'earlier' } });
    const online = nextEvent(sa, 'users:presence', (p) => p.userId === b.user.id && p.activity === 'online');
    const sb = await socketOf(b);
    expect(await online).toEqual({ userId: b.user.id, activity: 'online' });
    const offline = nextEvent(sa, 'users:presence', (p) => p.userId === b.user.id && p.activity !== 'online');
    sb.disconnect();
    expect(await offline).toEqual({ userId: b.user.id, activity: 'today' });
    // Asked again once the departure is stored: active today, still no time.
    await expect
      .poll(() => emitAck(sa, 'users:presence:watch', { userId: b.user.id }))
      .toEqual({ ok: true, presence: { userId: b.user.id, activity: 'today' } });
    sa.emit('users:presence:unwatch', { userId: b.user.id });
    await settle(100);
    const after = collect(sa, 'users:presence');
    await socketOf(b);
    await settle();
    expect(after).toEqual([]);
  });

  it('tells a watcher nothing of when a member in discreet mode comes and goes', async () => {
    const { a, b } = await chatPair(t);
    await t.db.update(users).set({ discreet: true }).where(eq(users.id, b.user.id));
    const sa = await socketOf(a);
    const heard = collect(sa, 'users:presence');
    const watch = () => emitAck(sa, 'users:presence:watch', { userId: b.user.id });
    expect(await watch()).toEqual({ ok: true, presence: { userId: b.user.id, activity: 'earlier' } });
    await socketOf(b);
    // Once their arrival is stored, still nothing heard, and the watch answer is the same.
    await expect.poll(async () => (await findUser(t.db, b.user.id))?.connected).toBe(true);
    expect(await watch()).toEqual({ ok: true, presence: { userId: b.user.id, activity: 'earlier' } });
    await settle(100);
    expect(heard).toEqual([]);
  });
});
