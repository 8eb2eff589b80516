import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_TEXT_MAX_LENGTH, type Message, type MessagePage } from '@motema/shared/chat';
import { messages } from '../../../db/schema.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import {
  chatPair,
  chatSnapshot,
  expectChatUnchanged,
  requestAs,
  sent,
  textMessage,
} from '../../../test/chat-factories.ts';
import type { Member } from '../../../test/factories.ts';
import { collect, nextEvent, settle, socketTestBed } from '../../../test/socket-test-bed.ts';

describe('edit, unsend, reply, delete for me, important', () => {
  const bed = socketTestBed();
  const { socketOf } = bed;
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });
  async function setup() {
    const { a, b, conversationId } = await chatPair(t);
    const [sa, sb] = await Promise.all([socketOf(a), socketOf(b)]);
    const message = await sent(sa, textMessage(conversationId, 'Mbote'));
    return { a, b, sa, sb, conversationId, message };
  }
  async function thread(member: Member, conversationId: string, query = '') {
    const res = await requestAs(t, member)('GET', `/api/conversations/${conversationId}/messages${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as MessagePage).messages;
  }
  const stored = async (id: string) => (await t.db.select().from(messages).where(eq(messages.id, id)))[0]!;

  it('edits the own message and shows both members the edit', async () => {
    const { a, b, sb, conversationId, message } = await setup();
    const seen = nextEvent(sb, 'chats:messages:update');
    const res = await requestAs(t, a)('PATCH', `/api/messages/${message._id}`, { text: ' Mbote na yo ' });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json().message as Message;
    expect(edited).toMatchObject({
      _id: message._id,
      seq: 1,
      text: 'Mbote na yo',
      editedAt: expect.any(String),
    });
    expect(await seen).toEqual(edited);
    expect((await thread(b, conversationId))[0]).toEqual(edited);
    expect((await stored(message._id)).editedAt).toBeInstanceOf(Date);
  });

  it("refuses to edit someone else's, an unsent or an empty or too long text, changing nothing", async () => {
    const { a, b, sb, conversationId, message } = await setup();
    const theirs = await sent(sb, textMessage(conversationId, 'Na yo'));
    const unsent = await sent(await socketOf(a), textMessage(conversationId, 'oops'));
    expect((await requestAs(t, a)('POST', `/api/messages/${unsent._id}/unsend`)).statusCode).toBe(200);
    const before = await chatSnapshot(t.db);
    const cases: [string, object, number, string][] = [
      [theirs._id, { text: 'mine now' }, 400, 'message_not_editable'],
      [unsent._id, { text: 'back' }, 400, 'message_not_editable'],
      [message._id, { text: '   ' }, 400, 'validation_failed'],
      [message._id, { text: 'x'.repeat(MESSAGE_TEXT_MAX_LENGTH + 1) }, 400, 'validation_failed'],
      [message._id, { text: 42 }, 400, 'validation_failed'],
      [randomUUID(), { text: 'ghost' }, 404, 'message_not_found'],
    ];
    for (const [id, body, status, code] of cases) {
      const res = await requestAs(t, a)('PATCH', `/api/messages/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().code).toBe(code);
    }
    const notMine = await requestAs(t, b)('POST', `/api/messages/${message._id}/unsend`);
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().code).toBe('message_not_editable');
    await expectChatUnchanged(t.db, before);
  });

  it('unsends for both: the other side sees "removed", the quote too, and the unread count drops', async () => {
    const { a, b, sa, sb, conversationId, message } = await setup();
    const reply = await sent(sb, textMessage(conversationId, 'Eloko nini?', { replyTo: message._id }));
    await sent(sa, textMessage(conversationId, 'second'));
    const badge = nextEvent(sb, 'counters:update', (c) => c.messages === 1);
    const seen = nextEvent(sb, 'chats:messages:update');
    const res = await requestAs(t, a)('POST', `/api/messages/${message._id}/unsend`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatchObject({
      _id: message._id,
      seq: 1,
      unsent: true,
      text: null,
      files: [],
    });
    expect(await seen).toMatchObject({ _id: message._id, unsent: true, text: null });
    expect(await badge).toMatchObject({ messages: 1, conversations: 1 });
    const theirs = await thread(b, conversationId);
    expect(theirs.map((m) => [m.seq, m.unsent, m.text])).toEqual([
      [1, true, null],
      [2, false, 'Eloko nini?'],
      [3, false, 'second'],
    ]);
    expect(theirs.find((m) => m._id === reply._id)!.replyTo).toMatchObject({ unsent: true, text: null });
    expect(await stored(message._id)).toMatchObject({ text: null, unsentAt: expect.any(Date) });
    // Again: nothing changes, no event.
    const again = collect(sb, 'chats:messages:update');
    expect((await requestAs(t, a)('POST', `/api/messages/${message._id}/unsend`)).statusCode).toBe(200);
    await settle();
    expect(again).toEqual([]);
  });

  it('deletes for me only: hidden from my pages and devices, kept for the other member', async () => {
    const { a, b, sa, sb, conversationId, message } = await setup();
    const hiddenEvents = collect(sa, 'chats:messages:hidden');
    const otherHidden = collect(sb, 'chats:messages:hidden');
    const badge = nextEvent(sb, 'counters:update', (c) => c.messages === 0);
    const res = await requestAs(t, b)('DELETE', `/api/messages/${message._id}`);
    expect(res.statusCode).toBe(204);
    expect(await badge).toMatchObject({ messages: 0 });
    expect(await thread(b, conversationId)).toEqual([]);
    expect((await thread(a, conversationId)).map((m) => m._id)).toEqual([message._id]);
    const again = await requestAs(t, b)('DELETE', `/api/messages/${message._id}`);
    expect(again.statusCode).toBe(204);
    await settle();
    expect(otherHidden).toEqual([{ conversationId, messageId: message._id }]);
    expect(hiddenEvents).toEqual([]);
    // An edit of the sender does not bring it back to the screens of the member who hid it.
    const updates = collect(sb, 'chats:messages:update');
    const edit = await requestAs(t, a)('PATCH', `/api/messages/${message._id}`, { text: 'edited' });
    expect(edit.statusCode).toBe(200);
    await settle();
    expect(updates).toEqual([]);
    expect(await thread(b, conversationId)).toEqual([]);
    // A hidden message cannot be starred by the member who hid it.
    const star = await requestAs(t, b)('PUT', `/api/messages/${message._id}/important`, { important: true });
    expect(star.statusCode).toBe(404);
  });

  it('stars a message for the member only, on their devices, with the important filter', async () => {
    const { a, b, sa, sb, conversationId, message } = await setup();
    const second = await sent(sa, textMessage(conversationId, 'two'));
    const mine = nextEvent(sb, 'chats:messages:update');
    const theirs = collect(sa, 'chats:messages:update');
    const res = await requestAs(t, b)('PUT', `/api/messages/${second._id}/important`, { important: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatchObject({ _id: second._id, important: true });
    expect(await mine).toMatchObject({ _id: second._id, important: true });
    const starred = await thread(b, conversationId, '?important=true');
    expect(starred.map((m) => m._id)).toEqual([second._id]);
    expect(await thread(a, conversationId, '?important=true')).toEqual([]);
    expect((await thread(a, conversationId)).every((m) => !m.important)).toBe(true);
    const off = await requestAs(t, b)('PUT', `/api/messages/${second._id}/important`, { important: false });
    expect(off.json().message.important).toBe(false);
    expect(await thread(b, conversationId, '?important=true')).toEqual([]);
    await settle();
    expect(theirs).toEqual([]);
    const before = await chatSnapshot(t.db);
    const bad = await requestAs(t, b)('PUT', `/api/messages/${message._id}/important`, { important: 'yes' });
    expect(bad.statusCode).toBe(400);
    await expectChatUnchanged(t.db, before);
  });
});
