import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_POPULARITY_MARGIN } from '@motema/shared/billing';
import { MESSAGES_PER_MINUTE, SendMessageSchema } from '@motema/shared/chat';
import { conversationMembers } from '../../../db/schema.ts';
import { createMemoryRateLimiter } from '../../../lib/rate-limiter.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildConversation, buildMessage } from '../../../test/chat-factories.ts';
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
    return { a, b, conversation, conversationId: conversation.id };
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

  it('migration 0015 gives conversations begun before it when each member was first written to', async () => {
    const { a, b, conversation } = await popularPair();
    // Written straight into the tables, as messages stored before the column existed.
    const first = await buildMessage(t, { conversation, sender: b });
    await buildMessage(t, { conversation, sender: b });
    const silent = await buildConversation(t, { members: [a, await createMember(t)] });
    await buildMessage(t, { conversation: silent, sender: a });
    const backfill = readFileSync(
      new URL('../../../db/migrations/0015_chat_first_received_backfill.sql', import.meta.url),
      'utf8',
    );
    await t.db.$client.query(backfill);
    const receivedAt = async (conversationId: string, userId: string) => {
      const [row] = await t.db
        .select({ at: conversationMembers.firstReceivedAt })
        .from(conversationMembers)
        .where(
          and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
        );
      return row?.at;
    };
    expect(await receivedAt(conversation.id, a.user.id)).toEqual(first.createdAt);
    expect(await receivedAt(conversation.id, b.user.id)).toBeNull();
    expect(await receivedAt(silent.id, a.user.id)).toBeNull();
    expect(await receivedAt(silent.id, silent.members[1].user.id)).not.toBeNull();
    // And the one who was written to may now answer, past the paywall.
    const input = SendMessageSchema.parse({
      clientId: randomUUID(),
      conversationId: conversation.id,
      text: 'x',
    });
    expect(
      (await storeMessage({ db: t.db, limiter: createMemoryRateLimiter() }, a.user.id, input)).created,
    ).toBe(true);
  });
});
