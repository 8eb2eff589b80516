import { and, eq, or } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MatchEventSchema, type MatchEvent } from '@motema/shared/discovery';
import { matches, ratings } from '../../db/schema.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import {
  buildRating,
  createProfile,
  expectNoPrivateData,
  KINSHASA,
  moved,
  rate,
} from '../../test/discovery-factories.ts';
import { asMember, findUser, type Member } from '../../test/factories.ts';
import { buildBlock } from '../../test/safety-factories.ts';
import { atLeast, collectEvents, eventually, settle, socketTestBed } from '../../test/socket-test-bed.ts';
import { computePopularity } from './popularity.ts';
import { RATINGS_PER_MINUTE } from './discovery.routes.ts';

/** How long to listen for an event that must not come. */
const SILENCE_MS = 400;

describe('POST /api/rate/user', () => {
  const bed = socketTestBed();
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });

  const ratingsBetween = (a: Member, b: Member) =>
    t.db
      .select()
      .from(ratings)
      .where(
        or(
          and(eq(ratings.raterId, a.user.id), eq(ratings.ratedId, b.user.id)),
          and(eq(ratings.raterId, b.user.id), eq(ratings.ratedId, a.user.id)),
        ),
      );
  const matchOf = async (a: Member, b: Member) => {
    const [low, high] = [a.user.id, b.user.id].sort();
    return t.db
      .select()
      .from(matches)
      .where(and(eq(matches.userA, low!), eq(matches.userB, high!)));
  };

  /** Every `matched:*` event a member's socket receives. */
  async function listen(member: Member) {
    return collectEvents<MatchEvent>(await bed.socketOf(member), (event) => event.startsWith('matched:'));
  }
  const silence = () => settle(SILENCE_MS);
  /** Exactly one match event on each list. */
  const oneEach = (toA: readonly unknown[], toB: readonly unknown[]) =>
    eventually(() => expect([toA.length, toB.length]).toEqual([1, 1]));

  it('keeps one current rating per pair, changeable, and answers it', async () => {
    const [rater, rated] = [await createProfile(t), await createProfile(t)];
    const first = await rate(t, rater, rated, 3);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ user: rated.user.id, score: 3, matched: false });
    const changed = await rate(t, rater, rated, 1);
    expect(changed.json()).toEqual({ user: rated.user.id, score: 1, matched: false });
    const stored = await ratingsBetween(rater, rated);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ raterId: rater.user.id, ratedId: rated.user.id, score: 1 });
  });

  it('recomputes the rated member popularity in the same request', async () => {
    const rated = await createProfile(t);
    const raters = await Promise.all([5, 5, 4].map(() => createProfile(t)));
    for (const [i, rater] of raters.entries()) await rate(t, rater, rated, [5, 5, 4][i]!);
    expect((await findUser(t.db, rated.user.id))!.popularity).toBe(
      computePopularity({ ratings: 3, scoreSum: 14, visitors: 0 }),
    );
    await rate(t, raters[2]!, rated, 1);
    expect((await findUser(t.db, rated.user.id))!.popularity).toBe(
      computePopularity({ ratings: 3, scoreSum: 11, visitors: 0 }),
    );
  });

  it('matches two members who rate each other 4 or more, and tells both sockets', async () => {
    const a = await createProfile(t, { firstName: 'Amani', position: KINSHASA });
    const b = await createProfile(t, { firstName: 'Bolingo', sex: 'male', position: moved(KINSHASA, 7) });
    const bystander = await createProfile(t);
    const [toA, toB, toBystander] = [await listen(a), await listen(b), await listen(bystander)];

    expect((await rate(t, a, b, 4)).json()).toMatchObject({ matched: false });
    await silence();
    expect(toA.concat(toB)).toEqual([]);

    const res = await rate(t, b, a, 5);
    expect(res.json()).toEqual({ user: a.user.id, score: 5, matched: true });
    const [match] = await matchOf(a, b);
    expect(match).toBeDefined();
    expect(match!.userA < match!.userB).toBe(true);

    await Promise.all([atLeast(toA, 1), atLeast(toB, 1)]);
    expect(toA.map((e) => e.event)).toEqual([`matched:${a.user.id}`]);
    expect(toB.map((e) => e.event)).toEqual([`matched:${b.user.id}`]);
    for (const { payload } of [...toA, ...toB]) {
      expect(MatchEventSchema.parse(payload)).toEqual(payload);
      expect(payload).toMatchObject({ status: 'matched', match: { _id: match!.id } });
    }
    // Each receives the other member's card, as they see it.
    expect(toA[0]!.payload.user).toMatchObject({
      _id: b.user.id,
      firstName: 'Bolingo',
      sex: 'male',
      distance: 10,
    });
    expect(toB[0]!.payload.user).toMatchObject({ _id: a.user.id, firstName: 'Amani', distance: 10 });
    expectNoPrivateData(JSON.stringify(toA), b);
    expectNoPrivateData(JSON.stringify(toB), a);
    expect(toBystander).toEqual([]);

    // Rating again keeps the match and announces nothing new.
    expect((await rate(t, a, b, 5)).json()).toMatchObject({ matched: true });
    await silence();
    expect([toA.length, toB.length]).toEqual([1, 1]);
  });

  it('removes the match, silently, when a rating drops below 4', async () => {
    const [a, b] = [await createProfile(t), await createProfile(t)];
    await rate(t, a, b, 5);
    await rate(t, b, a, 4);
    expect(await matchOf(a, b)).toHaveLength(1);
    const [toA, toB] = [await listen(a), await listen(b)];
    expect((await rate(t, a, b, 3)).json()).toEqual({ user: b.user.id, score: 3, matched: false });
    expect(await matchOf(a, b)).toEqual([]);
    await silence();
    expect([toA.length, toB.length]).toEqual([0, 0]);
    // Liking again makes a new match, announced again.
    expect((await rate(t, a, b, 4)).json()).toMatchObject({ matched: true });
    await oneEach(toA, toB);
  });

  it('makes the match once when both rate each other at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = [await createProfile(t), await createProfile(t)];
      const [toA, toB] = [await listen(a), await listen(b)];
      const answers = await Promise.all([rate(t, a, b, 5), rate(t, b, a, 5)]);
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
      expect(answers.some((res) => res.json().matched)).toBe(true);
      expect(await matchOf(a, b)).toHaveLength(1);
      await oneEach(toA, toB);
      await silence();
      expect([toA.length, toB.length]).toEqual([1, 1]);
    }
  });

  it('refuses to rate oneself, unknown, inactive, incomplete or blocked members, storing nothing', async () => {
    const rater = await createProfile(t);
    const blocked = await createProfile(t);
    const blocking = await createProfile(t);
    await buildBlock(t, { blocker: rater, blocked });
    await buildBlock(t, { blocker: blocking, blocked: rater });
    const self = await rate(t, rater, rater, 5);
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('self_not_allowed');
    const targets = [
      '0d4bb2a8-3c52-4d7b-9fd4-2e8a1f7f2a11',
      (await createProfile(t, { status: 'pending', emailConfirmedAt: null })).user.id,
      (await createProfile(t, { status: 'deactivated' })).user.id,
      (await createProfile(t, { firstName: null })).user.id,
      (await createProfile(t, { sex: null })).user.id,
      blocked.user.id,
      blocking.user.id,
    ];
    for (const target of targets) {
      const res = await rate(t, rater, target, 5);
      expect(res.statusCode, target).toBe(404);
      expect(res.json().code, target).toBe('user_not_found');
    }
    expect(await t.db.select().from(ratings).where(eq(ratings.raterId, rater.user.id))).toEqual([]);
  });

  it('refuses bad ratings with a clear error, storing nothing', async () => {
    const [rater, rated] = [await createProfile(t), await createProfile(t)];
    await rate(t, rater, rated, 2);
    for (const [body, path, code] of [
      [{ user: rated.user.id, score: 0 }, 'score', 'invalid_value'],
      [{ user: rated.user.id, score: 6 }, 'score', 'invalid_value'],
      [{ user: rated.user.id, score: 4.5 }, 'score', 'must_be_numeric'],
      [{ user: rated.user.id, score: '5' }, 'score', 'must_be_numeric'],
      [{ user: rated.user.id }, 'score', 'must_be_numeric'],
      [{ user: 'someone', score: 5 }, 'user', 'invalid_value'],
      [{ score: 5 }, 'user', 'invalid_value'],
    ] as const) {
      const res = await asMember(t, rater.cookie)('POST', '/api/rate/user', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        issues: [expect.objectContaining({ path, code })],
      });
    }
    expect((await ratingsBetween(rater, rated)).map((row) => row.score)).toEqual([2]);
  });

  it('is for members only', async () => {
    const rated = await createProfile(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rate/user',
      payload: { user: rated.user.id, score: 5 },
    });
    expect(res.statusCode).toBe(401);
    expect(await t.db.select().from(ratings).where(eq(ratings.ratedId, rated.user.id))).toEqual([]);
  });

  it(`limits a member to ${RATINGS_PER_MINUTE} ratings a minute, whatever the address`, async () => {
    const rater = await createProfile(t);
    const rated = await createProfile(t);
    await buildRating(t, { rater: rated, rated: rater, score: 1 });
    for (let i = 0; i < RATINGS_PER_MINUTE; i++) {
      expect((await rate(t, rater, rated, 1 + (i % 5))).statusCode).toBe(200);
    }
    const refused = await rate(t, rater, rated, 5);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    expect(refused.headers['retry-after']).toBeDefined();
    // The refused rating changed nothing.
    const [stored] = await t.db.select().from(ratings).where(eq(ratings.raterId, rater.user.id));
    expect(stored!.score).toBe(1 + ((RATINGS_PER_MINUTE - 1) % 5));
    // Another member is not held back.
    expect((await rate(t, await createProfile(t), rated, 5)).statusCode).toBe(200);
  });
});
