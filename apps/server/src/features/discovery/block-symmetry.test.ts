import { and, eq, or } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { USER_LIST_FILTERS } from '@motema/shared/discovery';
import { blocks, ratings } from '../../db/schema.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { createProfile, everyRelation, idsOf, rate } from '../../test/discovery-factories.ts';
import { asMember, type Member } from '../../test/factories.ts';
import { buildBlock } from '../../test/safety-factories.ts';
import { collectEvents, eventually, settle, socketTestBed } from '../../test/socket-test-bed.ts';

/**
 * QUALITY Z3: a block, whichever member made it, hides the two members from each other everywhere
 * discovery shows members: every list, the profile page, ratings and the match event.
 */
describe('blocking is symmetric and total in discovery', () => {
  const bed = socketTestBed();
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });

  // Each pair lives in an age band of its own, so the lists hold nobody else.
  let nextAge = 30;
  async function pair() {
    const age = nextAge++;
    const options = { age, matchAgeMin: age, matchAgeMax: age, connected: true };
    const [a, b] = [
      await createProfile(t, options),
      await createProfile(t, { ...options, sex: 'male' as const }),
    ];
    return [a!, b!] as const;
  }

  const scores = async (a: Member, b: Member) =>
    (
      await t.db
        .select({ rater: ratings.raterId, score: ratings.score })
        .from(ratings)
        .where(
          or(
            and(eq(ratings.raterId, a.user.id), eq(ratings.ratedId, b.user.id)),
            and(eq(ratings.raterId, b.user.id), eq(ratings.ratedId, a.user.id)),
          ),
        )
    ).sort((x, y) => x.rater.localeCompare(y.rater));

  async function expectHiddenFromEachOther(a: Member, b: Member) {
    for (const [viewer, other] of [
      [a, b],
      [b, a],
    ] as const) {
      for (const filter of USER_LIST_FILTERS) {
        expect(await idsOf(t, viewer, filter), `${filter}`).not.toContain(other.user.id);
      }
      const profile = await asMember(t, viewer.cookie)('GET', `/api/users/${other.user.id}`);
      expect(profile.statusCode).toBe(404);
      expect(profile.json().code).toBe('user_not_found');
    }
  }

  it.each([
    ['the first blocks the second', false],
    ['the second blocks the first', true],
  ])('hides both from each other when %s', async (_name, reversed) => {
    const [a, b] = await pair();
    await everyRelation(t, a, b);
    // Before the block, each sees the other in every list (the test would fail to notice otherwise).
    for (const filter of USER_LIST_FILTERS) {
      expect(await idsOf(t, a, filter), filter).toEqual([b.user.id]);
      expect(await idsOf(t, b, filter), filter).toEqual([a.user.id]);
    }
    if (reversed) await buildBlock(t, { blocker: b, blocked: a });
    else await buildBlock(t, { blocker: a, blocked: b });
    await expectHiddenFromEachOther(a, b);

    // Ratings either way are refused, and change nothing.
    const before = await scores(a, b);
    for (const [rater, rated] of [
      [a, b],
      [b, a],
    ] as const) {
      const res = await rate(t, rater, rated, 3);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('user_not_found');
    }
    expect(await scores(a, b)).toEqual(before);

    // Lifting the block shows them to each other again.
    await t.db.delete(blocks);
    expect(await idsOf(t, a, 'users')).toEqual([b.user.id]);
  });

  it('sends no match event between members with a block', async () => {
    const [a, b] = await pair();
    const isMatch = (event: string) => event.startsWith('matched:');
    const received = [
      collectEvents(await bed.socketOf(a), isMatch),
      collectEvents(await bed.socketOf(b), isMatch),
    ];
    const matched = () => received.flatMap((events) => events.map(({ event }) => event));
    await rate(t, b, a, 5);
    await buildBlock(t, { blocker: a, blocked: b });
    const res = await rate(t, a, b, 5);
    expect(res.statusCode).toBe(404);
    await settle(400);
    expect(matched()).toEqual([]);
    expect(await scores(a, b)).toEqual([{ rater: b.user.id, score: 5 }]);
    await t.db.delete(blocks);
    // Without the block, the same rating makes the match and both hear of it (the check above is live).
    expect((await rate(t, a, b, 5)).json()).toMatchObject({ matched: true });
    await eventually(() =>
      expect(matched().sort()).toEqual([`matched:${a.user.id}`, `matched:${b.user.id}`].sort()),
    );
  });
});
