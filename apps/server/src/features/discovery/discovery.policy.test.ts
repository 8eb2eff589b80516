import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createProfile } from '../../test/discovery-factories.ts';
import { memberPoint, metresFrom, pointAt, withinKm, type Position } from './discovery.policy.ts';

describe('metresFrom (plain haversine in SQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const places: Position[] = [
    { latitude: -4.325, longitude: 15.315 }, // Kinshasa
    { latitude: -4.265, longitude: 15.285 }, // Brazzaville, across the river
    { latitude: 6.525, longitude: 3.375 }, // Lagos
    { latitude: 30.045, longitude: 31.235 }, // Cairo
    { latitude: -33.925, longitude: 18.425 }, // Cape Town
    { latitude: 64.145, longitude: -21.945 }, // Reykjavik
    { latitude: 4.325, longitude: -164.685 }, // nearly antipodal to Kinshasa
  ];

  it("gives earthdistance's great-circle distance from near to antipodal", async () => {
    const members = await Promise.all(places.map((position) => createProfile(t, { position })));
    const ids = members.map((member) => member.user.id);
    for (const at of places) {
      const rows = await t.db
        .select({
          mine: metresFrom(at),
          theirs: sql<number>`earth_distance(${pointAt(at)}, ${memberPoint})`,
        })
        .from(users)
        .where(inArray(users.id, ids));
      expect(rows).toHaveLength(places.length);
      for (const { mine, theirs } of rows) {
        // Both are float arithmetic: equal to the micrometre up to thousands of km, to a metre at the antipode.
        const tolerance = Number(theirs) < 5_000_000 ? 1e-6 : 1;
        expect(Math.abs(Number(mine) - Number(theirs))).toBeLessThan(tolerance);
      }
    }
  });

  it('keeps members within the distance and leaves out those just beyond it', async () => {
    const kinshasa = places[0]!;
    const brazzaville = await createProfile(t, { position: places[1] });
    const [{ metres }] = (await t.db
      .select({ metres: sql<number>`earth_distance(${pointAt(kinshasa)}, ${memberPoint})` })
      .from(users)
      .where(inArray(users.id, [brazzaville.user.id]))) as [{ metres: number }];
    const within = async (km: number) =>
      (
        await t.db
          .select({ id: users.id })
          .from(users)
          .where(sql`${inArray(users.id, [brazzaville.user.id])} AND ${withinKm(kinshasa, km)}`)
      ).length;
    expect(await within(Number(metres) / 1000 + 0.001)).toBe(1);
    expect(await within(Number(metres) / 1000 - 0.001)).toBe(0);
  });
});
