import { beforeAll, describe, expect, it } from 'vitest';
import { FREE_POPULARITY_MARGIN, type PaymentRequiredEvent } from '@motema/shared/billing';
import type { TestApp } from '../../../test/build-test-app.ts';
import { givePass, planOf } from '../../../test/billing-factories.ts';
import { buildConversation, send, textMessage } from '../../../test/chat-factories.ts';
import { asMember, createMember, type MemberOverrides } from '../../../test/factories.ts';
import { nextEvent, socketTestBed } from '../../../test/socket-test-bed.ts';
import { subscriptionPlans } from '../../../db/schema.ts';

/**
 * The paywall's refusal names the least plan on sale that would reach the recipient (`plan`), so the
 * payment-required dialog can say "your week does not reach her; the month does" (issue 26).
 */
describe('the plan that reaches, in a paywall refusal', () => {
  const bed = socketTestBed();
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });

  async function pairOf(sender: MemberOverrides, recipient: MemberOverrides) {
    const a = await createMember(t, sender);
    const b = await createMember(t, recipient);
    const conversation = await buildConversation(t, { members: [a, b] });
    return { a, b, conversationId: conversation.id };
  }
  /** The recipient FREE_POPULARITY_MARGIN + `gap` points above the sender. */
  const popularPair = (gap: number) =>
    pairOf({ popularity: 0 }, { popularity: FREE_POPULARITY_MARGIN + gap });

  async function refusedEvent(pair: Awaited<ReturnType<typeof pairOf>>) {
    const socket = await bed.socketOf(pair.a);
    const told = nextEvent(socket, 'app:error');
    expect((await send(socket, textMessage(pair.conversationId, 'mbote'))).ok).toBe(false);
    return told;
  }

  it('names the month to a week holder the week does not reach (socket app:error)', async () => {
    // 40 points: the week reaches 32, the month 64.
    const pair = await popularPair(30);
    await givePass(t.db, pair.a.user.id, 'week');
    const payment = {
      profile: pair.b.user.id,
      error: 'UserPopularity' as const,
      plan: (await planOf(t.db, 'month')).id,
    };
    const event: PaymentRequiredEvent = { action: 'PaymentRequired', payment, ...payment };
    expect(await refusedEvent(pair)).toEqual(event);
  });

  it('names the quarter when only it reaches, and the month for preferences the week lacks', async () => {
    const far = await popularPair(70);
    expect((await refusedEvent(far)).plan).toBe((await planOf(t.db, 'quarter')).id);
    const picky = await pairOf({ sex: 'female' }, { matchSex: ['male'] });
    await givePass(t.db, picky.a.user.id, 'week');
    expect(await refusedEvent(picky)).toMatchObject({
      error: 'UserPreferences',
      plan: (await planOf(t.db, 'month')).id,
    });
  });

  it('gives the plan in the 402 of a conversation start, and none when no plan on sale reaches', async () => {
    const a = await createMember(t, { popularity: 0 });
    const b = await createMember(t, { popularity: 90 });
    const start = () => asMember(t, a.cookie)('POST', '/api/conversations', { user: b.user.id });
    expect((await start()).json()).toMatchObject({
      code: 'payment_required',
      reason: 'UserPopularity',
      plan: (await planOf(t.db, 'quarter')).id,
    });
    await t.db.update(subscriptionPlans).set({ sold: false });
    try {
      const refused = (await start()).json() as Record<string, unknown>;
      expect(refused.code).toBe('payment_required');
      expect(refused).not.toHaveProperty('plan');
    } finally {
      await t.db.update(subscriptionPlans).set({ sold: true });
    }
  });
});
