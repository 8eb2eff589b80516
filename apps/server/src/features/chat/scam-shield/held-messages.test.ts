import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HeldMessageList } from '@motema/shared/held-messages';
import { heldMessages, users } from '../../../db/schema.ts';
import { clock } from '../../../lib/clock.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import {
  chatPair,
  chatSnapshot,
  ESTABLISHED,
  expectChatUnchanged,
  messagesIn,
  requestAs,
  send,
  sent,
  textMessage,
} from '../../../test/chat-factories.ts';
import { createMember, type Member } from '../../../test/factories.ts';
import { nextEvent, socketTestBed } from '../../../test/socket-test-bed.ts';

// A moderator's "restrict" in chat (docs/scam-shield.md): messages to strangers held for staff, who
// release (delivered then) or drop them; the queue is the console's, 404 to members. And the banner's
// "Report": a report naming a message, checked by the chat.

describe('held messages of restricted members', () => {
  const bed = socketTestBed();
  const { socketOf } = bed;
  let t: TestApp;
  let staff: Member;
  beforeAll(async () => {
    t = bed.t;
    staff = await createMember(t, { role: 'moderator', ...ESTABLISHED() });
  });

  async function restrictedPair() {
    const pair = await chatPair(t);
    const until = new Date(clock.now().getTime() + 7 * 24 * 60 * 60 * 1000);
    await t.db.update(users).set({ restrictedUntil: until }).where(eq(users.id, pair.a.user.id));
    return pair;
  }
  const listed = async () =>
    (await requestAs(t, staff)('GET', '/api/moderation/held-messages')).json<HeldMessageList>().heldMessages;
  const decide = (member: Member, id: string, decision: string) =>
    requestAs(t, member)('POST', `/api/moderation/held-messages/${id}`, { decision });

  it('holds a message to a stranger, then delivers it when staff release it', async () => {
    const { a, b, conversationId } = await restrictedPair();
    const [sa, sb] = await Promise.all([socketOf(a), socketOf(b)]);
    const before = await chatSnapshot(t.db);
    const payload = textMessage(conversationId, 'Send me airtime on M-Pesa', { confirmed: true });
    expect(await send(sa, payload)).toEqual({ ok: false, code: 'message_held' });
    // A retry is held once.
    expect(await send(sa, payload)).toEqual({ ok: false, code: 'message_held' });
    await expectChatUnchanged(t.db, before);
    const held = (await listed()).find((one) => one.conversation._id === conversationId)!;
    expect(held).toMatchObject({
      sender: { _id: a.user.id, username: a.user.username },
      recipient: { _id: b.user.id, username: b.user.username },
      text: 'Send me airtime on M-Pesa',
      files: 0,
      families: ['money_request', 'mobile_money'],
    });
    const toB = nextEvent(sb, 'chats:messages:new');
    expect((await decide(staff, held._id, 'release')).statusCode).toBe(204);
    expect(await toB).toMatchObject({ text: 'Send me airtime on M-Pesa', clientId: payload.clientId });
    expect((await toB).shield).toEqual({ families: ['money_request', 'mobile_money'] });
    expect(await messagesIn(t.db, conversationId)).toHaveLength(1);
    expect((await decide(staff, held._id, 'release')).statusCode).toBe(404);
    expect(await messagesIn(t.db, conversationId)).toHaveLength(1);
  });

  it('drops a held message: nothing delivered, gone from the queue', async () => {
    const { a, conversationId } = await restrictedPair();
    await send(await socketOf(a), textMessage(conversationId, 'hello there'));
    const [held] = await t.db
      .select()
      .from(heldMessages)
      .where(eq(heldMessages.conversationId, conversationId));
    expect((await decide(staff, held!.id, 'drop')).statusCode).toBe(204);
    expect(await messagesIn(t.db, conversationId)).toEqual([]);
    expect((await listed()).map((one) => one._id)).not.toContain(held!.id);
  });

  it('delivers a restricted member’s messages to members who answered them', async () => {
    const { a, b, conversationId } = await restrictedPair();
    await sent(await socketOf(b), textMessage(conversationId, 'hi'));
    expect(await sent(await socketOf(a), textMessage(conversationId, 'hi back'))).toMatchObject({ seq: 2 });
  });

  it('leaves a message a staff member sent out of their queue, and refuses them its decision', async () => {
    const { a, conversationId } = await restrictedPair();
    await t.db.update(users).set({ role: 'moderator' }).where(eq(users.id, a.user.id));
    await send(await socketOf(a), textMessage(conversationId, 'send me the code by mobile money'));
    const [held] = await t.db
      .select()
      .from(heldMessages)
      .where(eq(heldMessages.conversationId, conversationId));
    const own = await requestAs(t, a)('GET', '/api/moderation/held-messages');
    expect(own.json<HeldMessageList>().heldMessages.map((one) => one._id)).not.toContain(held!.id);
    const refused = await decide(a, held!.id, 'release');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('case_about_yourself');
    expect(await messagesIn(t.db, conversationId)).toEqual([]);
    // Another moderator still decides it.
    expect((await listed()).map((one) => one._id)).toContain(held!.id);
    expect((await decide(staff, held!.id, 'drop')).statusCode).toBe(204);
  });

  it('answers 404 to a member on both routes, changing nothing', async () => {
    const { a, conversationId } = await restrictedPair();
    await send(await socketOf(a), textMessage(conversationId, 'wait for me'));
    const [held] = await t.db
      .select()
      .from(heldMessages)
      .where(eq(heldMessages.conversationId, conversationId));
    const member = await createMember(t);
    expect((await requestAs(t, member)('GET', '/api/moderation/held-messages')).statusCode).toBe(404);
    expect((await decide(member, held!.id, 'release')).statusCode).toBe(404);
    expect((await decide(a, held!.id, 'release')).statusCode).toBe(404);
    expect(await messagesIn(t.db, conversationId)).toEqual([]);
    expect((await listed()).map((one) => one._id)).toContain(held!.id);
  });
});

describe('a report of a message (the banner’s Report)', () => {
  const bed = socketTestBed();
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });
  const report = (member: Member, body: object) =>
    requestAs(t, member)('POST', '/api/reports', {
      reason: 'scam_or_commercial',
      subReason: 'asks_for_money',
      ...body,
    });

  it('takes a message of the reported member from the reporter’s conversation, 404 for any other', async () => {
    const { a, b, conversationId } = await chatPair(t);
    const message = await sent(await bed.socketOf(a), textMessage(conversationId, 'hello', {}));
    const theirs = await sent(await bed.socketOf(b), textMessage(conversationId, 'hi'));
    const outsider = await createMember(t);
    for (const [reporter, body] of [
      [b, { user: a.user.id, message: theirs._id }],
      [outsider, { user: a.user.id, message: message._id }],
      [b, { user: a.user.id, message: randomUUID() }],
    ] as const) {
      const refused = await report(reporter, body);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'message_not_found' });
    }
    expect((await report(b, { user: a.user.id, message: message._id })).statusCode).toBe(201);
  });
});
