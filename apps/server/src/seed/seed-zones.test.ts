import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsernameSchema } from '@motema/shared/auth';
import { ZONES_PER_MEMBER_MAX, type ZoneList } from '@motema/shared/zones';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { asMember, loginCookie } from '../test/factories.ts';
import { SEED_PASSWORD } from './members.ts';
import { seed, type SeedSummary } from './seed.ts';

const MEMBERS = 300;
const ZONES = 400;
/** A second run with few members and many zones, so the per-member limit drops memberships. */
const DENSE = { members: 60, zones: 500 };

describe('seed: zones with their memberships', () => {
  let t: TestApp;
  let summary: SeedSummary;
  let dense: SeedSummary;
  const rows = async <T>(query: ReturnType<typeof sql>) => (await t.db.execute(query)).rows as T[];

  beforeAll(async () => {
    t = await buildTestApp();
    const options = { avatarSet: 2, activity: false, posts: 0 };
    summary = await seed(
      { db: t.db, storage: t.storage },
      { ...options, members: MEMBERS, prefix: 'seedzones_', zones: ZONES },
    );
    dense = await seed({ db: t.db, storage: t.storage }, { ...options, ...DENSE, prefix: 'seedzonesd_' });
  }, 60_000);
  afterAll(() => t?.close());

  it('adds zones in EN and FR, public and private, about 10 members each on a long tail', async () => {
    type Stats = Record<'total' | 'private' | 'fr' | 'en' | 'largest' | 'memberships', number>;
    const [stats] = await rows<Stats>(sql`
      SELECT count(*)::int AS total, count(*) FILTER (WHERE z.access = 'private')::int AS private,
        count(*) FILTER (WHERE z.language = 'fr')::int AS fr, count(*) FILTER (WHERE z.language = 'en')::int AS en,
        max((SELECT count(*) FROM zone_members m WHERE m.zone_id = z.id))::int AS largest,
        (SELECT count(*) FROM zone_members m JOIN zones y ON y.id = m.zone_id
          JOIN users c ON c.id = y.created_by AND c.username LIKE 'seedzones\\_%')::int AS memberships
      FROM zones z JOIN users a ON a.id = z.created_by AND a.username LIKE 'seedzones\\_%'`);
    expect(stats!.total).toBe(ZONES);
    expect(summary.zones.zones).toBe(ZONES);
    expect(summary.zones.zoneMembers).toBe(stats!.memberships);
    expect(dense.zones.zones).toBe(DENSE.zones);
    expect(stats!.fr + stats!.en).toBe(ZONES);
    expect(stats!.fr).toBeGreaterThan(0);
    expect(stats!.en).toBeGreaterThan(0);
    expect(stats!.private / ZONES).toBeGreaterThan(0.1);
    expect(stats!.private / ZONES).toBeLessThan(0.4);
    expect(stats!.memberships / ZONES).toBeGreaterThan(5);
    expect(stats!.memberships / ZONES).toBeLessThan(15);
    expect(stats!.largest).toBeGreaterThan(40);
  });

  it('gives every zone an admin, valid unique names, every role, right counters and no member over the limit', async () => {
    type Check = Record<'zones' | 'no_admin' | 'names' | 'bad_members' | 'waiting_public', number>;
    const [check] = await rows<Check>(sql`
      SELECT count(*)::int AS zones,
        count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM zone_members m WHERE m.zone_id = z.id AND m.role = 'admin'))::int AS no_admin,
        count(DISTINCT lower(name))::int AS names,
        count(*) FILTER (WHERE z.members <> (SELECT count(*) FROM zone_members m WHERE m.zone_id = z.id AND m.role <> 'waiting'))::int AS bad_members,
        count(*) FILTER (WHERE z.access = 'public' AND EXISTS (SELECT 1 FROM zone_members m WHERE m.zone_id = z.id AND m.role = 'waiting'))::int AS waiting_public
      FROM zones z`);
    expect(check).toEqual({
      zones: ZONES + DENSE.zones,
      no_admin: 0,
      names: ZONES + DENSE.zones,
      bad_members: 0,
      waiting_public: 0,
    });
    const roles = await rows<{ role: string }>(sql`SELECT DISTINCT role FROM zone_members ORDER BY role`);
    expect(roles.map((row) => row.role)).toEqual(['admin', 'manager', 'member', 'waiting']);
    const [most] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM zone_members GROUP BY user_id ORDER BY n DESC LIMIT 1`);
    expect(most!.n).toBe(ZONES_PER_MEMBER_MAX);
    const names = await rows<{ name: string; title: string }>(sql`SELECT name, title FROM zones`);
    for (const { name, title } of names) {
      expect(UsernameSchema.safeParse(name).success, name).toBe(true);
      expect(title.length).toBeGreaterThan(0);
    }
  });

  it("finds seeded zones through the app's search and suggestions", async () => {
    const [member] = await rows<{ username: string }>(sql`
      SELECT username FROM users WHERE username LIKE 'seedzones\\_%' AND status = 'active'
      ORDER BY username LIMIT 1`);
    const cookie = await loginCookie(t, member!.username, SEED_PASSWORD);
    const search = await asMember(t, cookie)('GET', '/api/zones/search?q=foot');
    expect(search.statusCode).toBe(200);
    expect(search.json<ZoneList>().zones.length).toBeGreaterThan(0);
    const suggestions = await asMember(t, cookie)('GET', '/api/zones/suggestions');
    expect(suggestions.statusCode).toBe(200);
    expect(suggestions.json<ZoneList>().zones.length).toBeGreaterThan(0);
  });

  it('refuses a number of zones that is not a whole number', async () => {
    await expect(
      seed({ db: t.db, storage: t.storage }, { members: 5, prefix: 'zonesbad_', zones: -1 }),
    ).rejects.toThrow('zones: a whole number');
  });
});
