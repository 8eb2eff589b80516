import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MessagePage } from '@motema/shared/chat';
import type { AppEvents } from '../../../app-events.ts';
import { conversations, users } from '../../../db/schema.ts';
import { clock } from '../../../lib/clock.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import {
  chatPair,
  chatSnapshot,
  expectChatUnchanged,
  requestAs,
  send,
  sent,
  textMessage,
} from '../../../test/chat-factories.ts';
import type { Member } from '../../../test/factories.ts';
import { nextEvent, socketTestBed } from '../../../test/socket-test-bed.ts';

// The scam shield on the send path (docs/scam-shield.md): the banner's data on the recipient's copy
// only, strangers and first days only, review before you send, a moderator's required verification.

const SCAM = 'Send me 50 dollars on Orange Money please';

describe('the scam shield on chats:messages:send', () => {
  const bed = socketTestBed();
  const { socketOf } = bed;
  let t: TestApp;
  const flagged: AppEvents['chat.message.flagged'][] = [];
  beforeAll(() => {
    t = bed.t;
    t.app.deps.events.on('chat.message.flagged', async (payload) => void flagged.push(payload));
  });

  const historyOf = async (member: Member, conversationId: string) =>
    (await requestAs(t, member)('GET', `/api/conversations/${conversationId}/messages`)).json<MessagePage>()
      .messages;

  it("flags a stranger's scam for its recipient only, and tells moderation", async () => {
    const { a, b, conversationId } = await chatPair(t);
    const [sa, sb, sa2] = await Promise.all([socketOf(a), socketOf(b), socketOf(a)]);
    const toB = nextEvent(sb, 'chats:messages:new');
    const toOtherDeviceOfA = nextEvent(sa2, 'chats:messages:new');
    const ack = await sent(sa, textMessage(conversationId, SCAM, { confirmed: true }));
    const families = ['money_request', 'mobile_money'];
    expect(ack.shield).toBeUndefined();
    expect((await toOtherDeviceOfA).shield).toBeUndefined();
    expect((await toB).shield).toEqual({ families });
    expect((await historyOf(b, conversationId))[0]!.shield).toEqual({ families });
    expect((await historyOf(a, conversationId))[0]!.shield).toBeUndefined();
    expect(flagged).toContainEqual({ senderId: a.user.id, messageId: ack._id, families });
  });

  it('checks the first days of a conversation, and leaves an older one between acquaintances alone', async () => {
    const { a, b, conversationId } = await chatPair(t);
    const [sa, sb] = await Promise.all([socketOf(a), socketOf(b)]);
    await sent(sb, textMessage(conversationId, 'Mbote! How are you?'));
    // b has written: a is no stranger, but the conversation is a day old.
    const early = await sent(sa, textMessage(conversationId, SCAM));
    expect((await historyOf(b, conversationId)).find((m) => m._id === early._id)!.shield).toEqual({
      families: ['money_request', 'mobile_money'],
    });
    const fourDaysAgo = new Date(clock.now().getTime() - 4 * 24 * 60 * 60 * 1000);
    await t.db
      .update(conversations)
      .set({ createdAt: fourDaysAgo })
      .where(eq(conversations.id, conversationId));
    const late = await sent(sa, textMessage(conversationId, SCAM));
    expect((await historyOf(b, conversationId)).find((m) => m._id === late._id)!.shield).toBeUndefined();
    expect(flagged.map((f) => f.messageId)).not.toContain(late._id);
  });

  it('asks the sender to review their phone number or money before a first message, then sends it', async () => {
    const { a, b, conversationId } = await chatPair(t);
    const sa = await socketOf(a);
    const before = await chatSnapshot(t.db);
    for (const text of ['Call me on 0812345678', 'I can send you airtime'])
      expect(await send(sa, textMessage(conversationId, text))).toEqual({
        ok: false,
        code: 'review_before_send',
      });
    await expectChatUnchanged(t.db, before);
    const payload = textMessage(conversationId, 'Call me on 0812345678', { confirmed: true });
    expect(await sent(sa, payload)).toMatchObject({ text: 'Call me on 0812345678' });
    // Once b has answered, nothing to review.
    const sb = await socketOf(b);
    await sent(sb, textMessage(conversationId, 'Sure'));
    expect(await sent(sa, textMessage(conversationId, 'My other line: 0998765432'))).toMatchObject({
      seq: 3,
    });
  });

  it('refuses every message of a member asked to verify, storing nothing', async () => {
    const { a, b, conversationId } = await chatPair(t);
    const [sa, sb] = await Promise.all([socketOf(a), socketOf(b)]);
    await sent(sb, textMessage(conversationId, 'Hello'));
    await t.db.update(users).set({ verificationRequired: true }).where(eq(users.id, a.user.id));
    const before = await chatSnapshot(t.db);
    expect(await send(sa, textMessage(conversationId, 'Hello back'))).toEqual({
      ok: false,
      code: 'verification_required',
    });
    await expectChatUnchanged(t.db, before);
  });
});
