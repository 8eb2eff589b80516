import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, afterEach } from 'vitest';
import { FREE_POPULARITY_MARGIN, type PaymentRequiredEvent } from '@motema/shared/billing';
import { SendMessageSchema } from '@motema/shared/chat';
import { conversationMembers, conversations } from '../../../db/schema.ts';
import { clock } from '../../../lib/clock.ts';
import { createMemoryRateLimiter } from '../../../lib/rate-limiter.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { givePass, planOf } from '../../../test/billing-factories.ts';
import {
  buildConversation,
  chatSnapshot,
  expectChatUnchanged,
  send,
  sent,
  textMessage,
} from '../../../test/chat-factories.ts';
import {
  birthDate,
  createMember,
  asMember,
  type Member,
  type MemberOverrides,
} from '../../../test/factories.ts';
import { buildMatch, KINSHASA, moved } from '../../../test/discovery-factories.ts';
import { chatFilesSnapshot, oggOpusSample, postChatFile } from '../../../test/chat-files-factories.ts';
import { nextEvent, socketTestBed } from '../../../test/socket-test-bed.ts';
import { storeMessage } from '../../chat/send/chat-send.service.ts';
import { revokePass } from '../passes/passes.service.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The chat paywall (SPEC section 6): who may write to whom, on both paths a member writes by (the
 * socket's group commit and the single send, the conversation start over HTTP), what a plan lifts,
 * and that a refusal stores nothing and costs no message of the rate limit.
 */
