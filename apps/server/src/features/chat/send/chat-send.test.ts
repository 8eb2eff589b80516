import { beforeAll, describe, expect, it } from 'vitest';
import { SendMessageSchema, type Message, type MessagePage } from '@motema/shared/chat';
import { createMemoryRateLimiter } from '../../../lib/rate-limiter.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import {
  chatPair,
  chatSnapshot,
  expectChatUnchanged,
  giveAvatar,
  messagesIn,
  requestAs,
  send,
  sent,
  textMessage,
} from '../../../test/chat-factories.ts';
import { newSession } from '../../../test/factories.ts';
import { uploadChatFile, webmSample } from '../../../test/chat-files-factories.ts';
import { collect, nextEvent, socketTestBed } from '../../../test/socket-test-bed.ts';
import { storeMessage } from './chat-send.service.ts';

// Storing a send, acking it and telling the members; retries and races store once. Refusals are in
// chat-send-refusals.test.ts.

/** Bulk sends on a loaded machine (CI, parallel test files) get a long budget. */
const BULK_MS = 120_000;

describe('chats:messages:send (QUALITY C1)', () => {
  const bed = socketTestBed();
  const { socketOf } = bed;
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });

  const pair = () => chatPair(t);
  const storedIn = (conversationId: string) => messagesIn(t.db, conversationId);

  it("stores the message, acks it after the commit with seq 1, and tells both members' other devices", async () => {
    const { a, b, conversationId } = await pair();
    const [sa, otherDeviceOfA, sb] = await Promise.all([socketOf(a), socketOf(a), socketOf(b)]);
    const echoes = collect(sa, 'chats:messages:new');
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
        name: 'Amani',
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
    expect(await badge).toEqual({ messages: 1, conversations: 1 });
    // The sending socket has the message in its ack: no second copy travels to it.
    expect(echoes).toEqual([]);
    // Z2: nothing private of the sender travels with the message.
    expect(JSON.stringify(message)).not.toContain(a.user.email);
    expect(JSON.stringify(message)).not.toContain(a.user.dateOfBirth);
  });

  it("carries the sender's avatar slim (thumbnail only), the same in the ack, the echo and the history", async () => {
    const { a, b, conversationId } = await pair();
    const photoId = await giveAvatar(t, a);
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
      sender: { _id: a.user.id, firstName: 'Amani', name: 'Amani' },
      fileTypes: [],
      unsent: false,
    });
    expect(Array.from(reply.replyTo!.text!)).toHaveLength(160);
    expect(reply.replyTo!.text!.endsWith('…')).toBe(true);
    expect(long.startsWith(reply.replyTo!.text!.slice(0, -1))).toBe(true);
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
