import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, ConversationList } from '@motema/shared/chat';
import { conversations, messages } from '../../../db/schema.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import {
  chatPair,
  chatSnapshot,
  expectChatUnchanged,
  requestAs,
  send,
  sent,
  startChat,
  textMessage,
} from '../../../test/chat-factories.ts';
import { createMember, type Member } from '../../../test/factories.ts';
import { collect, emitAck, nextEvent, settle, socketTestBed } from '../../../test/socket-test-bed.ts';

describe('conversations: start, list, blocks, access (Z1, Z3)', () => {
  const bed = socketTestBed();
  const { socketOf } = bed;
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });
  async function listOf(member: Member, query = ''): Promise<ConversationList> {
    const res = await requestAs(t, member)('GET', `/api/conversations${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('starts a conversation once, whoever starts it and however often', async () => {
    const a = await createMember(t);
    const b = await createMember(t, { firstName: 'Bolingo', lastName: null });
    const first = await requestAs(t, a)('POST', '/api/conversations', { user: b.user.id });
    expect(first.statusCode, first.body).toBe(200);
    const conversation = first.json().conversation as Conversation;
    expect(conversation).toMatchObject({
      member: {
        _id: b.user.id,
        username: b.user.username,
        firstName: 'Bolingo',
        name: 'Bolingo',
        avatar: null,
      },
      message: null,
      lastSeq: 0,
      unread: 0,
    });
    const again = await Promise.all([startChat(t, a, b), startChat(t, b, a), startChat(t, a, b)]);
    expect(new Set(again)).toEqual(new Set([conversation._id]));
    expect(
      await t.db.select().from(conversations).where(eq(conversations.id, conversation._id)),
    ).toHaveLength(1);
    const body = JSON.stringify(first.json());
    for (const secret of [b.user.email, b.user.dateOfBirth, 'passwordHash', 'latitude']) {
      expect(body).not.toContain(secret);
    }
  });

  it('refuses oneself, unknown, inactive and blocked members, storing nothing', async () => {
    const a = await createMember(t);
    const inactive = await createMember(t, { status: 'deactivated' });
    const blocker = await createMember(t);
    const blockRes = await requestAs(t, blocker)('POST', '/api/blocks', { user: a.user.id });
    expect(blockRes.statusCode).toBe(204);
    const before = await chatSnapshot(t.db);
    const cases: [unknown, number, string][] = [
      [a.user.id, 400, 'self_not_allowed'],
      [randomUUID(), 404, 'user_not_found'],
      [inactive.user.id, 404, 'user_not_found'],
      [blocker.user.id, 404, 'user_not_found'],
      ['not-a-uuid', 400, 'validation_failed'],
      [42, 400, 'validation_failed'],
    ];
    for (const [user, status, code] of cases) {
      const res = await requestAs(t, a)('POST', '/api/conversations', { user });
      expect(res.statusCode, String(user)).toBe(status);
      expect(res.json().code).toBe(code);
    }
    await expectChatUnchanged(t.db, before);
  });

  it('lists conversations newest activity first, with the last message and unread count', async () => {
    const me = await createMember(t);
    const [x, y, z] = await Promise.all([createMember(t), createMember(t), createMember(t)]);
    const withX = await startChat(t, me, x!);
    const withY = await startChat(t, me, y!);
    const withZ = await startChat(t, me, z!);
    const [sx, sy] = await Promise.all([socketOf(x!), socketOf(y!)]);
    await sent(sy, textMessage(withY, 'from y'));
    await sent(sx, textMessage(withX, 'from x 1'));
    await sent(sx, textMessage(withX, 'from x 2'));
    const list = await listOf(me);
    expect(list.count).toBe(3);
    expect(list.conversations.map((c) => c._id)).toEqual([withX, withY, withZ]);
    expect(list.conversations[0]).toMatchObject({
      message: { text: 'from x 2', seq: 2 },
      unread: 2,
      lastSeq: 2,
      member: { _id: x!.user.id, activity: 'online' },
    });
    // A partner's presence is the lists' bucket: no timestamp, no connected flag.
    expect(Object.keys(list.conversations[0]!.member)).not.toContain('lastActivity');
    expect(Object.keys(list.conversations[0]!.member)).not.toContain('connected');
    expect(list.conversations[2]!.message).toBeNull();
    const paged = await listOf(me, '?skip=1&limit=1');
    expect(paged.conversations.map((c) => c._id)).toEqual([withY]);
    expect(paged.count).toBe(3);
    const one = await requestAs(t, me)('GET', `/api/conversations/${withY}`);
    expect(one.json().conversation).toEqual(list.conversations[1]);
    for (const query of ['?limit=0', '?limit=101', '?skip=-1']) {
      expect((await requestAs(t, me)('GET', `/api/conversations${query}`)).statusCode, query).toBe(400);
    }
  });

  it('takes a blocked conversation away from both members and refuses writes with chat_blocked', async () => {
    const { a, b, conversationId } = await chatPair(t);
    const [sa, sb] = await Promise.all([socketOf(a), socketOf(b)]);
    const message = await sent(sa, textMessage(conversationId, 'before the block'));
    expect(await emitAck(sa, 'users:presence:watch', { userId: b.user.id })).toMatchObject({ ok: true });
    const presence = collect(sa, 'users:presence');
    const changedA = nextEvent(sa, 'chats:conversations:changed');
    const changedB = nextEvent(sb, 'chats:conversations:changed');
    const badgeB = nextEvent(sb, 'counters:update', (c) => c.messages === 0);
    expect((await requestAs(t, b)('POST', '/api/blocks', { user: a.user.id })).statusCode).toBe(204);
    expect(await changedA).toEqual({ conversationId });
    expect(await changedB).toEqual({ conversationId });
    expect(await badgeB).toMatchObject({ messages: 0, conversations: 0 });
    expect((await listOf(a)).conversations).toEqual([]);
    expect((await listOf(b)).count).toBe(0);

    const before = await chatSnapshot(t.db);
    for (const socket of [sa, sb]) {
      expect(await send(socket, textMessage(conversationId, 'after'))).toEqual({
        ok: false,
        code: 'chat_blocked',
      });
      expect(await emitAck(socket, 'chats:messages:read', { conversationId, seq: 1 })).toEqual({
        ok: false,
        code: 'chat_blocked',
      });
    }
    expect(await emitAck(sa, 'users:presence:watch', { userId: b.user.id })).toEqual({
      ok: false,
      code: 'user_not_found',
    });
    for (const [method, url, body] of [
      ['GET', `/api/conversations/${conversationId}`, undefined],
      ['GET', `/api/conversations/${conversationId}/messages`, undefined],
    ] as const) {
      const res = await requestAs(t, a)(method, url, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('conversation_not_found');
    }
    const edit = await requestAs(t, a)('PATCH', `/api/messages/${message._id}`, { text: 'changed' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().code).toBe('chat_blocked');
    await expectChatUnchanged(t.db, before);
    // The block also ended the watching of the other's presence (Z3).
    sb.disconnect();
    await socketOf(b);
    await settle();
    expect(presence).toEqual([]);

    // Unblocked: the conversation comes back with its history.
    expect((await requestAs(t, b)('DELETE', `/api/blocks/${a.user.id}`)).statusCode).toBe(204);
    expect((await listOf(a)).conversations.map((c) => c._id)).toEqual([conversationId]);
  });

  it("answers every chat route called with another member's id by 404, changing nothing (Z1)", async () => {
    const { a, conversationId } = await chatPair(t);
    const sa = await socketOf(a);
    const message = await sent(sa, textMessage(conversationId, 'ours'));
    const stranger = await createMember(t);
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(document.paths)
      .filter(([url]) => /^\/api\/(conversations|messages)\/\{id\}/.test(url))
      .flatMap(([url, operations]) =>
        Object.keys(operations).map((method) => ({ method: method.toUpperCase(), url })),
      );
    const bodies: Record<string, object> = {
      'PATCH /api/messages/{id}': { text: 'taken over' },
      'PUT /api/messages/{id}/important': { important: true },
      'PUT /api/messages/{id}/reaction': { emoji: '❤️' },
    };
    const walked: string[] = [];
    const before = await chatSnapshot(t.db);
    for (const route of routes) {
      // Routes of the files feature (another helper's) are walked by their own tests.
      if (route.url.includes('/files')) continue;
      const id = route.url.startsWith('/api/messages') ? message._id : conversationId;
      const key = `${route.method} ${route.url}`;
      const res = await requestAs(t, stranger)(
        route.method as 'GET',
        route.url.replace('{id}', id),
        bodies[key],
      );
      expect(res.statusCode, `${key} ${res.body}`).toBe(404);
      expect(['conversation_not_found', 'message_not_found']).toContain(res.json().code);
      walked.push(key);
    }
    await expectChatUnchanged(t.db, before);
    expect(walked).toEqual(
      expect.arrayContaining([
        'GET /api/conversations/{id}',
        'GET /api/conversations/{id}/messages',
        'PATCH /api/messages/{id}',
        'DELETE /api/messages/{id}',
        'POST /api/messages/{id}/unsend',
        'PUT /api/messages/{id}/important',
        'PUT /api/messages/{id}/reaction',
        'DELETE /api/messages/{id}/reaction',
      ]),
    );
  });

  it('removes the conversations of a deleted account for both members', async () => {
    const { a, b, conversationId } = await chatPair(t);
    const [sa, sb] = await Promise.all([socketOf(a), socketOf(b)]);
    await sent(sa, textMessage(conversationId, 'bye'));
    const changed = nextEvent(sb, 'chats:conversations:changed');
    const badge = nextEvent(sb, 'counters:update', (c) => c.messages === 0);
    const res = await requestAs(t, a)('DELETE', '/api/users', { password: a.password });
    expect(res.statusCode, res.body).toBe(204);
    expect(await changed).toEqual({ conversationId });
    expect(await badge).toMatchObject({ messages: 0, conversations: 0 });
    expect(await t.db.select().from(conversations).where(eq(conversations.id, conversationId))).toEqual([]);
    expect(await t.db.select().from(messages).where(eq(messages.conversationId, conversationId))).toEqual([]);
    expect((await listOf(b)).count).toBe(0);
  });
});
