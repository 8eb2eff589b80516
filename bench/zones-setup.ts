/**
 * What B10 (zones.bench.ts) runs on: seeded members, zones and memberships (kept between runs with
 * `--keep`), logged-in viewers, and the SQL the app runs for a search and for suggestions, captured
 * from the app's own service for the reference.
 */
import path from 'node:path';
import { getTableColumns, sql } from 'drizzle-orm';
import type pg from 'pg';
import { ZoneListQuerySchema } from '@motema/shared/zones';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { createSession, SESSION_COOKIE } from '../apps/server/src/features/auth/sessions.service.ts';
import { searchZones, suggestZones } from '../apps/server/src/features/zones/zones.service.ts';
import { createLocalStorage } from '../apps/server/src/lib/storage.ts';
import { seed } from '../apps/server/src/seed/seed.ts';
import { recordingDb } from './posts-feed-setup.ts';
import type { Statement } from './users-list-setup.ts';

export const PREFIX = 'zonebench';

/**
 * Seeds `members` members (no activity, no posts) and `zones` zones with their memberships
 * (apps/server/src/seed/seed-zones.ts) unless a run with the prefix is there (a kept database);
 * then VACUUM ANALYZE.
 */
export async function seedZonesBench(db: Db, members: number, zones: number, dataDir: string) {
  const started = performance.now();
  const count = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)).rows[0] as { n: number }).n;
  const have = await count(sql`SELECT count(*)::int AS n FROM users WHERE username LIKE ${PREFIX + '\\_%'}`);
  let seeded = false;
  if (have === 0) {
    await seed(
      { db, storage: createLocalStorage(path.join(dataDir, 'media')) },
      {
        members,
        zones,
        posts: 0,
        activity: false,
        prefix: `${PREFIX}_`,
        log: (l) => console.log(`  seed: ${l}`),
      },
    );
    seeded = true;
  } else if (have !== members) {
    throw new Error(`the kept database holds ${have} ${PREFIX} members, not ${members}: use another --keep`);
  }
  await db.execute(sql`VACUUM ANALYZE users, zones, zone_members`);
  return {
    members,
    zones: await count(sql`SELECT count(*)::int AS n FROM zones`),
    memberships: await count(sql`SELECT count(*)::int AS n FROM zone_members`),
    seeded,
    seconds: (performance.now() - started) / 1000,
  };
}

export type Viewer = { id: string; cookie: string; token: string };

/**
 * `count` viewers (zone search is limited to 60 a minute per member: the load takes them in turn):
 * active seeded members reading French (the suggestions' language, the same for all), members of a
 * few zones; each with a fresh session.
 */
export async function prepareZoneViewers(db: Db, count: number): Promise<Viewer[]> {
  const rows = (
    await db.execute(sql`
      SELECT u.id FROM users u
      WHERE u.username LIKE ${PREFIX + '\\_%'} AND u.status = 'active' AND u.language = 'fr'
        AND EXISTS (SELECT 1 FROM zone_members m WHERE m.user_id = u.id)
      ORDER BY u.username LIMIT ${count}`)
  ).rows as { id: string }[];
  if (rows.length < count) throw new Error(`only ${rows.length} seeded viewers reading French, not ${count}`);
  const viewers: Viewer[] = [];
  for (const row of rows) {
    const { token } = await createSession(db, row.id, 'zones bench');
    viewers.push({ id: row.id, token, cookie: `${SESSION_COOKIE}=${token}` });
  }
  return viewers;
}

export type ListSpec = { statements: Statement[] };
export type ZonesReferenceSpec = {
  databaseUrl: string;
  poolMax: number;
  /** The viewer whose statements were captured; the reference puts the caller's id in its place. */
  viewerId: string;
  /** Session token to viewer id, as the app's session lookup would find. */
  sessions: Record<string, string>;
  /** The columns of the page statement's rows, in order. */
  pageFields: string[];
  search: ListSpec;
  suggestions: ListSpec;
};

/**
 * Runs the app's own service for GET /api/zones/search?q= and GET /api/zones/suggestions (default
 * page) on a pool that records every statement: suggestions first read the viewer's language, then
 * both send the page and its count at once.
 */
export async function captureZoneLists(pool: pg.Pool, viewerId: string, q: string) {
  const page = ZoneListQuerySchema.parse({});
  const search = recordingDb(pool);
  await searchZones(search.db, viewerId, q, page);
  const suggestions = recordingDb(pool);
  await suggestZones(suggestions.db, viewerId, page);
  for (const [name, list, size] of [
    ['search', search.statements, 2],
    ['suggestions', suggestions.statements, 3],
  ] as const) {
    if (list.length !== size || !/from "zones"/i.test(list.at(-2)!.sql)) {
      throw new Error(`unexpected statements for ${name}:\n${list.map((s) => s.sql).join('\n')}`);
    }
  }
  return { search: { statements: search.statements }, suggestions: { statements: suggestions.statements } };
}

/** The names of the page statement's columns, in order (zones.repository.ts page: the zone, the role). */
export function zonePageFields(): string[] {
  return [...Object.keys(getTableColumns(schema.zones)), 'role'];
}
