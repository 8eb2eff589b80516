/**
 * What B1 (users-list.bench.ts) runs on: seeded members, one logged-in viewer with a session, and the
 * SQL the app runs for that viewer's default list, captured from the app's own code for the reference.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { UserListQuerySchema, userListSize } from '@motema/shared/discovery';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { createSession, SESSION_COOKIE } from '../apps/server/src/features/auth/sessions.service.ts';
import { cardColumns } from '../apps/server/src/features/discovery/user-lists.repository.ts';
import { listUsers, loadViewer } from '../apps/server/src/features/discovery/user-lists.service.ts';
import { photosByIdsQuery } from '../apps/server/src/features/media/media.repository.ts';
import { createLocalStorage } from '../apps/server/src/lib/storage.ts';
import { AFRICAN_CITIES } from '../apps/server/src/seed/members.ts';
import { seed } from '../apps/server/src/seed/seed.ts';

export const PREFIX = 'listbench';

/**
 * Seeds up to `count` members with the prefix (reusing those already there), with the seed's avatars
 * (apps/server/src/seed/seed.ts: a small set of generated pictures through the photo pipeline, files
 * under `dataDir/media`, 85% of complete profiles) and no ratings or visits (the default list does not
 * read them); then VACUUM ANALYZE.
 */
export async function seedBench(
  db: Db,
  count: number,
  dataDir: string,
): Promise<{ seeded: number; avatars: number; seconds: number }> {
  const [row] = (
    await db.execute(sql`SELECT count(*)::int AS n FROM users WHERE username LIKE ${PREFIX + '%'}`)
  ).rows as { n: number }[];
  const have = row?.n ?? 0;
  const started = performance.now();
  let avatars = 0;
  if (have < count) {
    const storage = createLocalStorage(path.join(dataDir, 'media'));
    // One prefix per top-up (`listbencha_`, `listbenchb_`, ...): seed() refuses a prefix in use.
    const taken = (
      await db.execute(sql`SELECT DISTINCT substring(username from '^listbench[a-z]_') AS p FROM users
        WHERE username LIKE ${PREFIX + '%'}`)
    ).rows.length;
    const summary = await seed(
      { db, storage },
      {
        members: count - have,
        prefix: `${PREFIX}${String.fromCharCode(97 + taken)}_`,
        activity: false,
        log: (line) => console.log(`  seed: ${line}`),
      },
    );
    avatars = summary.avatars;
  }
  // A live database has statistics (autovacuum); freshly seeded tables have none.
  await db.execute(sql`VACUUM ANALYZE users, photos`);
  await db.execute(sql`ANALYZE sessions, blocks`);
  return { seeded: count - Math.min(have, count), avatars, seconds: (performance.now() - started) / 1000 };
}

/**
 * The viewer: a typical member, the first seeded one (by username) who is listed (active, first name,
 * sex), 26 to 34 years old, wants one sex within 100 km and has a position near Kinshasa, the largest
 * city. A fresh session for it, as the login route makes one.
 */
export async function prepareViewer(db: Db): Promise<{ id: string; username: string; cookie: string }> {
  const city = AFRICAN_CITIES[0];
  const [row] = (
    await db.execute(sql`
      SELECT id, username FROM users
      WHERE username LIKE ${PREFIX + '%'} AND status = 'active' AND first_name IS NOT NULL
        AND first_name <> '' AND sex IS NOT NULL AND cardinality(match_sex) = 1 AND match_distance = 100
        AND date_of_birth BETWEEN current_date - 34 * 365 AND current_date - 26 * 365
        AND latitude BETWEEN ${city.latitude - 0.2} AND ${city.latitude + 0.2}
        AND longitude BETWEEN ${city.longitude - 0.2} AND ${city.longitude + 0.2}
      ORDER BY username LIMIT 1`)
  ).rows as { id: string; username: string }[];
  if (!row) throw new Error('no listed seeded member near Kinshasa to be the viewer');
  const { token } = await createSession(db, row.id, 'users-list bench');
  return { ...row, cookie: `${SESSION_COOKIE}=${token}` };
}

