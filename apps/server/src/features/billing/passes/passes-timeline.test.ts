import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UserSubscriptionsAnswerSchema } from '@motema/shared/billing';
import { userSubscriptions } from '../../../db/schema.ts';
import { clock } from '../../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { givePass, passesOf } from '../../../test/billing-factories.ts';
import { asMember, createMember } from '../../../test/factories.ts';
import { activePlan, revokePass } from './passes.service.ts';

const DAY = 24 * 60 * 60 * 1000;

type PlanKey = 'week' | 'month' | 'quarter';

/**
 * Where passes sit in time (decision 0026, amended): a better plan starts at once and the weaker
 * passes give way by its days, an equal or weaker one waits for the passes as good as it, and a
 * refund gives back exactly the days the refunded pass still owned.
 */
describe('passes in time: upgrades, queues, refunds', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  /** A pass of plan `key` for the member, as a payment settled at `at` grants it. */
  const buy = (userId: string, key: PlanKey, at = clock.now()) => givePass(t.db, userId, key, at);
  const refund = (paymentId: string, at: Date) => t.db.transaction((tx) => revokePass(tx, { paymentId, at }));
  const after = (start: Date, days: number) => new Date(start.getTime() + days * DAY);
  const planAt = async (userId: string, at: Date) => (await activePlan(t.db, userId, at))?.key;
  const passById = async (id: string) => {
    const [row] = await t.db.select().from(userSubscriptions).where(eq(userSubscriptions.id, id));
    if (!row) throw new Error(`no pass ${id}`);
    return row;
  };
  /** A pass's window in days from `start`: [start day, end day]. */
  const windowOf = async (id: string, start: Date) => {
    const pass = await passById(id);
    return [pass.startsAt, pass.endsAt].map((at) => (at.getTime() - start.getTime()) / DAY);
  };

  it('a weaker plan bought while a better pass runs starts when it ends', async () => {
    const { user } = await createMember(t);
    const start = clock.now();
    const month = await buy(user.id, 'month', start);
    const week = await buy(user.id, 'week', after(start, 3));
    expect(await windowOf(month.pass.id, start)).toEqual([0, 30]);
    expect(await windowOf(week.pass.id, start)).toEqual([30, 37]);
    expect(await planAt(user.id, after(start, 29))).toBe('month');
    expect(await planAt(user.id, after(start, 31))).toBe('week');
  });

  it('a better plan starts at once; the weaker passes give way by its days and none is lost', async () => {
    const { user } = await createMember(t);
    const start = clock.now();
    const running = await buy(user.id, 'week', start);
    const queued = await buy(user.id, 'week', start);
    expect(await windowOf(queued.pass.id, start)).toEqual([7, 14]);
    // Two days into the first week the member buys the month to reach someone the week does not.
    const month = await buy(user.id, 'month', after(start, 2));
    expect(await windowOf(month.pass.id, start)).toEqual([2, 32]);
    // The running week keeps its true start and its 5 days left resume after the month; the queued
    // week starts 30 days later.
    expect(await windowOf(running.pass.id, start)).toEqual([0, 37]);
    expect(await windowOf(queued.pass.id, start)).toEqual([37, 44]);
    expect(await planAt(user.id, after(start, 1))).toBe('week');
    expect(await planAt(user.id, after(start, 2))).toBe('month');
    expect(await planAt(user.id, after(start, 31.9))).toBe('month');
    expect(await planAt(user.id, after(start, 32))).toBe('week');
    expect(await planAt(user.id, after(start, 43.9))).toBe('week');
    expect(await planAt(user.id, after(start, 44))).toBeUndefined();
  });

  it('GET /api/user-subscriptions shows each pass as it is after an upgrade: true starts and ends', async () => {
    const member = await createMember(t);
    const start = clock.now();
    const week = await buy(member.user.id, 'week', start);
    const bought = after(start, 2);
    await buy(member.user.id, 'month', bought);
    const res = await asMember(t, member.cookie)('GET', '/api/user-subscriptions?sort=%2BcreatedAt');
    const body = UserSubscriptionsAnswerSchema.parse(res.json());
    expect(body.subscriptions.map((s) => [s.subscription.key, s.startsAt, s.endsAt])).toEqual([
      ['week', week.pass.startsAt.toISOString(), after(start, 37).toISOString()],
      ['month', bought.toISOString(), after(bought, 30).toISOString()],
    ]);
  });

  it('passes nest: a quarter inside a month inside a week, each resuming after the better one', async () => {
    const { user } = await createMember(t);
    const start = clock.now();
    const week = await buy(user.id, 'week', start);
    const month = await buy(user.id, 'month', after(start, 1));
    const quarter = await buy(user.id, 'quarter', after(start, 3));
    expect(await windowOf(quarter.pass.id, start)).toEqual([3, 93]);
    expect(await windowOf(month.pass.id, start)).toEqual([1, 121]);
    expect(await windowOf(week.pass.id, start)).toEqual([0, 127]);
    // A month bought now is as good as the next best (the month's 28 days left): it goes after them,
    // before the week's 6 days left.
    const another = await buy(user.id, 'month', after(start, 4));
    expect(await windowOf(another.pass.id, start)).toEqual([121, 151]);
    expect(await windowOf(week.pass.id, start)).toEqual([0, 157]);
    const expected: [number, string | undefined][] = [
      [0.5, 'week'],
      [2, 'month'],
      [50, 'quarter'],
      [100, 'month'],
      [130, 'month'],
      [152, 'week'],
      [157, undefined],
    ];
    for (const [day, key] of expected) expect(await planAt(user.id, after(start, day))).toBe(key);
  });

  it('two better plans settling together: the same days in whichever order, the best now', async () => {
    const { user } = await createMember(t);
    const start = clock.now();
    const week = await buy(user.id, 'week', start);
    const at = after(start, 1);
    await Promise.all([buy(user.id, 'month', at), buy(user.id, 'quarter', at)]);
    // The quarter first, then the month, then the week's 6 days left: 127 days in all.
    expect(await windowOf(week.pass.id, start)).toEqual([0, 127]);
    expect(await planAt(user.id, at)).toBe('quarter');
    expect(await planAt(user.id, after(start, 92))).toBe('month');
    expect(await planAt(user.id, after(start, 122))).toBe('week');
  });

  it('a refund of a pass not begun gives all its days back: the later passes move earlier', async () => {
    const { user } = await createMember(t);
    const start = clock.now();
    const quarter = await buy(user.id, 'quarter', start);
    const month = await buy(user.id, 'month', start);
    const week = await buy(user.id, 'week', start);
    expect(await windowOf(week.pass.id, start)).toEqual([120, 127]);
    // Two days into the quarter, the month's payment is refunded: it had not started, all its 30 days go.
    const at = after(start, 2);
    const revoked = await refund(month.paymentId, at);
    expect(revoked?.revokedAt).toEqual(at);
    expect(await windowOf(quarter.pass.id, start)).toEqual([0, 90]);
    expect(await windowOf(week.pass.id, start)).toEqual([90, 97]);
    expect((await passById(month.pass.id)).revokedAt).toEqual(at);
    // The quarter runs on; the month grants nothing at any time.
    expect(await planAt(user.id, at)).toBe('quarter');
    expect(await planAt(user.id, after(start, 91))).toBe('week');
    // Revoking again changes nothing.
    const before = await passesOf(t.db, user.id);
    await refund(month.paymentId, clock.now());
    expect(await passesOf(t.db, user.id)).toEqual(before);
  });

  it('a refund of the running pass ends it at the refund, and the next starts then', async () => {
    const { user } = await createMember(t);
    const start = clock.now();
    const month = await buy(user.id, 'month', start);
    const week = await buy(user.id, 'week', start);
    const at = after(start, 3);
    await refund(month.paymentId, at);
    expect(await windowOf(month.pass.id, start)).toEqual([0, 3]);
    expect(await windowOf(week.pass.id, start)).toEqual([3, 10]);
    expect(await planAt(user.id, at)).toBe('week');
  });

  it('a refunded upgrade: the weaker passes it lengthened move back, keeping their days', async () => {
    const { user } = await createMember(t);
    const start = clock.now();
    const running = await buy(user.id, 'week', start);
    const queued = await buy(user.id, 'week', start);
    const month = await buy(user.id, 'month', after(start, 2));
    // Three days into the month, its payment is refunded: the first week's 5 days left resume now.
    await refund(month.paymentId, after(start, 5));
    expect(await windowOf(month.pass.id, start)).toEqual([2, 5]);
    expect(await windowOf(running.pass.id, start)).toEqual([0, 10]);
    expect(await windowOf(queued.pass.id, start)).toEqual([10, 17]);
    expect(await planAt(user.id, after(start, 5))).toBe('week');
    expect(await planAt(user.id, after(start, 17))).toBeUndefined();
  });

  it('a refund of a weaker pass while a better one runs inside it gives back only its own days', async () => {
    const { user } = await createMember(t);
    const start = clock.now();
    const running = await buy(user.id, 'week', start);
    const queued = await buy(user.id, 'week', start);
    const month = await buy(user.id, 'month', after(start, 2));
    // Day 10, inside the month: the first week is refunded. Its 5 days left go; the month's stay.
    await refund(running.paymentId, after(start, 10));
    expect(await windowOf(running.pass.id, start)).toEqual([0, 10]);
    expect(await windowOf(month.pass.id, start)).toEqual([2, 32]);
    expect(await windowOf(queued.pass.id, start)).toEqual([32, 39]);
    expect(await planAt(user.id, after(start, 10))).toBe('month');
    expect(await planAt(user.id, after(start, 33))).toBe('week');
  });

  it('a refund in the middle of nested passes: the outer ones keep exactly their days left', async () => {
    const { user } = await createMember(t);
    const start = clock.now();
    const week = await buy(user.id, 'week', start);
    const month = await buy(user.id, 'month', after(start, 1));
    const quarter = await buy(user.id, 'quarter', after(start, 3));
    // Day 50, inside the quarter, the month is refunded: its 28 days left go, the week's 6 stay.
    await refund(month.paymentId, after(start, 50));
    expect(await windowOf(month.pass.id, start)).toEqual([1, 50]);
    expect(await windowOf(quarter.pass.id, start)).toEqual([3, 93]);
    expect(await windowOf(week.pass.id, start)).toEqual([0, 99]);
    expect(await planAt(user.id, after(start, 92))).toBe('quarter');
    expect(await planAt(user.id, after(start, 94))).toBe('week');
  });
});
