import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGE_TEXT_MAX_LENGTH,
  MESSAGES_PER_MINUTE,
  SendMessageSchema,
  type Message,
  type MessagePage,
} from '@motema/shared/chat';
import { blocks, conversations, messages } from '../../db/schema.ts';
import { createMemoryRateLimiter } from '../../lib/rate-limiter.ts';
import { MAX_SOCKET_PAYLOAD_BYTES } from '../../realtime/server.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import {
  chatSnapshot,
  expectChatUnchanged,
  giveAvatar,
  nextEvent,
  requestAs,
  send,
  sent,
  settle,
  startChat,
  textMessage,
  socketTestBed,
} from '../../test/chat-factories.ts';
import { createMember, newSession } from '../../test/factories.ts';
import { uploadChatFile, webmSample } from '../../test/chat-files-factories.ts';
import { storeMessage } from './chat-send.service.ts';
import { insertNextMessage } from './messages.repository.ts';

/** Bulk sends on a loaded machine (CI, parallel test files) get a long budget. */
const BULK_MS = 120_000;

describe('chats:messages:send (QUALITY C1)', () => {
  const bed = socketTestBed();
  const { socketOf } = bed;
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });

  async function pair() {
    const a = await createMember(t);
    const b = await createMember(t, { firstName: 'Bolingo', lastName: null });
    const conversationId = await startChat(t, a, b);
    return { a, b, conversationId };
  }
  const storedIn = (conversationId: string) =>
    t.db.select().from(messages).where(eq(messages.conversationId, conversationId));

  it("stores the message, acks it after the commit with seq 1, and tells both members' other devices", async () => {
    const { a, b, conversationId } = await pair();
    const [sa, otherDeviceOfA, sb] = await Promise.all([socketOf(a), socketOf(a), socketOf(b)]);
    const echoes: unknown[] = [];
    sa.on('chats:messages:new', (echo) => echoes.push(echo));
    const toA = nextEvent(otherDeviceOfA, 'chats:messages:new');
    const toB = nextEvent(sb, 'chats:messages:new');
    const badge = nextEvent(sb, 'counters:update', (c) => c.messages === 1);
    const ack = await send(sa, textMessage(conversationId, '  Mbote!  '));
    expect(ack.ok).toBe(true);
    const message = (ack as { message: Message }).message;
    expect(message).toMatchObject({
      conversation: { _id: conversationId },
      seq: 1,
      text: 'Mbote!',
      sender: {
        _id: a.user.id,
        username: a.user.username,
        firstName: 'Amani',
        name: 'Amani Kabila',
        avatar: null,
      },
      files: [],
      replyTo: null,
      deliveredTo: [],
      readBy: [],
      important: false,
      unsent: false,
      editedAt: null,
    });
    const [stored] = await storedIn(conversationId);
    expect(stored).toMatchObject({ id: message._id, seq: 1, senderId: a.user.id, text: 'Mbote!' });
    expect(await toA).toEqual(message);
    expect(await toB).toEqual(message);
    expect(await badge).toEqual({ messages: 1, conversations: 1, notifications: 0 });
    // The sending socket has the message in its ack: no second copy travels to it.
    expect(echoes).toEqual([]);
    // Z2: nothing private of the sender travels with the message.
    expect(JSON.stringify(message)).not.toContain(a.user.email);
    expect(JSON.stringify(message)).not.toContain(a.user.dateOfBirth);
  });

  it("carries the sender's avatar slim (thumbnail only), the same in the ack, the echo and the history", async () => {
    const { a, b, conversationId } = await pair();
    const photoId = await giveAvatar(t.db, a);
    const [sa, sb] = await Promise.all([socketOf(a), socketOf(b)]);
    const toB = nextEvent(sb, 'chats:messages:new');
    // Twice: the second send takes the avatar from the message views' cache.
    const first = await sent(sa, textMessage(conversationId, 'one'));
    const second = await sent(sa, textMessage(conversationId, 'two'));
    const slim = { thumbnail: `/api/media/${photoId}/640.webp` };
    expect(first.sender.avatar).toEqual(slim);
    expect(second.sender.avatar).toEqual(slim);
    expect((await toB).sender.avatar).toEqual(slim);
    const history = await requestAs(t, a)('GET', `/api/conversations/${conversationId}/messages`);
    expect(history.json<MessagePage>().messages.map((message) => message.sender)).toEqual([
      first.sender,
      second.sender,
    ]);
  });

  it('stores the same message sent 5 times once and answers 5 identical acks', async () => {
    const { a, conversationId } = await pair();
    const socket = await socketOf(a);
    const payload = textMessage(conversationId, 'once only');
    const acks = await Promise.all(Array.from({ length: 5 }, () => send(socket, payload)));
    for (const ack of acks) expect(ack).toEqual(acks[0]);
    expect(acks[0]).toMatchObject({ ok: true, message: { seq: 1, clientId: payload.clientId } });
    const again = await send(socket, payload);
    expect(again).toEqual(acks[0]);
    expect(await storedIn(conversationId)).toHaveLength(1);
    // No sequence number was used by the retries.
    expect((await sent(socket, textMessage(conversationId, 'next'))).seq).toBe(2);
  });

  it('announces a retry to the recipient again: its first announce may never have gone out', async () => {
    const { a, b, conversationId } = await pair();
    const [sa, sb] = await Promise.all([socketOf(a), socketOf(b)]);
    const payload = textMessage(conversationId, 'committed, then the database went away');
    // Stored as a send whose commit went through while its answer and its events were lost.
    await storeMessage(
      { db: t.db, limiter: createMemoryRateLimiter() },
      a.user.id,
      SendMessageSchema.parse(payload),
    );
    const toB = nextEvent(sb, 'chats:messages:new');
    const ack = await send(sa, payload);
    expect(ack).toMatchObject({ ok: true, message: { seq: 1, clientId: payload.clientId } });
    expect(await toB).toMatchObject({ seq: 1, text: 'committed, then the database went away' });
    expect(await storedIn(conversationId)).toHaveLength(1);
  });

  it('stores once when 5 devices of the sender race with the same client id, consuming one seq', async () => {
    const { a, conversationId } = await pair();
    const sessions = await Promise.all(Array.from({ length: 4 }, () => newSession(t, a.user.id)));
    const sockets = await Promise.all([
      socketOf(a),
      ...sessions.map((session) => socketOf({ ...a, ...session })),
    ]);
    const payload = textMessage(conversationId, 'raced');
    const acks = await Promise.all(sockets.map((socket) => send(socket, payload)));
    const ids = new Set(acks.map((ack) => (ack.ok ? `${ack.message._id}:${ack.message.seq}` : ack.code)));
    expect([...ids]).toHaveLength(1);
    expect(acks[0]).toMatchObject({ ok: true, message: { seq: 1 } });
    expect(await storedIn(conversationId)).toHaveLength(1);
    expect((await sent(sockets[0]!, textMessage(conversationId, 'next'))).seq).toBe(2);
  });

  it(
    'numbers 400 concurrent messages of two senders 1..400 with no gap, each sender in order',
    async () => {
      const { a, b, conversationId } = await pair();
      const [sa, sb] = await Promise.all([socketOf(a), socketOf(b)]);
      const started = performance.now();
      const acks = await Promise.all([
        ...Array.from({ length: 200 }, (_, i) => sent(sa, textMessage(conversationId, `a${i}`), BULK_MS)),
        ...Array.from({ length: 200 }, (_, i) => sent(sb, textMessage(conversationId, `b${i}`), BULK_MS)),
      ]);
      const elapsed = performance.now() - started;
      console.info(`400 concurrent sends acknowledged in ${Math.round(elapsed)} ms`);
      expect(acks.map((m) => m.seq).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 400 }, (_, i) => i + 1),
      );
      const stored = (await storedIn(conversationId)).sort((x, y) => x.seq - y.seq);
      expect(stored.map((m) => m.seq)).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
      for (const [member, prefix] of [
        [a, 'a'],
        [b, 'b'],
      ] as const) {
        const texts = stored.filter((m) => m.senderId === member.user.id).map((m) => m.text);
        expect(texts).toEqual(Array.from({ length: 200 }, (_, i) => `${prefix}${i}`));
      }
    },
    BULK_MS,
  );

  it('quotes the message a reply answers, shortened', async () => {
    const { a, b, conversationId } = await pair();
    const [sa, sb] = await Promise.all([socketOf(a), socketOf(b)]);
    const long = 'Ndeko '.repeat(60).trim();
    const first = await sent(sa, textMessage(conversationId, long));
    const reply = await sent(sb, textMessage(conversationId, 'Eloko nini?', { replyTo: first._id }));
    expect(reply.replyTo).toMatchObject({
      _id: first._id,
      seq: 1,
      sender: { _id: a.user.id, firstName: 'Amani', name: 'Amani Kabila' },
      fileTypes: [],
      unsent: false,
    });
    expect(Array.from(reply.replyTo!.text!)).toHaveLength(160);
    expect(reply.replyTo!.text!.endsWith('…')).toBe(true);
    expect(long.startsWith(reply.replyTo!.text!.slice(0, -1))).toBe(true);
  });

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
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
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

  it("attaches uploaded files with the message, and a file that is not the sender's stores nothing", async () => {
    const { a, b, conversationId } = await pair();
    const sa = await socketOf(a);
    const note = await uploadChatFile(t, a.cookie, conversationId, webmSample(), 'voice');
    const message = await sent(sa, { ...textMessage(conversationId, 'Listen'), files: [note._id] });
    expect(message.files.map((file) => [file._id, file.type])).toEqual([[note._id, 'voice']]);
    expect(message.seq).toBe(1);

    const hers = await uploadChatFile(t, b.cookie, conversationId, webmSample(), 'voice');
    const before = await chatSnapshot(t.db);
    const refused = await send(sa, { ...textMessage(conversationId, 'Not mine'), files: [hers._id] });
    expect(refused).toEqual({ ok: false, code: 'chat_file_unavailable' });
    await expectChatUnchanged(t.db, before);
    // The refused attempt used no sequence number.
    expect((await sent(sa, textMessage(conversationId, 'Next'))).seq).toBe(2);
  });
});
