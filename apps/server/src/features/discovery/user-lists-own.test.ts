import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildMatch, buildRating, buildVisit, createProfile, idsOf } from '../../test/discovery-factories.ts';

const minutesAgo = (minutes: number) => new Date(clock.now().getTime() - minutes * 60_000);

// The viewer's own lists (GET /api/users?filter=): their ratings, visits and matches, either way.
describe("GET /api/users: the viewer's ratings, visits and matches", () => {
  let t: TestApp;
  // Each test's viewer wants one age of its own, as in user-lists.test.ts.
  let nextAge = 60;
  const viewerOfBand = async () => {
    const age = nextAge++;
    const viewer = await createProfile(t, { age: 50, matchAgeMin: age, matchAgeMax: age });
    return { viewer, age };
  };

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('lists ratings, visits and matches in both directions, newest first', async () => {
    const { viewer, age } = await viewerOfBand();
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createProfile(t, { age })));
    await buildRating(t, { rater: viewer, rated: a!, score: 5, at: minutesAgo(30) });
    await buildRating(t, { rater: viewer, rated: b!, score: 2, at: minutesAgo(10) });
    await buildRating(t, { rater: c!, rated: viewer, score: 4, at: minutesAgo(20) });
    await buildRating(t, { rater: a!, rated: viewer, score: 4, at: minutesAgo(5) });
    // A pass is never shown to the one passed on.
    await buildRating(t, { rater: b!, rated: viewer, score: 3, at: minutesAgo(1) });
    await buildVisit(t, { visitor: viewer, visited: c!, at: minutesAgo(50) });
    await buildVisit(t, { visitor: viewer, visited: a!, at: minutesAgo(40) });
    await buildVisit(t, { visitor: b!, visited: viewer, at: minutesAgo(3) });
    await buildMatch(t, { members: [viewer, a!] });

    expect(await idsOf(t, viewer, 'i-rated')).toEqual([b!.user.id, a!.user.id]);
    expect(await idsOf(t, viewer, 'rated-me')).toEqual([a!.user.id, c!.user.id]);
    expect(await idsOf(t, viewer, 'i-visited')).toEqual([a!.user.id, c!.user.id]);
    expect(await idsOf(t, viewer, 'visited-me')).toEqual([b!.user.id]);
    expect(await idsOf(t, viewer, 'rated-each')).toEqual([a!.user.id]);
    // Seen from the other side.
    expect(await idsOf(t, a!, 'rated-each')).toEqual([viewer.user.id]);
    expect(await idsOf(t, a!, 'i-rated')).toEqual([viewer.user.id]);
    expect(await idsOf(t, c!, 'i-visited')).toEqual([]);
    expect(await idsOf(t, c!, 'visited-me')).toEqual([viewer.user.id]);
  });

  it("keeps the viewer's ratings, visits and matches whatever their preferences now say", async () => {
    const { viewer, age } = await viewerOfBand();
    // Older than the viewer wants, as after a change of preferences: none in the lists to discover.
    const outside = await createProfile(t, { age: age + 10 });
    await buildRating(t, { rater: outside, rated: viewer, score: 5, at: minutesAgo(3) });
    await buildRating(t, { rater: viewer, rated: outside, score: 5, at: minutesAgo(2) });
    await buildVisit(t, { visitor: outside, visited: viewer, at: minutesAgo(2) });
    await buildVisit(t, { visitor: viewer, visited: outside, at: minutesAgo(1) });
    await buildMatch(t, { members: [viewer, outside] });

    for (const filter of ['rated-me', 'i-rated', 'visited-me', 'i-visited', 'rated-each'] as const) {
      expect(await idsOf(t, viewer, filter), filter).toEqual([outside.user.id]);
    }
    expect(await idsOf(t, viewer, 'users')).not.toContain(outside.user.id);
  });
});
