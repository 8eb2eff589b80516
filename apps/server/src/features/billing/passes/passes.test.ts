import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UserSubscriptionsAnswerSchema, UserSubscriptionSchema } from '@motema/shared/billing';
import { userSubscriptions } from '../../../db/schema.ts';
import { clock } from '../../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { givePass, passesOf, planOf, settledPayment } from '../../../test/billing-factories.ts';
import { asMember, createMember } from '../../../test/factories.ts';
import { activePlan, grantPass, revokePass } from './passes.service.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('passes: grant, extend, revoke, cancel', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  const buy = (userId: string, key: 'week' | 'month' | 'quarter', at = clock.now()) =>
    givePass(t.db, userId, key, at);
  const grant = (paymentId: string, userId: string, planId: string, at = clock.now()) =>
    t.db.transaction((tx) => grantPass(tx, { paymentId, userId, planId, at }));

  it("grants a pass of the plan's days from now, once per payment however often it is asked", async () => {
    const { user } = await createMember(t);
    const week = await planOf(t.db, 'week');
    const { id: paymentId } = await settledPayment(t.db, user.id, week);
    const at = clock.now();
    const first = await grant(paymentId, user.id, week.id, at);
    expect(first.created).toBe(true);
    expect(first.pass.startsAt).toEqual(at);
    expect(first.pass.endsAt.getTime() - at.getTime()).toBe(7 * DAY);
    // A second settle, and ten concurrent ones: the same pass, no other.
    const again = await Promise.all(Array.from({ length: 10 }, () => grant(paymentId, user.id, week.id)));
    expect(again.every((result) => !result.created && result.pass.id === first.pass.id)).toBe(true);
    expect(await passesOf(t.db, user.id)).toHaveLength(1);
  });

  it('refuses a pass without its payment (the foreign key)', async () => {
    const { user } = await createMember(t);
    const week = await planOf(t.db, 'week');
    await expect(grant(randomUUID(), user.id, week.id)).rejects.toMatchObject({
      cause: { constraint: 'user_subscriptions_payment_id_payments_id_fk' },
    });
    expect(await passesOf(t.db, user.id)).toEqual([]);
  });

  it('an equal plan bought again starts when the last pass ends; concurrent buys queue', async () => {
    const { user } = await createMember(t);
    const start = clock.now();
    const first = await buy(user.id, 'month', start);
    await Promise.all([buy(user.id, 'month', start), buy(user.id, 'month', start)]);
    const passes = await passesOf(t.db, user.id);
    expect(passes).toHaveLength(3);
    // One after the other, no day shared: 3 x 30 days from the first start.
    expect(passes[0]!.id).toBe(first.pass.id);
    expect(passes[1]!.startsAt).toEqual(passes[0]!.endsAt);
    expect(passes[2]!.startsAt).toEqual(passes[1]!.endsAt);
    expect(passes[2]!.endsAt.getTime() - start.getTime()).toBe(90 * DAY);
  });

  it('starts a new pass now when the last one has ended', async () => {
    const { user } = await createMember(t);
    await buy(user.id, 'week');
    clock.advance(10 * DAY);
    const at = clock.now();
    const later = await buy(user.id, 'week', at);
    expect(later.pass.startsAt).toEqual(at);
  });

  it('the entitlement is the best plan of the passes covering a moment, and ends with them', async () => {
    const { user } = await createMember(t);
    expect(await activePlan(t.db, user.id, clock.now())).toBeUndefined();
    const { plan } = await buy(user.id, 'week');
    expect((await activePlan(t.db, user.id, clock.now()))?.id).toBe(plan.id);
    expect(await activePlan(t.db, user.id, new Date(clock.now().getTime() + 7 * DAY))).toBeUndefined();
  });

  it('revoking a payment that granted nothing changes nothing', async () => {
    expect(
      await t.db.transaction((tx) => revokePass(tx, { paymentId: randomUUID(), at: clock.now() })),
    ).toBeUndefined();
  });

  it("GET /api/user-subscriptions lists the member's passes only, oldest first, expired said", async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    await givePass(t.db, a.user.id, 'week');
    clock.advance(1000);
    await givePass(t.db, a.user.id, 'month');
    await givePass(t.db, b.user.id, 'quarter');
    const res = await asMember(t, a.cookie)('GET', '/api/user-subscriptions?sort=%2BcreatedAt');
    expect(res.statusCode).toBe(200);
    const body = UserSubscriptionsAnswerSchema.parse(res.json());
    expect(body.count).toBe(2);
    expect(body.subscriptions.map((s) => s.subscription.key)).toEqual(['week', 'month']);
    expect(body.subscriptions.every((s) => !s.subscription.expired)).toBe(true);
    const newest = await asMember(t, a.cookie)('GET', '/api/user-subscriptions?sort=-createdAt&limit=1');
    expect(
      newest.json().subscriptions.map((s: { subscription: { key: string } }) => s.subscription.key),
    ).toEqual(['month']);
    clock.advance(40 * DAY);
    const later = UserSubscriptionsAnswerSchema.parse(
      (await asMember(t, a.cookie)('GET', '/api/user-subscriptions')).json(),
    );
    expect(later.subscriptions.every((s) => s.subscription.expired)).toBe(true);
  });

  it('reads ?sort=+createdAt written unencoded (the + arrives as a space) as the SPEC means it', async () => {
    const a = await createMember(t);
    await givePass(t.db, a.user.id, 'week');
    clock.advance(1000);
    await givePass(t.db, a.user.id, 'month');
    const keys = async (query: string) => {
      const res = await asMember(t, a.cookie)('GET', `/api/user-subscriptions?${query}`);
      expect(res.statusCode).toBe(200);
      return UserSubscriptionsAnswerSchema.parse(res.json()).subscriptions.map((s) => s.subscription.key);
    };
    expect(await keys('sort=+createdAt')).toEqual(['week', 'month']);
    expect(await keys('sort=%2BcreatedAt')).toEqual(['week', 'month']);
    expect(await keys('sort=-createdAt')).toEqual(['month', 'week']);
    // Anything else is still refused.
    const wrong = await asMember(t, a.cookie)('GET', '/api/user-subscriptions?sort=createdAt');
    expect(wrong.statusCode).toBe(400);
  });

  it("cancel keeps the days paid for (decision 0026), is idempotent, and is the owner's only", async () => {
    const owner = await createMember(t);
    const other = await createMember(t);
    const { pass } = await givePass(t.db, owner.user.id, 'month');
    const cancel = (by: typeof owner, id: string) =>
      asMember(t, by.cookie)('POST', `/api/user-subscriptions/${id}/cancel`);

    // Someone else's pass, and an unknown one: the same 404, nothing changed.
    for (const res of [await cancel(other, pass.id), await cancel(other, randomUUID())]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect((await passesOf(t.db, owner.user.id))[0]!.canceledAt).toBeNull();
    expect((await cancel(owner, 'not-a-uuid')).statusCode).toBe(400);

    const before = clock.now().getTime();
    const res = await cancel(owner, pass.id);
    expect(res.statusCode).toBe(200);
    const canceled = UserSubscriptionSchema.parse(res.json());
    const canceledAt = Date.parse(canceled.canceledAt!);
    expect(canceledAt).toBeGreaterThanOrEqual(before);
    expect(canceledAt).toBeLessThanOrEqual(clock.now().getTime());
    expect(canceled.endsAt).toBe(pass.endsAt.toISOString());
    expect(canceled.subscription.expired).toBe(false);
    // Premium runs to the end of the paid days, and ends then.
    clock.advance(29 * DAY);
    expect((await activePlan(t.db, owner.user.id, clock.now()))?.key).toBe('month');
    const again = UserSubscriptionSchema.parse((await cancel(owner, pass.id)).json());
    expect(again.canceledAt).toBe(canceled.canceledAt);
    clock.advance(2 * DAY);
    expect(await activePlan(t.db, owner.user.id, clock.now())).toBeUndefined();
  });

  it('account deletion keeps the pass beside its payment and cuts the member from it', async () => {
    const member = await createMember(t);
    const { pass } = await givePass(t.db, member.user.id, 'week');
    const res = await asMember(t, member.cookie)('DELETE', '/api/users', { password: member.password });
    expect(res.statusCode).toBe(204);
    const [kept] = await t.db.select().from(userSubscriptions).where(eq(userSubscriptions.id, pass.id));
    expect(kept).toEqual({ ...pass, userId: null });
    // A refund after the deletion still revokes it.
    const at = clock.now();
    const revoked = await t.db.transaction((tx) => revokePass(tx, { paymentId: pass.paymentId, at }));
    expect(revoked).toMatchObject({ id: pass.id, userId: null, revokedAt: at, endsAt: at });
  });
});
