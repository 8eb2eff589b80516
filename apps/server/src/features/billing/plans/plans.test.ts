import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubscriptionsAnswerSchema } from '@motema/shared/billing';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { asMember, createMember } from '../../../test/factories.ts';
import { findPlan } from './plans.service.ts';

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
});
