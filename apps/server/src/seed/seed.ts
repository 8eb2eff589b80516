import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { MediaStorage } from '../lib/storage.ts';
import { AFRICAN_CITIES, seedMembers } from './members.ts';
import {
  computeSeedPopularity,
  insertConversations,
  insertMatches,
  insertRatings,
  insertVisits,
  stageRatings,
} from './seed-activity.ts';
import { AVATAR_SET_SIZE, insertSeedAvatarPhotos, storeSeedAvatars } from './seed-avatars.ts';
import { POST_PHOTO_SET_SIZE, storeSeedPostPhotos } from './seed-post-photos.ts';
import { insertSeedPosts, type PostCounts } from './seed-posts.ts';
import { insertSeedZones, type ZoneCounts } from './seed-zones.ts';

export type SeedRunOptions = {
  /** How many members to add. */
  members: number;
  /** Usernames `<prefix><n>` (n from 1); a fresh one per run by default, so runs add members. */
  prefix?: string;
  /** Ratings, matches, visits and conversations (default true); members and avatars otherwise. */
  activity?: boolean;
  /** Share of members with a complete profile who get an avatar (default 0.85). */
  avatarShare?: number;
  /** How many generated pictures the avatars share (default AVATAR_SET_SIZE). */
  avatarSet?: number;
  /** Posts by the run's members, with their photos, allow lists, likes and comments (default 0; see seed-posts.ts). */
  posts?: number;
  /** Zones led by the run's members, with their memberships (default 0; see seed-zones.ts). */
  zones?: number;
  /** How many generated pictures the photo posts share (default POST_PHOTO_SET_SIZE). */
  postPhotoSet?: number;
  /** Members per statement (default 100,000). */
  batch?: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
};

export type SeedSummary = {
  prefix: string;
  members: number;
  avatars: number;
  ratings: number;
  matches: number;
  visits: number;
  conversations: number;
  messages: number;
  /** What the posts step added (zeros without posts). */
  posts: PostCounts;
  /** What the zones step added (zeros without zones). */
  zones: ZoneCounts;
  /** Seconds per step, and in total. */
  timings: Record<string, number>;
};

/** A letter first, then letters, digits or `_`, not ending in a digit (so `<prefix><n>` is unambiguous). */
const PREFIX = /^[a-z][a-z0-9_]{0,10}[a-z_]$/;

/** A fresh prefix from the clock: `s` + seconds in base 36 + `_` (e.g. `st5k2q1_`). */
export function defaultSeedPrefix(): string {
  return `s${Math.floor(Date.now() / 1000).toString(36)}_`;
}

/**
 * Fills the database with `members` realistic members (see seedMembers), their avatars (a small set
 * of generated pictures run once through the photo pipeline, see seed-avatars.ts) and their activity
 * (ratings, matches, visits, conversations; see seed-activity.ts), `posts` posts (with their photos,
 * allow lists, likes and comments; see seed-posts.ts) and `zones` zones (see seed-zones.ts), all set-based in batches; then VACUUM ANALYZE. Works on unlogged tables `seed_work_<prefix>*`, dropped at the end.
 */
