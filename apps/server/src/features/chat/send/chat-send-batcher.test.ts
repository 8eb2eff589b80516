import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_PER_MINUTE, SendMessageSchema } from '@motema/shared/chat';
import { conversationMembers, conversations, messages } from '../../../db/schema.ts';
import { createMemoryRateLimiter, type RateLimiter } from '../../../lib/rate-limiter.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildConversation, buildMessage } from '../../../test/chat-factories.ts';
import { createMember, waitFor } from '../../../test/factories.ts';
import { buildBlock } from '../../../test/safety-factories.ts';
import { createSendBatcher } from './chat-send-batcher.ts';

/**
 * Group commit (decision 0010): sends made in one turn of the event loop are stored in one
 * transaction, each with `storeMessage`'s result, or its error alone.
 */
describe('chat send batcher', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const input = (conversationId: string, text: string, extra: { clientId?: string; replyTo?: string } = {}) =>
    SendMessageSchema.parse({ clientId: randomUUID(), conversationId, text, ...extra });
  const settled = <T>(promise: Promise<T>) =>
    promise.then(
      (value) => ({ value }),
      (error: { code?: string }) => ({ code: error.code }),
    );
  /** Each send's answer as the tests compare them: its error's code, or whether it was created. */
  const fates = (results: readonly ({ value: { created: boolean } } | { code: string | undefined })[]) =>
    results.map((r) => ('code' in r ? r.code : r.value.created));
  /** Leaves `memberId` one message before the rate limit. */
  async function useAllButOne(limiter: RateLimiter, memberId: string) {
    for (let i = 1; i < MESSAGES_PER_MINUTE; i++) await limiter.consume(`messages:${memberId}`, 1e9, 60_000);
  }

  async function storedIn(conversationId: string) {
    const rows = await t.db
      .select({ id: messages.id, seq: messages.seq, text: messages.text, senderId: messages.senderId })
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(asc(messages.seq));
    const [conversation] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    return { rows, lastSeq: conversation!.lastSeq };
  }
  async function unreadOf(conversationId: string, userId: string) {
    const [row] = await t.db
      .select({ n: conversationMembers.unreadCount })
      .from(conversationMembers)
      .where(
        and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
      );
    return row?.n;
  }

  it('stores a batch in order, answers a retry in the same batch with the same message, and refuses bad sends alone', async () => {
    const [ab, cd] = [await buildConversation(t), await buildConversation(t)];
    const [[a, b], [c, d]] = [ab.members, cd.members];
    const ac = await buildConversation(t, { members: [a, c] });
    const stranger = await createMember(t);
    await buildBlock(t, { blocker: c, blocked: a });
    const elsewhere = await buildMessage(t, { conversation: cd, sender: c, text: 'in another conversation' });
    const batcher = createSendBatcher({ db: t.db, limiter: createMemoryRateLimiter() });

    const first = input(ab.id, 'a1');
    // All in one turn of the event loop: one batch.
    const results = await Promise.all([
      settled(batcher.store(a.user.id, first)),
      settled(batcher.store(b.user.id, input(ab.id, 'b1'))),
      settled(batcher.store(stranger.user.id, input(ab.id, 'not a member'))),
      settled(batcher.store(a.user.id, first)),
      settled(batcher.store(a.user.id, input(ac.id, 'blocked'))),
      settled(batcher.store(d.user.id, input(cd.id, 'd1'))),
      settled(batcher.store(b.user.id, input(ab.id, 'foreign quote', { replyTo: elsewhere.id }))),
      settled(batcher.store(a.user.id, input(ab.id, 'a2'))),
    ]);

    const codes = fates(results);
    expect(codes).toEqual([
      true,
      true,
      'conversation_not_found',
      false,
      'chat_blocked',
      true,
      'message_not_found',
      true,
    ]);
    const ids = results.map((r) => ('value' in r ? r.value.messageId : undefined));
    expect(ids[3]).toBe(ids[0]);
    const inAb = await storedIn(ab.id);
    expect(inAb.rows.map((m) => [m.seq, m.text, m.id])).toEqual([
      [1, 'a1', ids[0]],
      [2, 'b1', ids[1]],
      [3, 'a2', ids[7]],
    ]);
    expect(inAb.lastSeq).toBe(3);
    expect((await storedIn(cd.id)).rows.map((m) => [m.seq, m.text])).toEqual([
      [1, 'in another conversation'],
      [2, 'd1'],
    ]);
    expect(await storedIn(ac.id)).toEqual({ rows: [], lastSeq: 0 });
    expect(await unreadOf(ab.id, b.user.id)).toBe(2);
    expect(await unreadOf(ab.id, a.user.id)).toBe(1);
    expect(await unreadOf(cd.id, c.user.id)).toBe(1);
    // A new message comes with its view (the ack without a query); it carries its number.
    expect('value' in results[7]! && results[7].value.view?.row).toMatchObject({ seq: 3, text: 'a2' });
  });

  it('refuses only the sends over the rate limit, which use no number', async () => {
    const [ab, cd] = [await buildConversation(t), await buildConversation(t)];
    const [[a, b], [c]] = [ab.members, cd.members];
    const limiter = createMemoryRateLimiter();
    await useAllButOne(limiter, a.user.id);
    const batcher = createSendBatcher({ db: t.db, limiter });
    const results = await Promise.all([
      settled(batcher.store(a.user.id, input(ab.id, 'last allowed'))),
      settled(batcher.store(a.user.id, input(ab.id, 'one too many'))),
      settled(batcher.store(b.user.id, input(ab.id, 'from b'))),
      settled(batcher.store(c.user.id, input(cd.id, 'from c'))),
    ]);
    expect(fates(results)).toEqual([true, 'rate_limited', true, true]);
    const inAb = await storedIn(ab.id);
    expect(inAb.rows.map((m) => [m.seq, m.text])).toEqual([
      [1, 'last allowed'],
      [2, 'from b'],
    ]);
    expect(inAb.lastSeq).toBe(2);
  });

  it('answers a retry of a message stored by an earlier batch with it, using no number', async () => {
    const ab = await buildConversation(t);
    const [a, b] = ab.members;
    const batcher = createSendBatcher({ db: t.db, limiter: createMemoryRateLimiter() });
    const first = input(ab.id, 'a1');
    const stored = await batcher.store(a.user.id, first);
    const results = await Promise.all([
      settled(batcher.store(a.user.id, first)),
      settled(batcher.store(b.user.id, input(ab.id, 'b1'))),
    ]);
    expect(results.map((r) => ('code' in r ? r.code : [r.value.created, r.value.recipientId]))).toEqual([
      [false, b.user.id],
      [true, a.user.id],
    ]);
    expect('value' in results[0]! && results[0].value.messageId).toBe(stored.messageId);
    const inAb = await storedIn(ab.id);
    expect(inAb.rows.map((m) => [m.seq, m.text])).toEqual([
      [1, 'a1'],
      [2, 'b1'],
    ]);
    expect(inAb.lastSeq).toBe(2);
    expect(await unreadOf(ab.id, b.user.id)).toBe(1);
  });

  it('over the rate limit, still answers a retry with its message, a non-member and a block as such', async () => {
    const [ab, cd] = [await buildConversation(t), await buildConversation(t)];
    const [a, b] = ab.members;
    const ac = await buildConversation(t, { members: [a, cd.members[0]] });
    await buildBlock(t, { blocker: cd.members[0], blocked: a });
    const limiter = createMemoryRateLimiter();
    const batcher = createSendBatcher({ db: t.db, limiter });
    const first = input(ab.id, 'a1');
    const stored = await batcher.store(a.user.id, first);
    await useAllButOne(limiter, a.user.id);
    const results = await Promise.all([
      settled(batcher.store(a.user.id, first)),
      settled(batcher.store(a.user.id, input(cd.id, 'not a member'))),
      settled(batcher.store(a.user.id, input(ac.id, 'blocked'))),
      settled(batcher.store(a.user.id, input(ab.id, 'one too many'))),
      settled(batcher.store(b.user.id, input(ab.id, 'from b'))),
    ]);
    expect(fates(results)).toEqual([false, 'conversation_not_found', 'chat_blocked', 'rate_limited', true]);
    expect('value' in results[0]! && results[0].value.messageId).toBe(stored.messageId);
    const inAb = await storedIn(ab.id);
    expect(inAb.rows.map((m) => [m.seq, m.text])).toEqual([
      [1, 'a1'],
      [2, 'from b'],
    ]);
    expect(inAb.lastSeq).toBe(2);
    expect(await storedIn(ac.id)).toEqual({ rows: [], lastSeq: 0 });
  });

  it('when the batch transaction fails, stores the innocent messages one by one and answers the culprit as a retry', async () => {
    const [ab, cd] = [await buildConversation(t), await buildConversation(t)];
    const [[a, b], [c]] = [ab.members, cd.members];
    const batcher = createSendBatcher({ db: t.db, limiter: createMemoryRateLimiter() });
    const raced = input(ab.id, 'stored meanwhile by another node');

    // Another node holds the conversation: the batch read its contexts and waits for the lock.
    const locker = await t.db.$client.connect();
    try {
      await locker.query('begin');
      await locker.query('select id from conversations where id = $1 for update', [ab.id]);
      const pending = Promise.all([
        settled(batcher.store(a.user.id, raced)),
        settled(batcher.store(c.user.id, input(cd.id, 'innocent'))),
        settled(batcher.store(b.user.id, input(ab.id, 'innocent too'))),
      ]);
      await waitFor(async () => {
        const { rows } = await t.db.$client.query<{ n: string }>(
          `select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return Number(rows[0]!.n) > 0 ? true : undefined;
      }, 'the batch to wait for the row lock');
      // ...and stores the same (sender, client id) before letting go: the batch hits the unique index.
      await locker.query(`update conversations set last_seq = last_seq + 1 where id = $1`, [ab.id]);
      const { rows } = await locker.query<{ id: string }>(
        `insert into messages (conversation_id, seq, sender_id, client_id, text) values ($1, 1, $2, $3, $4) returning id`,
        [ab.id, a.user.id, raced.clientId, raced.text],
      );
      await locker.query('commit');
      const results = await pending;

      expect(fates(results)).toEqual([false, true, true]);
      expect('value' in results[0]! && results[0].value.messageId).toBe(rows[0]!.id);
      const inAb = await storedIn(ab.id);
      expect(inAb.rows.map((m) => [m.seq, m.text])).toEqual([
        [1, 'stored meanwhile by another node'],
        [2, 'innocent too'],
      ]);
      expect(inAb.lastSeq).toBe(2);
      expect((await storedIn(cd.id)).rows.map((m) => [m.seq, m.text])).toEqual([[1, 'innocent']]);
    } finally {
      locker.release();
    }
  });
});
