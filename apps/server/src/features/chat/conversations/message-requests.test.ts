import { beforeAll, describe, expect, it } from 'vitest';
import type { ConversationList } from '@motema/shared/chat';
import { matches } from '../../../db/schema.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { chatPair, requestAs, sent, textMessage } from '../../../test/chat-factories.ts';
import type { Member } from '../../../test/factories.ts';
import { socketTestBed } from '../../../test/socket-test-bed.ts';

describe('message requests: a stranger who wrote first, never answered', () => {
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
  /** Where the conversation is for the member: its `request` flag, and which folder lists it. */
  async function placeOf(member: Member, conversationId: string) {
    const [all, main, requests] = await Promise.all([
      listOf(member),
      listOf(member, '?folder=main'),
      listOf(member, '?folder=requests'),
    ]);
    return {
      request: all.conversations.find((c) => c._id === conversationId)?.request,
      main: main.conversations.some((c) => c._id === conversationId),
      requests: requests.conversations.some((c) => c._id === conversationId),
      counts: { all: all.count, main: main.count, requests: requests.count },
    };
  }

  it('is a request for the one written to until they answer; never for the writer', async () => {
    const { a, b, conversationId } = await chatPair(t);
    // Nobody wrote yet: an ordinary (empty) conversation for both.
    expect(await placeOf(b, conversationId)).toMatchObject({ request: false, main: true, requests: false });
    await sent(await socketOf(a), textMessage(conversationId, 'Hello, I liked your photos'));
    expect(await placeOf(b, conversationId)).toEqual({
      request: true,
      main: false,
      requests: true,
      counts: { all: 1, main: 0, requests: 1 },
    });
    expect(await placeOf(a, conversationId)).toMatchObject({ request: false, main: true, requests: false });

    await sent(await socketOf(b), textMessage(conversationId, 'Thank you!'));
    expect(await placeOf(b, conversationId)).toEqual({
      request: false,
      main: true,
      requests: false,
      counts: { all: 1, main: 1, requests: 0 },
    });
  });

  it('is no request between members who match', async () => {
    const { a, b, conversationId } = await chatPair(t);
    await sent(await socketOf(a), textMessage(conversationId, 'We match!'));
    expect((await placeOf(b, conversationId)).request).toBe(true);
    const [userA, userB] = [a.user.id, b.user.id].sort() as [string, string];
    await t.db.insert(matches).values({ userA, userB });
    expect(await placeOf(b, conversationId)).toMatchObject({ request: false, main: true, requests: false });
  });

  it('refuses an unknown folder', async () => {
    const { a } = await chatPair(t);
    const res = await requestAs(t, a)('GET', '/api/conversations?folder=spam');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });
});
