import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { zones } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember } from '../../test/factories.ts';
import { addToZone, buildZone, zoneCall } from '../../test/zone-factories.ts';

/**
 * Suggestions: popular zones the member is not in, those of their language first. A member whose
 * language has few zones or none (Romanian here) was suggested nothing at all.
 */
describe('zone suggestions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const ids = (res: { json: () => { zones: { _id: string }[] } }) => res.json().zones.map((zone) => zone._id);

  it("lists the member's language first, then the other languages' most popular zones, across pages", async () => {
    const inLanguage = async (language: 'en' | 'fr' | 'ro', members: number) => {
      const admin = await createMember(t, { language });
      const { id } = await buildZone(t, { admin });
      for (let added = 1; added < members; added += 1) await addToZone(t, id, 'member');
      await t.db.update(zones).set({ members }).where(eq(zones.id, id));
      return id;
    };
    const french = await inLanguage('fr', 4);
    const english = await inLanguage('en', 3);
    const romanian = await inLanguage('ro', 2);
    const viewer = await createMember(t, { language: 'ro' });
    const call = zoneCall(t, viewer);

    const all = await call('GET', '/api/zones/suggestions?limit=24');
    expect(all.statusCode).toBe(200);
    expect(ids(all)).toEqual([romanian, french, english]);
    expect(all.json().count).toBe(3);
    const pages = [];
    for (const skip of [0, 1, 2, 3])
      pages.push(ids(await call('GET', `/api/zones/suggestions?limit=1&skip=${skip}`)));
    expect(pages).toEqual([[romanian], [french], [english], []]);
    expect(ids(await call('GET', '/api/zones/suggestions?limit=2&skip=1'))).toEqual([french, english]);

    // A French reader sees theirs first; the zones a member is in are never suggested.
    const reader = await createMember(t, { language: 'fr' });
    await addToZone(t, english, 'member', reader);
    expect(ids(await zoneCall(t, reader)('GET', '/api/zones/suggestions'))).toEqual([french, romanian]);
  });
});
