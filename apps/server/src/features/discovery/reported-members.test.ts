import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_LIST_FILTERS } from '@motema/shared/discovery';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  buildMatch,
  buildRating,
  buildVisit,
  createProfile,
  idsOf,
  listFor,
} from '../../test/discovery-factories.ts';
import { asMember, type Member } from '../../test/factories.ts';
import { buildReport } from '../../test/safety-factories.ts';

/** Every list a member sees, the swap deck included, as `filter -> ids`. */
async function everyList(t: TestApp, viewer: Member) {
  const lists: Record<string, string[]> = {};
  for (const filter of USER_LIST_FILTERS) lists[filter] = await idsOf(t, viewer, filter);
  lists.deck = await idsOf(t, viewer, 'users', { unrated: true });
  return lists;
}
const holding = (lists: Record<string, string[]>, member: Member) =>
  Object.keys(lists).filter((list) => lists[list]!.includes(member.user.id));

describe('a member just reported is gone from the reporter’s lists and badge', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const badgeOf = async (member: Member) =>
    (await asMember(t, member.cookie)('GET', '/api/counters')).json<{ notifications: number }>()
      .notifications;

  it('and the deck, at once, still there for others, and the reported member still sees the reporter', async () => {
    const live = { connected: true };
    const reporter = await createProfile(t, live);
    // One the reporter has not rated yet (on the deck) who liked and visited them...
    const stranger = await createProfile(t, { ...live, firstName: 'Segun', sex: 'male' });
    await buildRating(t, { rater: stranger, rated: reporter, score: 5 });
    await buildVisit(t, { visitor: stranger, visited: reporter });
    await buildVisit(t, { visitor: reporter, visited: stranger });
    // ...and one they matched with.
    const match = await createProfile(t, { ...live, firstName: 'Kwame', sex: 'male' });
    await buildRating(t, { rater: reporter, rated: match, score: 5 });
    await buildRating(t, { rater: match, rated: reporter, score: 5 });
    await buildMatch(t, { members: [reporter, match] });
    const bystander = await createProfile(t, live);

    const before = await everyList(t, reporter);
    const countBefore = (await listFor(t, reporter, 'users')).count;
    // Two likes, a visit and a match on the badge.
    expect(await badgeOf(reporter)).toBe(4);
    expect(holding(before, stranger).sort()).toEqual(
      ['connected', 'deck', 'last', 'near', 'popular', 'rated-me', 'users', 'visited-me', 'i-visited'].sort(),
    );
    expect(holding(before, match).sort()).toEqual(
      ['connected', 'i-rated', 'last', 'near', 'popular', 'rated-each', 'rated-me', 'users'].sort(),
    );

    for (const reported of [stranger, match]) {
      const res = await asMember(t, reporter.cookie)('POST', '/api/reports', {
        user: reported.user.id,
        reason: 'fake_account',
        subReason: 'famous_person_photo',
      });
      expect(res.statusCode).toBe(201);
    }

    const after = await everyList(t, reporter);
    expect(holding(after, stranger)).toEqual([]);
    expect(holding(after, match)).toEqual([]);
    // The count follows the page, and the badge the lists.
    expect((await listFor(t, reporter, 'users')).count).toBe(countBefore - 2);
    expect(await badgeOf(reporter)).toBe(0);
    expect(holding(after, bystander)).toEqual(holding(before, bystander));
    // One way only: nobody else loses them, and they still see the reporter (nothing tells them).
    expect(await idsOf(t, bystander, 'users')).toEqual(expect.arrayContaining([stranger.user.id]));
    expect(await idsOf(t, stranger, 'users')).toContain(reporter.user.id);
    expect(await idsOf(t, match, 'rated-each')).toEqual([reporter.user.id]);
    // The profile stays reachable by its link (the report page returns to it).
    const profile = await asMember(t, reporter.cookie)('GET', `/api/users/${stranger.user.id}`);
    expect(profile.statusCode).toBe(200);
  });

  it('whatever became of the report: a closed one keeps the member out of the lists', async () => {
    const [reporter, reported] = [await createProfile(t), await createProfile(t)];
    await buildReport(t, { reporter, reported, status: 'closed' });
    expect(await idsOf(t, reporter, 'users')).not.toContain(reported.user.id);
  });
});
