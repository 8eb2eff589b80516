import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubscriptionsAnswerSchema } from '@motema/shared/billing';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { eq, inArray } from 'drizzle-orm';
import { userSubscriptions } from '../../../db/schema.ts';
import { givePass } from '../../../test/billing-factories.ts';
import { asMember, createMember } from '../../../test/factories.ts';
import { CHOSEN_MIN_PASSES, CHOSEN_WINDOW_DAYS, findPlan } from './plans.service.ts';

describe('the plan catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/subscriptions answers the seeded plans, dearest first, with both prices', async () => {
    const member = await createMember(t);
    const res = await asMember(t, member.cookie)('GET', '/api/subscriptions?sort=-cost');
    expect(res.statusCode).toBe(200);
    const body = SubscriptionsAnswerSchema.parse(res.json());
    expect(body.count).toBe(3);
    expect(body.subscriptions.map((plan) => plan.key)).toEqual(['quarter', 'month', 'week']);
    const [quarter, month, week] = body.subscriptions;
    // Longer plans give more and cost less a day; the quarter reaches everyone.
    expect(quarter!.popularity).toBe(100);
    expect(week!.popularity).toBeLessThan(month!.popularity);
    expect([week!.preferences, month!.preferences, quarter!.preferences]).toEqual([false, true, true]);
    expect(quarter!.cost.USD / quarter!.days).toBeLessThan(week!.cost.USD / week!.days);
    for (const plan of body.subscriptions) {
      expect(plan.expired).toBe(false);
      // About 2,800 FC to the dollar, both in minor units.
      expect(plan.cost.CDF / plan.cost.USD).toBeGreaterThan(2000);
      expect(plan.cost.CDF / plan.cost.USD).toBeLessThan(3500);
    }
  });

  it('pages and sorts: +cost, skip and limit', async () => {
    const member = await createMember(t);
    const res = await asMember(t, member.cookie)('GET', '/api/subscriptions?sort=%2Bcost&skip=1&limit=1');
    const body = SubscriptionsAnswerSchema.parse(res.json());
    expect(body).toMatchObject({ count: 3, subscriptions: [{ key: 'month' }] });
    // Written unencoded, the + arrives as a space: read as the + it was.
    const plain = await asMember(t, member.cookie)('GET', '/api/subscriptions?sort=+cost&skip=1&limit=1');
    expect(SubscriptionsAnswerSchema.parse(plain.json())).toMatchObject({
      subscriptions: [{ key: 'month' }],
    });
    expect((await asMember(t, member.cookie)('GET', '/api/subscriptions?sort=price')).statusCode).toBe(400);
  });

  it('is for members only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/subscriptions' })).statusCode).toBe(401);
  });

  it('findPlan gives the price the payments core charges (P3)', async () => {
    const member = await createMember(t);
    const [month] = SubscriptionsAnswerSchema.parse(
      (await asMember(t, member.cookie)('GET', '/api/subscriptions?sort=%2Bcost&skip=1&limit=1')).json(),
    ).subscriptions;
    const plan = await findPlan(t.db, month!._id);
    expect(plan).toMatchObject({
      key: 'month',
      costUsd: month!.cost.USD,
      costCdf: month!.cost.CDF,
      sold: true,
    });
  });

  it('says which share of recent buyers chose each plan only once enough have, refunds and old passes aside', async () => {
    const member = await createMember(t);
    const shares = async () => {
      const res = await asMember(t, member.cookie)('GET', '/api/subscriptions?sort=-cost');
      const body = SubscriptionsAnswerSchema.parse(res.json());
      return Object.fromEntries(body.subscriptions.map((plan) => [plan.key, plan.popular]));
    };
    expect(await shares()).toEqual({ quarter: 0, month: 0, week: 0 });

    const buyers = await Promise.all(Array.from({ length: CHOSEN_MIN_PASSES }, () => createMember(t)));
    const keyOf = (i: number) => (i % 3 === 0 ? 'week' : 'month');
    for (const [i, buyer] of buyers.slice(0, -1).entries()) await givePass(t.db, buyer.user.id, keyOf(i));
    // One pass short of the minimum: no figure, whatever the split.
    expect(await shares()).toEqual({ quarter: 0, month: 0, week: 0 });

    await givePass(t.db, buyers.at(-1)!.user.id, 'week');
    // 11 weeks and 19 months of 30.
    expect(await shares()).toEqual({ quarter: 0, month: 63, week: 37 });

    // A refunded pass and passes bought before the window do not count.
    const old = await Promise.all([1, 2, 3].map(() => createMember(t)));
    const oldPasses = await Promise.all(old.map((buyer) => givePass(t.db, buyer.user.id, 'quarter')));
    const before = new Date(Date.now() - (CHOSEN_WINDOW_DAYS + 1) * 86_400_000);
    await t.db
      .update(userSubscriptions)
      .set({ createdAt: before })
      .where(
        inArray(
          userSubscriptions.id,
          oldPasses.map(({ pass }) => pass.id),
        ),
      );
    const refunded = await givePass(t.db, (await createMember(t)).user.id, 'quarter');
    await t.db
      .update(userSubscriptions)
      .set({ revokedAt: new Date() })
      .where(eq(userSubscriptions.id, refunded.pass.id));
    expect(await shares()).toEqual({ quarter: 0, month: 63, week: 37 });
  });
});
