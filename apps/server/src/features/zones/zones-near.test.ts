import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zones } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createProfile, KINSHASA, moved } from '../../test/discovery-factories.ts';
import type { Member } from '../../test/factories.ts';
import { addToZone, buildZone, zoneCall } from '../../test/zone-factories.ts';

const LUBUMBASHI = { latitude: -11.6609, longitude: 27.4794 };

describe('zones near the member', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const placeOf = async (id: string) => {
    const [row] = await t.db
      .select({ latitude: zones.latitude, longitude: zones.longitude })
      .from(zones)
      .where(eq(zones.id, id));
    return row;
  };
  const near = async (who: Member, query = '') => {
    const res = await zoneCall(t, who)('GET', `/api/zones/suggestions?near=true${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ zones: { _id: string; members: number }[]; count: number }>();
  };

  it("keeps its creator's position rounded to a tenth of a degree, or none", async () => {
    const placed = await buildZone(t, { admin: await createProfile(t, { position: moved(KINSHASA, 1, 1) }) });
    const place = await placeOf(placed.id);
    expect(place).toEqual({ latitude: -4.3, longitude: 15.3 });
    const unplaced = await buildZone(t, { admin: await createProfile(t, { position: null }) });
    expect(await placeOf(unplaced.id)).toEqual({ latitude: null, longitude: null });
    // The place is never shown.
    const page = await zoneCall(t, placed.admin)('GET', `/api/zones/${placed.id}`);
    expect(Object.keys(page.json())).not.toContain('latitude');
    expect(page.body).not.toContain('15.3');
  });

  it("lists the zones within the member's distance they are not in, most members first", async () => {
    const viewer = await createProfile(t, { position: KINSHASA, matchDistance: 50, language: 'fr' });
    const creator = (position: typeof KINSHASA | null) => createProfile(t, { position, language: 'en' });
    const busy = await buildZone(t, { admin: await creator(moved(KINSHASA, 20)) });
    const quiet = await buildZone(t, { admin: await creator(moved(KINSHASA, -10, 10)) });
    const far = await buildZone(t, { admin: await creator(LUBUMBASHI) });
    const outside = await buildZone(t, { admin: await creator(moved(KINSHASA, 80)) });
    const unplaced = await buildZone(t, { admin: await creator(null) });
    const mine = await buildZone(t, { admin: await creator(KINSHASA) });
    await addToZone(t, mine.id, 'member', viewer);
    for (let i = 0; i < 3; i++) await addToZone(t, busy.id, 'member');

    const list = await near(viewer);
    const ids = list.zones.map((zone) => zone._id);
    expect(ids.indexOf(busy.id)).toBeLessThan(ids.indexOf(quiet.id));
    expect(ids).toEqual(expect.arrayContaining([busy.id, quiet.id]));
    for (const hidden of [far, outside, unplaced, mine]) expect(ids).not.toContain(hidden.id);
    expect(list.count).toBe(ids.length);
    expect(list.zones.map((zone) => zone.members)).toEqual(
      [...list.zones.map((zone) => zone.members)].sort((a, b) => b - a),
    );
    // A wider preferred distance reaches the zone at 80 km.
    await t.db.execute(sql`UPDATE users SET match_distance = 100 WHERE id = ${viewer.user.id}`);
    expect((await near(viewer)).zones.map((zone) => zone._id)).toContain(outside.id);
    // Without near, the suggestions are not by place (the member's language first, then the others':
    // zones-suggestions.test.ts): the far zone is among them.
    const suggested = await zoneCall(t, viewer)('GET', '/api/zones/suggestions?limit=100');
    const suggestedIds = suggested.json().zones.map((zone: { _id: string }) => zone._id);
    expect(suggestedIds).toContain(far.id);
    expect(suggestedIds).not.toContain(mine.id);
  });

  it('lists nothing near a member who shares no position, and refuses a bad flag', async () => {
    await buildZone(t, { admin: await createProfile(t, { position: KINSHASA }) });
    expect(await near(await createProfile(t, { position: null }))).toEqual({ zones: [], count: 0 });
    const bad = await zoneCall(t, await createProfile(t))('GET', '/api/zones/suggestions?near=perhaps');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'validation_failed']);
  });

  it('finds them through zones_place_idx', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return tx.execute(sql`EXPLAIN SELECT id FROM zones
        WHERE latitude IS NOT NULL AND longitude IS NOT NULL
        AND earth_box(ll_to_earth(-4.3, 15.3), 50000) @> ll_to_earth(latitude, longitude)`);
    });
    expect(JSON.stringify(plan.rows)).toContain('zones_place_idx');
  });
});