describe('the chat paywall', () => {
  const bed = socketTestBed();
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });
  afterEach(() => clock.reset());

  /** A sender and a recipient in a conversation of theirs (written straight, as a past start left it). */
  async function pairOf(sender: MemberOverrides, recipient: MemberOverrides) {
    const a = await createMember(t, sender);
    const b = await createMember(t, { firstName: 'Bolingo', ...recipient });
    const conversation = await buildConversation(t, { members: [a, b] });
    return { a, b, conversationId: conversation.id };
  }
  /** Popular enough to be out of reach without a plan: FREE_POPULARITY_MARGIN + `gap` above. */
  const popularPair = (gap = 30) =>
    pairOf({ popularity: 20 }, { popularity: 20 + FREE_POPULARITY_MARGIN + gap });
  const pickyPair = () => pairOf({ sex: 'female' }, { matchSex: ['male'] });

  const refusal = (reason: string) => ({ ok: false, code: 'payment_required', reason });

  it('refuses a send to a member too popular for the sender: 402 in the ack, app:error, nothing stored', async () => {
    const { a, b, conversationId } = await popularPair();
    const socket = await bed.socketOf(a);
    const told = nextEvent(socket, 'app:error');
    const before = await chatSnapshot(t.db);
    expect(await send(socket, textMessage(conversationId, 'mbote'))).toEqual(refusal('UserPopularity'));
    // SPEC section 7: "payment profile and error".
    // 40 points above: the month is the least plan that reaches (paywall-plan.test.ts).
    const payment = {
      profile: b.user.id,
      error: 'UserPopularity' as const,
      plan: (await planOf(t.db, 'month')).id,
    };
    const event: PaymentRequiredEvent = { action: 'PaymentRequired', payment, ...payment };
    expect(await told).toEqual(event);
    await expectChatUnchanged(t.db, before);
  });

  it('lets the sender write across the free margin, not one point more', async () => {
    const within = await pairOf({ popularity: 40 }, { popularity: 40 + FREE_POPULARITY_MARGIN });
    expect((await send(await bed.socketOf(within.a), textMessage(within.conversationId, 'hi'))).ok).toBe(
      true,
    );
    const beyond = await pairOf({ popularity: 40 }, { popularity: 41 + FREE_POPULARITY_MARGIN });
    expect(await send(await bed.socketOf(beyond.a), textMessage(beyond.conversationId, 'hi'))).toEqual(
      refusal('UserPopularity'),
    );
  });

  it("refuses a sender who does not fit the recipient's preferences: sex, age, distance", async () => {
    const sex = await pickyPair();
    const age = await pairOf({ dateOfBirth: birthDate(40) }, { matchAgeMin: 18, matchAgeMax: 30 });
    const young = await pairOf({ dateOfBirth: birthDate(20) }, { matchAgeMin: 25, matchAgeMax: 99 });
    const far = await pairOf({ ...moved(KINSHASA, 600) }, { ...KINSHASA, matchDistance: 100 });
    for (const { a, conversationId } of [sex, age, young, far]) {
      const ack = await send(await bed.socketOf(a), textMessage(conversationId, 'salut'));
      expect(ack).toEqual(refusal('UserPreferences'));
    }
    // Within the distance, the age range and the sexes wanted: free.
    const fits = await pairOf(
      { ...moved(KINSHASA, 50), dateOfBirth: birthDate(28), sex: 'male' },
      { ...KINSHASA, matchDistance: 100, matchAgeMin: 25, matchAgeMax: 30, matchSex: ['male'] },
    );
    expect((await send(await bed.socketOf(fits.a), textMessage(fits.conversationId, 'salut'))).ok).toBe(true);
  });

  it('lets a member write freely to a match', async () => {
    const popular = await popularPair(80);
    const picky = await pickyPair();
    for (const [{ a, b, conversationId }, reason] of [
      [popular, 'UserPopularity'],
      [picky, 'UserPreferences'],
    ] as const) {
      const socket = await bed.socketOf(a);
      expect(await send(socket, textMessage(conversationId, 'before'))).toEqual(refusal(reason));
      await buildMatch(t, { members: [a, b] });
      expect((await send(socket, textMessage(conversationId, 'on a matché'))).ok).toBe(true);
    }
  });

  it('lets a member answer whoever wrote to them in the conversation, and only there', async () => {
    const { a, b, conversationId } = await popularPair(80);
    const elsewhere = await buildConversation(t, {
      members: [a, await createMember(t, { popularity: 100 })],
    });
    const socketA = await bed.socketOf(a);
    expect(await send(socketA, textMessage(conversationId, 'first'))).toEqual(refusal('UserPopularity'));
    // B, the popular one, writes first: A may answer, in this conversation only.
    await sent(await bed.socketOf(b), textMessage(conversationId, 'mbote'));
    expect((await send(socketA, textMessage(conversationId, 'mbote na yo'))).ok).toBe(true);
    expect(await send(socketA, textMessage(elsewhere.id, 'and you?'))).toEqual(refusal('UserPopularity'));
  });

  it('a plan widens the popularity margin by its percent of the remaining room; the quarter reaches all', async () => {
    // 30 points above the margin: the week (25% of the 90 left, 22.5 points) is not enough, the month is.
    const week = await popularPair(30);
    await givePass(t.db, week.a.user.id, 'week');
    expect(await send(await bed.socketOf(week.a), textMessage(week.conversationId, 'hi'))).toEqual(
      refusal('UserPopularity'),
    );
    const nearer = await popularPair(20);
    await givePass(t.db, nearer.a.user.id, 'week');
    expect((await send(await bed.socketOf(nearer.a), textMessage(nearer.conversationId, 'hi'))).ok).toBe(
      true,
    );
    const top = await pairOf({ popularity: 0 }, { popularity: 100 });
    await givePass(t.db, top.a.user.id, 'quarter');
    expect((await send(await bed.socketOf(top.a), textMessage(top.conversationId, 'hi'))).ok).toBe(true);
  });

  it('a better plan bought while a weaker pass runs lifts the paywall at once (issue 15)', async () => {
    // 30 points above the margin: the running week does not reach the recipient, the month does.
    const { a, conversationId } = await popularPair(30);
    await givePass(t.db, a.user.id, 'week');
    const socket = await bed.socketOf(a);
    expect(await send(socket, textMessage(conversationId, 'hi'))).toEqual(refusal('UserPopularity'));
    clock.advance(2 * DAY);
    await givePass(t.db, a.user.id, 'month');
    expect((await send(socket, textMessage(conversationId, 'paid, and through'))).ok).toBe(true);
    // The month's 30 days, then the week's 5 left: reached no more, Premium still on.
    clock.advance(30 * DAY + 1000);
    expect(await send(socket, textMessage(conversationId, 'the week again'))).toEqual(
      refusal('UserPopularity'),
    );
  });

  it('a plan with preferences lifts UserPreferences; one without does not', async () => {
    const week = await pickyPair();
    await givePass(t.db, week.a.user.id, 'week');
    expect(await send(await bed.socketOf(week.a), textMessage(week.conversationId, 'hi'))).toEqual(
      refusal('UserPreferences'),
    );
    const month = await pickyPair();
    await givePass(t.db, month.a.user.id, 'month');
    expect((await send(await bed.socketOf(month.a), textMessage(month.conversationId, 'hi'))).ok).toBe(true);
  });

  it('the end of the pass restores the paywall; a cancelled pass lifts it to its end; a refund at once', async () => {
    const { a, conversationId } = await popularPair(30);
    const { pass } = await givePass(t.db, a.user.id, 'month');
    const socket = await bed.socketOf(a);
    const cancel = await asMember(t, a.cookie)('POST', `/api/user-subscriptions/${pass.id}/cancel`);
    expect(cancel.statusCode).toBe(200);
    clock.advance(29 * DAY);
    expect((await send(socket, textMessage(conversationId, 'still premium'))).ok).toBe(true);
    clock.advance(2 * DAY);
    expect(await send(socket, textMessage(conversationId, 'expired'))).toEqual(refusal('UserPopularity'));

    const refunded = await popularPair(30);
    const bought = await givePass(t.db, refunded.a.user.id, 'month');
    const refundedSocket = await bed.socketOf(refunded.a);
    expect((await send(refundedSocket, textMessage(refunded.conversationId, 'premium'))).ok).toBe(true);
    await t.db.transaction((tx) => revokePass(tx, { paymentId: bought.paymentId, at: clock.now() }));
    expect(await send(refundedSocket, textMessage(refunded.conversationId, 'refunded'))).toEqual(
      refusal('UserPopularity'),
    );
  });

  it('the single send path (messages with files) is gated and opens alike', async () => {
    const { a, b, conversationId } = await popularPair();
    const deps = { db: t.db, limiter: createMemoryRateLimiter() };
    const input = (id: string) =>
      SendMessageSchema.parse({ clientId: randomUUID(), conversationId: id, text: 'x' });
    await expect(storeMessage(deps, a.user.id, input(conversationId))).rejects.toMatchObject({
      statusCode: 402,
      code: 'payment_required',
      reason: 'UserPopularity',
      profile: b.user.id,
    });
    // B writes by the single path: A's side of the conversation records it, and A may answer.
    await storeMessage(deps, b.user.id, input(conversationId));
    const [mine] = await t.db
      .select()
      .from(conversationMembers)
      .where(
        and(
          eq(conversationMembers.conversationId, conversationId),
          eq(conversationMembers.userId, a.user.id),
        ),
      );
    expect(mine?.firstReceivedAt).not.toBeNull();
    expect((await storeMessage(deps, a.user.id, input(conversationId))).created).toBe(true);
  });

  it('refuses an upload, the first step of a message with files, with 402 and stores no file', async () => {
    const { a, b, conversationId } = await popularPair();
    const voice = () => postChatFile(t, a.cookie, conversationId, oggOpusSample(), { kind: 'voice' });
    const before = await chatFilesSnapshot(t);
    const res = await voice();
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'payment_required', reason: 'UserPopularity' });
    expect(await chatFilesSnapshot(t)).toEqual(before);
    await buildMatch(t, { members: [a, b] });
    expect((await voice()).statusCode).toBe(201);
  });

  describe('starting a conversation (POST /api/conversations)', () => {
    const start = (by: Member, user: Member) =>
      asMember(t, by.cookie)('POST', '/api/conversations', { user: user.user.id });
    const conversationOf = async (a: Member, b: Member) =>
      (await t.db.select().from(conversations)).filter(
        (c) => c.pairKey === [a.user.id, b.user.id].sort().join(':'),
      );

    it('answers 402 with the reason, and starts nothing', async () => {
      const a = await createMember(t, { popularity: 0 });
      const b = await createMember(t, { popularity: 90 });
      const res = await start(a, b);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({
        statusCode: 402,
        code: 'payment_required',
        message: expect.any(String),
        reason: 'UserPopularity',
        plan: expect.any(String),
      });
      const c = await createMember(t, { sex: 'female' });
      const picky = await createMember(t, { matchSex: ['male'] });
      expect((await start(c, picky)).json()).toMatchObject({
        code: 'payment_required',
        reason: 'UserPreferences',
      });
      expect(await conversationOf(a, b)).toEqual([]);
      // The other way round, the popular member may start it.
      expect((await start(b, a)).statusCode).toBe(200);
    });

    it('starts one with a match, or where the other has written, or with a plan that lifts it', async () => {
      const a = await createMember(t, { popularity: 0 });
      const [b, c, d] = [
        await createMember(t, { popularity: 90 }),
        await createMember(t, { popularity: 90 }),
        await createMember(t, { popularity: 90 }),
      ];
      for (const other of [b, c, d]) expect((await start(a, other)).statusCode).toBe(402);
      await buildMatch(t, { members: [a, b] });
      expect((await start(a, b)).statusCode).toBe(200);
      const built = await buildConversation(t, { members: [c, a] });
      expect((await start(a, c)).statusCode).toBe(402);
      await sent(await bed.socketOf(c), textMessage(built.id, 'mbote'));
      const res = await start(a, c);
      expect(res.statusCode).toBe(200);
      expect(res.json().conversation._id).toBe(built.id);
      await givePass(t.db, a.user.id, 'quarter');
      expect((await start(a, d)).statusCode).toBe(200);
    });
  });
});
