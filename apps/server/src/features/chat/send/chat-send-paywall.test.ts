import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_POPULARITY_MARGIN } from '@motema/shared/billing';
import { MESSAGES_PER_MINUTE, SendMessageSchema } from '@motema/shared/chat';
import { createMemoryRateLimiter } from '../../../lib/rate-limiter.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildConversation } from '../../../test/chat-factories.ts';
import { createMember } from '../../../test/factories.ts';
import { createSendBatcher } from './chat-send-batcher.ts';
import { storeMessage } from './chat-send.service.ts';

/**
 * The group commit counts the rate limit before it reads the paywall (decision 0025): a send the
 * paywall refuses gives its hit back, so meeting the paywall costs a member none of their messages.
 * (The paywall itself: features/billing/paywall/paywall.test.ts.)
 */
describe('chat sends behind the paywall', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function popularPair() {
    const a = await createMember(t, { popularity: 0 });
    const b = await createMember(t, { popularity: FREE_POPULARITY_MARGIN + 50 });
    const conversation = await buildConversation(t, { members: [a, b] });
    return { a, b, conversationId: conversation.id };
  }

  it('a refused send uses none of the rate limit, in a group or alone', async () => {
    const { a, conversationId } = await popularPair();
    const open = await buildConversation(t, { members: [a] });
    const limiter = createMemoryRateLimiter();
    const batcher = createSendBatcher({ db: t.db, limiter });
    const input = (id: string) =>
      SendMessageSchema.parse({ clientId: randomUUID(), conversationId: id, text: 'x' });
    for (let i = 1; i < MESSAGES_PER_MINUTE; i++) await limiter.consume(`messages:${a.user.id}`, 1e9, 60_000);
    // One message left: ten refused sends, together and one by one, leave it.
    const refused = await Promise.allSettled(
      Array.from({ length: 5 }, () => batcher.store(a.user.id, input(conversationId))),
    );
    for (let i = 0; i < 5; i++) {
      refused.push(
        ...(await Promise.allSettled([
          storeMessage({ db: t.db, limiter }, a.user.id, input(conversationId)),
        ])),
      );
    }
    expect(refused.map((r) => r.status === 'rejected' && (r.reason as { code?: string }).code)).toEqual(
      Array(10).fill('payment_required'),
    );
    expect((await batcher.store(a.user.id, input(open.id))).created).toBe(true);
    // And the limit still holds after it.
    await expect(batcher.store(a.user.id, input(open.id))).rejects.toMatchObject({ code: 'rate_limited' });
  });
});