export async function seed(
  deps: { db: Db; storage: MediaStorage },
  options: SeedRunOptions,
): Promise<SeedSummary> {
  const { db, storage } = deps;
  const prefix = options.prefix ?? defaultSeedPrefix();
  const count = options.members;
  const batch = options.batch ?? 100_000;
  const log = options.log ?? (() => {});
  if (!PREFIX.test(prefix)) {
    throw new Error(`prefix ${prefix}: 2 to 12 of a-z, 0-9 and _, a letter first, not ending in a digit`);
  }
  if (!Number.isInteger(count) || count < 1) throw new Error('members: a whole number, at least 1');
  const taken = await db.execute(
    sql`SELECT 1 FROM users WHERE lower(username) ~ ${`^${prefix}[0-9]+$`} LIMIT 1`,
  );
  if (taken.rows.length > 0) throw new Error(`prefix ${prefix} is taken: members ${prefix}<n> exist`);

  const timings: Record<string, number> = {};
  const started = performance.now();
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const at = performance.now();
    const result = await run();
    timings[name] = Math.round(performance.now() - at) / 1000;
    log(`${name}: ${timings[name]!.toFixed(1)} s`);
    return result;
  };
  const table = `seed_work_${prefix}`;
  const work = sql.identifier(table);
  const ranges = Array.from({ length: Math.ceil(count / batch) }, (_, i) => ({
    table,
    from: i * batch + 1,
    to: Math.min(count, (i + 1) * batch),
  }));
  const summary: SeedSummary = {
    prefix,
    members: count,
    avatars: 0,
    ratings: 0,
    matches: 0,
    visits: 0,
    conversations: 0,
    messages: 0,
    posts: { posts: 0, postPhotos: 0, postLikes: 0, comments: 0, allowed: 0 },
    zones: { zones: 0, zoneMembers: 0 },
    timings,
  };
  const postCount = options.posts ?? 0;
  if (!Number.isInteger(postCount) || postCount < 0) throw new Error('posts: a whole number, at least 0');
  const zoneCount = options.zones ?? 0;
  if (!Number.isInteger(zoneCount) || zoneCount < 0) throw new Error('zones: a whole number, at least 0');

  // The pictures are encoded while PostgreSQL inserts the members.
  const avatars = storeSeedAvatars(storage, prefix, options.avatarSet ?? AVATAR_SET_SIZE);
  avatars.catch(() => undefined);
  const postPhotos =
    postCount > 0
      ? storeSeedPostPhotos(storage, prefix, options.postPhotoSet ?? POST_PHOTO_SET_SIZE)
      : Promise.resolve([]);
  postPhotos.catch(() => undefined);
  try {
    await step('members', async () => {
      for (const range of ranges) {
        await seedMembers(db, { count: range.to - range.from + 1, prefix, first: range.from });
        log(`  ${range.to.toLocaleString('en')} members`);
      }
    });
    await step('work table', () => createWorkTable(db, table, prefix));
    summary.avatars = await step('avatars', async () =>
      insertSeedAvatarPhotos(db, table, await avatars, options.avatarShare ?? 0.85),
    );
    if (options.activity ?? true) {
      await step('ratings planned', async () => {
        for (const range of ranges) await stageRatings(db, range);
      });
      summary.ratings = await step('ratings', () => insertRatings(db, table));
      await step('visits', async () => {
        for (const range of ranges) summary.visits += await insertVisits(db, range);
      });
      summary.matches = await step('matches', () => insertMatches(db, table));
      Object.assign(summary, await step('conversations', () => insertConversations(db, table)));
      await step('popularity', () => computeSeedPopularity(db, table));
    }
    if (postCount > 0) {
      summary.posts = await step('posts', async () =>
        insertSeedPosts(db, table, postCount, await postPhotos),
      );
    }
    if (zoneCount > 0) {
      summary.zones = await step('zones', () => insertSeedZones(db, table, zoneCount));
    }
    await step('profiles', () =>
      db.execute(sql`
        UPDATE users SET avatar_photo_id = w.photo_id, popularity = coalesce(w.popularity, users.popularity)
        FROM ${work} w
        WHERE users.id = w.id AND (w.photo_id IS NOT NULL OR w.popularity IS NOT NULL)`),
    );
    // The moderation console's staff (docs/moderation.md): <prefix>1 an admin, <prefix>2 a moderator.
    await step('staff', () =>
      db.execute(sql`
        UPDATE users SET role = CASE lower(username) WHEN ${`${prefix}1`} THEN 'admin' ELSE 'moderator' END
        WHERE lower(username) IN (${`${prefix}1`}, ${`${prefix}2`})`),
    );
  } finally {
    await avatars.catch(() => undefined);
    await postPhotos.catch(() => undefined);
    for (const suffix of [
      '',
      '_groups',
      '_ratings',
      '_batch',
      '_conversations',
      '_messages',
      '_authors',
      '_posts',
      '_hosts',
      '_zones',
      '_slots',
    ]) {
      await db.execute(sql`DROP TABLE IF EXISTS ${sql.identifier(table + suffix)}`);
    }
  }
  await step('vacuum analyze', () =>
    db.execute(sql`
      VACUUM ANALYZE users, photos, ratings, visits, matches, conversations, conversation_members, messages,
        posts, post_media, media_items, post_allowed, post_likes, comments, zones, zone_members`),
  );
  timings.total = Math.round(performance.now() - started) / 1000;
  return summary;
}

/**
 * The run's members with what the activity needs: number, sex, wanted sexes, nearest city (any city
 * for members without a position), whether their profile is complete, and their index `gi` among
 * complete members of their city and sex; the sizes of those groups in `<table>_groups`.
 */
async function createWorkTable(db: Db, table: string, prefix: string): Promise<void> {
  const work = sql.identifier(table);
  const cities = AFRICAN_CITIES.map(
    (city, index) =>
      `(${index}, ${city.latitude}, ${city.longitude}, ${Math.cos((city.latitude * Math.PI) / 180)})`,
  ).join(', ');
  await db.execute(sql`
    CREATE UNLOGGED TABLE ${work} AS
    SELECT base.*, NULL::uuid AS photo_id, NULL::int AS popularity,
      CASE WHEN complete THEN row_number() OVER (PARTITION BY city, sex, complete ORDER BY n) ELSE 0 END::int AS gi
    FROM (
      SELECT u.id, substr(u.username, ${prefix.length + 1})::int AS n, u.sex, u.match_sex, u.created_at,
        coalesce(near.city, abs(hashtext(u.username)) % ${AFRICAN_CITIES.length}) AS city,
        (u.status = 'active' AND u.first_name IS NOT NULL AND u.first_name <> '' AND u.sex IS NOT NULL) AS complete
      FROM users u
      LEFT JOIN LATERAL (
        SELECT c.city FROM (VALUES ${sql.raw(cities)}) AS c(city, lat, lon, k)
        WHERE u.latitude IS NOT NULL
        ORDER BY (u.latitude - c.lat) ^ 2 + ((u.longitude - c.lon) * c.k) ^ 2 LIMIT 1
      ) near ON true
      WHERE lower(u.username) ~ ${`^${prefix}[0-9]+$`}
    ) base`);
  await db.execute(sql`CREATE UNIQUE INDEX ON ${work} (id)`);
  await db.execute(sql`CREATE INDEX ON ${work} (n)`);
  await db.execute(sql`CREATE INDEX ON ${work} (city, sex, gi)`);
  await db.execute(sql`
    CREATE UNLOGGED TABLE ${sql.identifier(`${table}_groups`)} AS
    SELECT city, sex, count(*)::int AS size FROM ${work} WHERE complete GROUP BY city, sex`);
  await db.execute(sql`
    CREATE UNLOGGED TABLE ${sql.identifier(`${table}_ratings`)} (
      rater_id uuid NOT NULL, rated_id uuid NOT NULL, score smallint NOT NULL, at timestamptz NOT NULL,
      PRIMARY KEY (rater_id, rated_id))`);
  await db.execute(sql`
    CREATE UNLOGGED TABLE ${sql.identifier(`${table}_batch`)} (
      rater_id uuid NOT NULL, rated_id uuid NOT NULL, score smallint NOT NULL, at timestamptz NOT NULL)`);
  await db.execute(sql`ANALYZE ${work}`);
}
