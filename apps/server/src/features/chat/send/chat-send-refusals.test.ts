import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_TEXT_MAX_LENGTH, MESSAGES_PER_MINUTE, SendMessageSchema } from '@motema/shared/chat';
import { blocks, conversations } from '../../../db/schema.ts';
import { createMemoryRateLimiter } from '../../../lib/rate-limiter.ts';
import { MAX_SOCKET_PAYLOAD_BYTES } from '../../../realtime/server.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import {
  chatPair,
  chatSnapshot,
  expectChatUnchanged,
  messagesIn,
  send,
  sent,
  textMessage,
} from '../../../test/chat-factories.ts';
import { createMember } from '../../../test/factories.ts';
import { disconnection, settle, socketTestBed } from '../../../test/socket-test-bed.ts';
import { storeMessage } from './chat-send.service.ts';
import { insertNextMessage } from './message-send.repository.ts';

// What a send refuses or survives, storing nothing: foreign quotes, non-members, bad payloads,
// oversized frames, the rate limit, a block that lands during the send.

describe('chats:messages:send (QUALITY C1)', () => {
  const bed = socketTestBed();
  const { socketOf } = bed;
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });

  const pair = () => chatPair(t);
  const storedIn = (conversationId: string) => messagesIn(t.db, conversationId);

  it('refuses a reply to a message of another conversation, storing nothing', async () => {
    const one = await pair();
    const two = await pair();
    const s1 = await socketOf(one.a);
    const s2 = await socketOf(two.a);
    const elsewhere = await sent(s2, textMessage(two.conversationId, 'elsewhere'));
    const before = await chatSnapshot(t.db);
    const ack = await send(s1, textMessage(one.conversationId, 'reply', { replyTo: elsewhere._id }));
    expect(ack).toEqual({ ok: false, code: 'message_not_found' });
    await expectChatUnchanged(t.db, before);
  });

  it("refuses a non-member's send with conversation_not_found and stores nothing", async () => {
    const { conversationId } = await pair();
    const stranger = await createMember(t);
    const socket = await socketOf(stranger);
    const before = await chatSnapshot(t.db);
    expect(await send(socket, textMessage(conversationId, 'let me in'))).toEqual({
      ok: false,
      code: 'conversation_not_found',
    });
    expect(await send(socket, textMessage(randomUUID(), 'nowhere'))).toEqual({
      ok: false,
      code: 'conversation_not_found',
    });
    await expectChatUnchanged(t.db, before);
  });

  it('refuses bad payloads with validation_failed and stores nothing', async () => {
    const { a, conversationId } = await pair();
    const socket = await socketOf(a);
    const before = await chatSnapshot(t.db);
    const bad: unknown[] = [
      textMessage(conversationId, 'x'.repeat(MESSAGE_TEXT_MAX_LENGTH + 1)),
      textMessage(conversationId, '   '),
      textMessage(conversationId, 'a NUL \u0000 character'),
      { clientId: randomUUID(), conversationId },
      { clientId: 'not-a-uuid', conversationId, text: 'hi' },
      { clientId: randomUUID(), conversationId: 'nope', text: 'hi' },
      textMessage(conversationId, 'hi', { replyTo: 'nope' }),
      textMessage(conversationId, 'hi', { files: Array.from({ length: 11 }, () => randomUUID()) }),
      { ...textMessage(conversationId, 'hi'), text: 42 },
      'hello',
      null,
      [1, 2, 3],
    ];
    for (const payload of bad) {
      expect(await send(socket, payload), JSON.stringify(payload)?.slice(0, 80)).toEqual({
        ok: false,
        code: 'validation_failed',
      });
    }
    // A message of exactly the limit goes through.
    await expectChatUnchanged(t.db, before);
    expect((await sent(socket, textMessage(conversationId, 'y'.repeat(MESSAGE_TEXT_MAX_LENGTH)))).seq).toBe(
      1,
    );
  });

  it('survives a send without an ack function and a payload over the socket limit (dropped)', async () => {
    const { a, conversationId } = await pair();
    const socket = await socketOf(a);
    const before = await chatSnapshot(t.db);
    socket.emit(
      'chats:messages:send',
      textMessage(conversationId, 'x'.repeat(10)) as never,
      undefined as never,
    );
    socket.emit('chats:messages:send', { junk: true } as never, undefined as never);
    await settle();
    // Without an ack the message is still stored (the client cannot learn it, but nothing breaks).
    const after = await chatSnapshot(t.db);
    expect(after.messages).toHaveLength(before.messages.length + 1);
    const dropped = disconnection(socket);
    socket.emit(
      'chats:messages:send',
      textMessage(conversationId, 'z'.repeat(MAX_SOCKET_PAYLOAD_BYTES + 1000)) as never,
      (() => undefined) as never,
    );
    expect(await dropped).toBeTruthy();
    await settle();
    await expectChatUnchanged(t.db, after);
    // The server is fine: a new socket sends again.
    const again = await socketOf(a);
    expect((await sent(again, textMessage(conversationId, 'still here'))).seq).toBe(2);
  });

  it(`refuses the ${MESSAGES_PER_MINUTE + 1}th new message of a minute, but still answers retries`, async () => {
    const { a, conversationId } = await pair();
    const limiter = createMemoryRateLimiter();
    const deps = { db: t.db, limiter };
    const first = SendMessageSchema.parse(textMessage(conversationId, 'm0'));
    await storeMessage(deps, a.user.id, first);
    for (let i = 1; i < MESSAGES_PER_MINUTE; i++) await limiter.consume(`messages:${a.user.id}`, 1e9, 60_000);
    const before = await chatSnapshot(t.db);
    const refused = storeMessage(deps, a.user.id, SendMessageSchema.parse(textMessage(conversationId, 'x')));
    await expect(refused).rejects.toMatchObject({ statusCode: 429, code: 'rate_limited' });
    await expectChatUnchanged(t.db, before);
    // A retry of the stored message is answered whatever the count.
    expect(await storeMessage(deps, a.user.id, first)).toMatchObject({ created: false });
  });

  it('stores nothing when a block came after the send read its context (the insert checks again)', async () => {
    const { a, b, conversationId } = await pair();
    await t.db.insert(blocks).values({ blockerId: b.user.id, blockedId: a.user.id });
    const inserted = await insertNextMessage(t.db, {
      conversationId,
      senderId: a.user.id,
      recipientId: b.user.id,
      clientId: randomUUID(),
      text: 'Sent as the block landed',
      replyToId: null,
      createdAt: new Date(),
    });
    expect(inserted).toBeUndefined();
    expect(await storedIn(conversationId)).toEqual([]);
    const [conversation] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    expect(conversation?.lastSeq).toBe(0);
  });
});