export type Statement = { sql: string; params: unknown[] };
/** Everything the reference server needs: SQL text and parameters as the app sends them. */
export type ReferenceSpec = {
  databaseUrl: string;
  poolMax: number;
  viewerId: string;
  /** The viewer's preferences (the app reads them on every request). */
  viewer: Statement;
  /** The page of the default list, and the names of its columns in order. */
  list: Statement;
  listFields: string[];
  /** The capped count. */
  count: Statement;
  /** The avatars of a page, by number of distinct photo ids (1 to the page size). */
  avatars: Record<string, string>;
  /** Whether the avatars' statement takes the ids as one array parameter (else one parameter each). */
  avatarsArrayParam: boolean;
};

/**
 * Runs the app's own service for GET /api/users (no query: the default list) on a pool that records
 * every statement sent to it (through drizzle or straight to the pool, as the list's statement
 * templates do), so the reference gets the very SQL and parameters the app sends, without copying
 * any of it by hand. The avatars' statement is built for every number of photos a page may have with
 * the app's repository query (`photosByIdsQuery`, today one text: an array parameter).
 */
export async function captureStatements(
  pool: pg.Pool,
  databaseUrl: string,
  viewerId: string,
  poolMax: number,
): Promise<{ spec: ReferenceSpec; statements: Statement[] }> {
  const statements: Statement[] = [];
  type Config = string | { text: string; values?: unknown[] };
  const record = (config: Config, values?: unknown[]) =>
    statements.push(
      typeof config === 'string'
        ? { sql: config, params: values ?? [] }
        : { sql: config.text, params: values ?? config.values ?? [] },
    );
  const recordingPool = new Proxy(pool, {
    get(target, property) {
      if (property === 'query') {
        return (config: Config, values?: unknown[]) => {
          record(config, values);
          return (target.query as (config: Config, values?: unknown[]) => Promise<unknown>)(config, values);
        };
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const recording = drizzle(recordingPool, { schema }) as unknown as Db;
  const query = UserListQuerySchema.parse({});
  const viewer = await loadViewer(recording, viewerId);
  statements.length = 0;
  await listUsers(recording, viewerId, query);
  const [viewerRow, list, count, avatars] = statements;
  if (!viewerRow || !list || !count || !/\bcount\(/.test(count.sql) || statements.length > 4) {
    throw new Error(`unexpected statements for GET /api/users:\n${statements.map((s) => s.sql).join('\n')}`);
  }
  const size = userListSize(query.filter);
  const avatarSql: Record<string, string> = {};
  let avatarsArrayParam = false;
  for (let n = 1; n <= size; n++) {
    const ids = Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const built = photosByIdsQuery(recording, ids).toSQL();
    avatarSql[n] = built.sql;
    if (n === 2) avatarsArrayParam = built.params.length === 1;
  }
  if (avatars && !Object.values(avatarSql).includes(avatars.sql)) {
    throw new Error(`the avatars statement is not photosByIdsQuery's:\n${avatars.sql}`);
  }
  return {
    spec: {
      databaseUrl,
      poolMax,
      viewerId,
      viewer: viewerRow,
      list,
      listFields: Object.keys(cardColumns(viewer)),
      count,
      avatars: avatarSql,
      avatarsArrayParam,
    },
    statements,
  };
}

/** The body of a GET (JSON), with its status and size. */
export async function getJson(
  url: string,
  cookie: string,
): Promise<{ status: number; body: unknown; bytes: number }> {
  const response = await fetch(url, { headers: { cookie } });
  const raw = await response.text();
  return { status: response.status, body: JSON.parse(raw) as unknown, bytes: Buffer.byteLength(raw) };
}

/** Paths where two JSON values differ (for the loud failure). */
export function differences(a: unknown, b: unknown, at = '$', out: string[] = []): string[] {
  if (out.length >= 10) return out;
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      differences(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        `${at}.${key}`,
        out,
      );
    }
  } else if (a !== b) {
    const show = (value: unknown) => (JSON.stringify(value) ?? 'undefined').slice(0, 200);
    out.push(`${at}: app ${show(a)} / reference ${show(b)}`);
  }
  return out;
}

/** EXPLAIN (ANALYZE, BUFFERS) of a captured statement, with its parameters. */
export async function explain(pool: pg.Pool, statement: Statement) {
  const result = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params);
  return (result.rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']);
}
