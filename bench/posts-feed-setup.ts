/**
 * What B8 (posts-feed.bench.ts) runs on: seeded members and posts (kept between runs with `--keep`),
 * one logged-in viewer, and the SQL the app runs for that viewer's first page and page 20, captured
 * from the app's own code for the reference.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { createSession, SESSION_COOKIE } from '../apps/server/src/features/auth/sessions.service.ts';
import { listFeed } from '../apps/server/src/features/posts/feed/feed.service.ts';
import { pageFields } from '../apps/server/src/features/posts/feed/feed.repository.ts';
import { createLocalStorage } from '../apps/server/src/lib/storage.ts';
import { AFRICAN_CITIES } from '../apps/server/src/seed/members.ts';
import { seed } from '../apps/server/src/seed/seed.ts';
import type { Statement } from './users-list-setup.ts';

export const PREFIX = 'feedbench';

/**
 * Seeds `members` members with their activity (matches are part of the feed) and `posts` posts
 * (apps/server/src/seed/seed-posts.ts) under the prefix, unless a run with that prefix is there
 * already (a kept database); then VACUUM ANALYZE.
 */
export async function seedFeedBench(
  db: Db,
  members: number,
  posts: number,
  dataDir: string,
): Promise<{ members: number; posts: number; seeded: boolean; seconds: number }> {
  const started = performance.now();
  const count = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)).rows[0] as { n: number }).n;
  const have = await count(sql`SELECT count(*)::int AS n FROM users WHERE username LIKE ${PREFIX + '\\_%'}`);
  let seeded = false;
  if (have === 0) {
    await seed(
      { db, storage: createLocalStorage(path.join(dataDir, 'media')) },
      { members, posts, prefix: `${PREFIX}_`, log: (line) => console.log(`  seed: ${line}`) },
    );
    seeded = true;
  } else if (have !== members) {
    throw new Error(`the kept database holds ${have} ${PREFIX} members, not ${members}: use another --keep`);
  }
  await db.execute(
    sql`VACUUM ANALYZE users, posts, post_allowed, post_likes, post_media, media_items, matches`,
  );
  return {
    members,
    posts: await count(sql`SELECT count(*)::int AS n FROM posts`),
    seeded,
    seconds: (performance.now() - started) / 1000,
  };
}

/**
 * The viewer: a typical member as B1's, the first seeded one (by username) who is listed, 26 to 34
 * years old, wants one sex within 100 km and lives near Kinshasa, the largest city; a fresh session.
 */
export async function prepareFeedViewer(db: Db): Promise<{ id: string; username: string; cookie: string }> {
  const city = AFRICAN_CITIES[0];
  const [row] = (
    await db.execute(sql`
      SELECT id, username FROM users
      WHERE username LIKE ${PREFIX + '\\_%'} AND status = 'active' AND first_name IS NOT NULL
        AND first_name <> '' AND sex IS NOT NULL AND cardinality(match_sex) = 1 AND match_distance = 100
        AND date_of_birth BETWEEN current_date - 34 * 365 AND current_date - 26 * 365
        AND latitude BETWEEN ${city.latitude - 0.2} AND ${city.latitude + 0.2}
        AND longitude BETWEEN ${city.longitude - 0.2} AND ${city.longitude + 0.2}
      ORDER BY username LIMIT 1`)
  ).rows as { id: string; username: string }[];
  if (!row) throw new Error('no listed seeded member near Kinshasa to be the viewer');
  const { token } = await createSession(db, row.id, 'posts-feed bench');
  return { ...row, cookie: `${SESSION_COOKIE}=${token}` };
}

/** One page as the reference replays it: the statements the app sent for it, in order. */
export type PageSpec = { cursor: string | null; statements: Statement[] };
export type FeedReferenceSpec = {
  databaseUrl: string;
  poolMax: number;
  viewerId: string;
  /** The columns of the page statement's rows, in order. */
  pageFields: string[];
  first: PageSpec;
  deep: PageSpec;
};

/**
 * Runs the app's own service for GET /api/posts (first page, or the page after `cursor`) on a pool
 * that records every statement sent to it, so the reference replays the very SQL and parameters: the
 * viewer's preferences, the page, then the page's avatars and media items (sent at once).
 */
export async function captureFeedPage(
  pool: pg.Pool,
  viewerId: string,
  cursor: string | null,
): Promise<PageSpec> {
  const { db, statements } = recordingDb(pool);
  await listFeed(db, viewerId, cursor ?? undefined);
  if (statements.length < 2 || !/from "posts"/i.test(statements[1]!.sql)) {
    throw new Error(`unexpected statements for GET /api/posts:\n${statements.map((s) => s.sql).join('\n')}`);
  }
  return { cursor, statements };
}

/** A Db on `pool` that records every statement sent through it (text and parameters), in order. */
export function recordingDb(pool: pg.Pool): { db: Db; statements: Statement[] } {
  const statements: Statement[] = [];
  type Config = string | { text: string; values?: unknown[] };
  const recordingPool = new Proxy(pool, {
    get(target, property) {
      if (property === 'query') {
        return (config: Config, values?: unknown[]) => {
          statements.push(
            typeof config === 'string'
              ? { sql: config, params: values ?? [] }
              : { sql: config.text, params: values ?? config.values ?? [] },
          );
          return (target.query as (config: Config, values?: unknown[]) => Promise<unknown>)(config, values);
        };
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: drizzle(recordingPool, { schema }) as unknown as Db, statements };
}

/** The names of the page statement's columns, in order (feed.repository.ts pageFields). */
export function feedPageFields(): string[] {
  return Object.keys(pageFields('00000000-0000-0000-0000-000000000000'));
}

/** EXPLAIN (ANALYZE, BUFFERS) of a captured statement, with its parameters. */
export async function explain(pool: pg.Pool, statement: Statement) {
  const result = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params);
  return (result.rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']);
}
