import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ZONE_LIST_COUNT_MAX } from '@motema/shared/zones';
import { mediaItems, zones } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember, waitFor, type Member } from '../../test/factories.ts';
import { storedFiles } from '../../test/media-factories.ts';
import { createPhotoItem, createVideoItem } from '../../test/media-item-factories.ts';
import { addToZone, buildZone, zoneCall, zoneName, zoneState } from '../../test/zone-factories.ts';

const ZONES_MAX = 3;

describe('zones: creating, changing, searching', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ZONES_PER_MEMBER_MAX: String(ZONES_MAX) } });
  });
  afterAll(() => t.close());

  const fields = (overrides: object = {}) => ({
    title: 'Chrétiens célibataires de Douala',
    name: zoneName(),
    access: 'private',
    questions: ['Why do you want to join?'],
    ...overrides,
  });

  it('creates a zone: 201, its creator its admin, one member', async () => {
    const admin = await createMember(t);
    const res = await zoneCall(t, admin)('POST', '/api/zones', fields({ description: 'Sundays' }));
    expect(res.statusCode).toBe(201);
    const zone = res.json();
    expect(zone).toMatchObject({ access: 'private', role: 'admin', members: 1, description: 'Sundays' });
    expect(zone.questions).toEqual(['Why do you want to join?']);
    const state = await zoneState(t.db, zone._id);
    expect(state.members).toEqual([expect.objectContaining({ userId: admin.user.id, role: 'admin' })]);
  });

  it('refuses a name taken in any case, with the field message, and stores nothing', async () => {
    const { name } = await buildZone(t);
    const before = await t.db.select().from(zones);
    const res = await zoneCall(t, await createMember(t))(
      'POST',
      '/api/zones',
      fields({ name: name.toUpperCase() }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      issues: [{ path: 'name', code: 'zone_name_taken', message: 'This zone name is already taken' }],
    });
    expect(await t.db.select().from(zones)).toHaveLength(before.length);
  });

  it.each([
    ['', 'zone_name_required', 'Name is required'],
    ['ab', 'zone_name_too_short', 'Name must contain at least 3 characters'],
    ['a'.repeat(21), 'zone_name_too_long', 'Name must not exceed 20 characters'],
    ['9runners', 'zone_name_start_letter', 'Name must start with a letter'],
    ['élodie', 'zone_name_accented_letter', 'Name must use letters without accents (a to z)'],
    ['run ners', 'zone_name_characters', 'Name can only contain letters, numbers, and underscores'],
    ['admin', 'zone_name_reserved', 'This name is not accepted. Reserved names are not allowed.'],
  ])(
    'refuses the name %j with the username rules of SPEC section 5, said of the zone’s name (%s)',
    async (name, code, message) => {
      const res = await zoneCall(t, await createMember(t))('POST', '/api/zones', fields({ name }));
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([expect.objectContaining({ path: 'name', code, message })]);
    },
  );

  it('refuses more than three questions and an empty title', async () => {
    const member = await createMember(t);
    const many = await zoneCall(t, member)('POST', '/api/zones', fields({ questions: ['a', 'b', 'c', 'd'] }));
    expect(many.statusCode).toBe(400);
    expect(many.json().issues[0].path).toBe('questions');
    const empty = await zoneCall(t, member)('POST', '/api/zones', fields({ title: '  ' }));
    expect(empty.json().issues[0]).toMatchObject({ path: 'title', code: 'required' });
  });

  it(`keeps a member to ZONES_PER_MEMBER_MAX zones (${ZONES_MAX} here), waiting requests included`, async () => {
    const member = await createMember(t);
    await buildZone(t, { admin: member });
    const { id: publicZone } = await buildZone(t);
    const { id: privateZone } = await buildZone(t, { access: 'private' });
    await addToZone(t, privateZone, 'waiting', member);
    const call = zoneCall(t, member);
    const tooMany = await call('POST', `/api/zones/${publicZone}/join`);
    expect(tooMany.statusCode).toBe(201);
    const created = await call('POST', '/api/zones', fields());
    expect(created.statusCode).toBe(409);
    expect(created.json().code).toBe('zones_limit_reached');
    const { id: another } = await buildZone(t);
    const before = await zoneState(t.db, another);
    expect((await call('POST', `/api/zones/${another}/join`)).json().code).toBe('zones_limit_reached');
    expect(await zoneState(t.db, another)).toEqual(before);
  });

  it('renames a zone (admin), refusing a name another zone has', async () => {
    const { id, admin } = await buildZone(t);
    const other = await buildZone(t);
    const call = zoneCall(t, admin);
    const taken = await call('PATCH', `/api/zones/${id}`, { name: other.name.toLowerCase() });
    expect(taken.json().issues[0].code).toBe('zone_name_taken');
    const renamed = await call('PATCH', `/api/zones/${id}`, { title: 'Runners of Gombe' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Runners of Gombe', description: '' });
  });

  it('searches by title or name, whatever the case, and lists mine and suggestions', async () => {
    const { id, admin, name } = await buildZone(t, { title: 'Kinshasa Marathon Club' });
    const viewer = await createMember(t);
    const byTitle = await zoneCall(t, viewer)('GET', '/api/zones/search?q=marathon%20CLUB');
    expect(byTitle.json().zones.map((z: { _id: string }) => z._id)).toContain(id);
    const byName = await zoneCall(t, viewer)('GET', `/api/zones/search?q=${name.slice(2, 10).toUpperCase()}`);
    expect(byName.json().zones.map((z: { _id: string }) => z._id)).toContain(id);
    const mine = await zoneCall(t, admin)('GET', '/api/zones/mine');
    expect(mine.json()).toEqual({ zones: [expect.objectContaining({ _id: id, role: 'admin' })], count: 1 });
    const suggested = await zoneCall(t, viewer)('GET', '/api/zones/suggestions?limit=100');
    expect(suggested.json().zones.map((z: { _id: string }) => z._id)).toContain(id);
    const notForAdmin = await zoneCall(t, admin)('GET', '/api/zones/suggestions?limit=100');
    expect(notForAdmin.json().zones.map((z: { _id: string }) => z._id)).not.toContain(id);
  });

  it('turning a private zone public accepts the waiting requests', async () => {
    const { id, admin } = await buildZone(t, { access: 'private' });
    const waiting = await addToZone(t, id, 'waiting');
    const res = await zoneCall(t, admin)('PATCH', `/api/zones/${id}`, { access: 'public' });
    expect(res.json()).toMatchObject({ access: 'public', members: 2 });
    const [row] = await t.db.select().from(zones).where(eq(zones.id, id));
    expect(row?.members).toBe(2);
    const state = await zoneState(t.db, id);
    expect(state.members.find((m) => m.userId === waiting.user.id)?.role).toBe('member');
  });

  it("takes one of the creator's photos as its cover, and removes its files with the zone", async () => {
    const admin = await createMember(t);
    const photo = await createPhotoItem(t, { owner: admin });
    const call = zoneCall(t, admin);
    const others = await createPhotoItem(t);
    const video = await createVideoItem(t, { owner: admin });
    const before = await t.db.select().from(zones);
    for (const cover of [others.id, video.id]) {
      const refused = await call('POST', '/api/zones', fields({ cover }));
      expect([refused.statusCode, refused.json().code]).toEqual([400, 'media_not_found']);
    }
    expect(await t.db.select().from(zones)).toHaveLength(before.length);

    const res = await call('POST', '/api/zones', fields({ cover: photo.id }));
    expect(res.json().cover).toBe(photo.id);
    const [claimed] = await t.db.select().from(mediaItems).where(eq(mediaItems.id, photo.id));
    expect(claimed?.claimedAt).not.toBeNull();
    expect((await storedFiles(t)).some((file) => file.startsWith(photo.folder))).toBe(true);

    expect((await call('DELETE', `/api/zones/${res.json()._id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(mediaItems).where(eq(mediaItems.id, photo.id))).toEqual([]);
    await waitFor(
      async () => ((await storedFiles(t)).some((file) => file.startsWith(photo.folder)) ? undefined : true),
      'the cover files removed',
    );
    expect(await zoneState(t.db, res.json()._id)).toMatchObject({ zone: [], members: [] });
  });

  it('serves the cover to whoever may see the page; a new or no cover removes the old files', async () => {
    const admin = await createMember(t);
    const [first, second] = [
      await createPhotoItem(t, { owner: admin }),
      await createPhotoItem(t, { owner: admin }),
    ];
    const made = await zoneCall(t, admin)('POST', '/api/zones', fields({ cover: first.id }));
    const id = made.json()._id;
    const image = made.json().coverImage;
    expect(image).toMatchObject({ _id: first.id, width: 480, height: 360 });
    expect(image.thumbnail).toMatch(new RegExp(`^/api/zones/${id}/cover/[a-z0-9-]+\\.webp$`));
    const file = image.thumbnail.split('/').pop();
    const fetchCover = (who: Member | null, name = file) =>
      zoneCall(t, who)('GET', `/api/zones/${id}/cover/${name}`);

    const outsider = await createMember(t);
    const served = await fetchCover(outsider);
    expect([served.statusCode, served.headers['content-type'], served.headers['cache-control']]).toEqual([
      200,
      'image/webp',
      'private, no-cache',
    ]);
    // A private zone's cover is hidden from visitors, as its page is; a public one's is not.
    expect((await fetchCover(null)).statusCode).toBe(404);
    expect((await zoneCall(t, admin)('PATCH', `/api/zones/${id}`, { access: 'public' })).statusCode).toBe(
      200,
    );
    expect((await fetchCover(null)).statusCode).toBe(200);
    expect((await fetchCover(outsider, 'nothing.webp')).statusCode).toBe(404);
    const listed = await zoneCall(t, admin)('GET', '/api/zones/mine');
    expect(listed.json().zones.find((zone: { _id: string }) => zone._id === id).coverImage._id).toBe(
      first.id,
    );

    const changed = await zoneCall(t, admin)('PATCH', `/api/zones/${id}`, { cover: second.id });
    expect(changed.json()).toMatchObject({ cover: second.id, coverImage: { _id: second.id } });
    const gone = (folder: string) => async () =>
      (await storedFiles(t)).some((stored) => stored.startsWith(folder)) ? undefined : true;
    await waitFor(gone(first.folder), 'the first cover files removed');
    expect(await t.db.select().from(mediaItems).where(eq(mediaItems.id, first.id))).toEqual([]);
    // Saving other fields keeps the cover.
    const kept = await zoneCall(t, admin)('PATCH', `/api/zones/${id}`, { title: 'Renamed' });
    expect(kept.json().coverImage._id).toBe(second.id);

    const removed = await zoneCall(t, admin)('PATCH', `/api/zones/${id}`, { cover: null });
    expect(removed.json()).toMatchObject({ cover: null, coverImage: null });
    await waitFor(gone(second.folder), 'the second cover files removed');
    expect((await fetchCover(outsider)).statusCode).toBe(404);
  });

  it(`counts a list up to ZONE_LIST_COUNT_MAX (${ZONE_LIST_COUNT_MAX}) zones`, async () => {
    await t.db.execute(sql`INSERT INTO zones (title, name, access, language)
      SELECT 'Makala ' || g, 'makala' || g, 'public', 'en' FROM generate_series(1, ${ZONE_LIST_COUNT_MAX + 1}) g`);
    const res = await zoneCall(t, await createMember(t))('GET', '/api/zones/search?q=makala&limit=5');
    expect(res.json().count).toBe(ZONE_LIST_COUNT_MAX);
    expect(res.json().zones).toHaveLength(5);
  });

  it('keeps the zone limit when a member joins several zones at once', async () => {
    const member = await createMember(t);
    await buildZone(t, { admin: member });
    const others = await Promise.all(Array.from({ length: 4 }, () => buildZone(t)));
    const joins = await Promise.all(
      others.map(({ id }) => zoneCall(t, member)('POST', `/api/zones/${id}/join`)),
    );
    expect(joins.map((res) => res.statusCode).sort()).toEqual([201, 201, 409, 409]);
    const mine = await zoneCall(t, member)('GET', '/api/zones/mine');
    expect(mine.json().count).toBe(ZONES_MAX);
  });
});
