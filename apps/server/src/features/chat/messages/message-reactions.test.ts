import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Message, MessagePage } from '@motema/shared/chat';
import { blocks, messageReactions } from '../../../db/schema.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { chatPair, requestAs, sent, textMessage } from '../../../test/chat-factories.ts';
import { createMember, type Member } from '../../../test/factories.ts';
import { nextEvent, socketTestBed } from '../../../test/socket-test-bed.ts';

describe('reactions on messages', () => {
  const bed = socketTestBed();
  const { socketOf } = bed;
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });
  async function setup() {
    const { a, b, conversationId } = await chatPair(t);
    const [sa, sb] = await Promise.all([socketOf(a), socketOf(b)]);
    const message = await sent(sa, textMessage(conversationId, 'Tokutana lobi?'));
    return { a, b, sa, sb, conversationId, message };
  }
  const react = (member: Member, messageId: string, emoji: string | null) =>
    emoji === null
      ? requestAs(t, member)('DELETE', `/api/messages/${messageId}/reaction`)
      : requestAs(t, member)('PUT', `/api/messages/${messageId}/reaction`, { emoji });
  async function firstOf(member: Member, conversationId: string): Promise<Message> {
    const res = await requestAs(t, member)('GET', `/api/conversations/${conversationId}/messages`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as MessagePage).messages[0]!;
  }
  const rowsOf = (messageId: string) =>
    t.db.select().from(messageReactions).where(eq(messageReactions.messageId, messageId));

  it('sets one reaction per member, live to the other: another replaces it, the same again takes it off', async () => {
    const { a, b, sa, conversationId, message } = await setup();
    const told = nextEvent(sa, 'chats:messages:reactions');
    const res = await react(b, message._id, '❤️');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().message as Message).reactions).toEqual([{ user: b.user.id, emoji: '❤️' }]);
    expect(await told).toEqual({
      conversationId,
      messageId: message._id,
      reactions: [{ user: b.user.id, emoji: '❤️' }],
    });
    expect((await firstOf(a, conversationId)).reactions).toEqual([{ user: b.user.id, emoji: '❤️' }]);

    const replaced = nextEvent(sa, 'chats:messages:reactions');
    expect((await react(b, message._id, '😂')).statusCode).toBe(200);
    expect((await replaced).reactions).toEqual([{ user: b.user.id, emoji: '😂' }]);
    expect(await rowsOf(message._id)).toHaveLength(1);

    expect((await react(a, message._id, '😂')).statusCode).toBe(200);
    expect((await firstOf(b, conversationId)).reactions).toEqual([
      { user: b.user.id, emoji: '😂' },
      { user: a.user.id, emoji: '😂' },
    ]);

    const removed = nextEvent(sa, 'chats:messages:reactions');
    const off = await react(b, message._id, null);
    expect(off.statusCode, off.body).toBe(200);
    expect((await removed).reactions).toEqual([{ user: a.user.id, emoji: '😂' }]);
    expect((await react(a, message._id, null)).statusCode).toBe(200);
    expect(await rowsOf(message._id)).toHaveLength(0);
    // No reaction left: the message is as it was sent, without the field.
    expect((await firstOf(a, conversationId)).reactions).toBeUndefined();
  });

  it('refuses an emoji outside the six, a stranger, a removed message and a block, storing nothing', async () => {
    const { a, b, sa, conversationId, message } = await setup();
    const stranger = await createMember(t);
    const odd = await react(b, message._id, '🍆');
    expect(odd.statusCode).toBe(400);
    expect(odd.json().code).toBe('validation_failed');
    const notTheirs = await react(stranger, message._id, '❤️');
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().code).toBe('message_not_found');
    expect((await react(b, randomUUID(), '❤️')).statusCode).toBe(404);

    const removed = await sent(sa, textMessage(conversationId, 'oops'));
    expect((await requestAs(t, a)('POST', `/api/messages/${removed._id}/unsend`)).statusCode).toBe(200);
    const onRemoved = await react(b, removed._id, '😮');
    expect(onRemoved.statusCode).toBe(400);
    expect(onRemoved.json().code).toBe('message_not_editable');

    await t.db.insert(blocks).values({ blockerId: a.user.id, blockedId: b.user.id });
    for (const member of [a, b]) {
      const blocked = await react(member, message._id, '👍');
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().code).toBe('chat_blocked');
    }
    expect(await rowsOf(message._id)).toHaveLength(0);
    expect(await rowsOf(removed._id)).toHaveLength(0);
  });

  it('counts setting and taking off together: 120 a minute per member across both routes', async () => {
    const { b, message } = await setup();
    const statuses: number[] = [];
    // 60 PUTs then 60 DELETEs: 120 allowed in all, the next refused on either route.
    for (let i = 0; i < 60; i += 1) statuses.push((await react(b, message._id, '👍')).statusCode);
    for (let i = 0; i < 60; i += 1) statuses.push((await react(b, message._id, null)).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const [put, remove] = [await react(b, message._id, '❤️'), await react(b, message._id, null)];
    expect([put.statusCode, remove.statusCode]).toEqual([429, 429]);
    expect(put.json()).toMatchObject({ code: 'rate_limited' });
  }, 60_000);
});
