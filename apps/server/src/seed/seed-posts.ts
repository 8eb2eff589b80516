import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import type { SeedPostPhoto } from './seed-post-photos.ts';
import { COMMENT_TEXTS, POST_TEXTS } from './seed-texts.ts';

/**
 * Posts of seeded members, set-based over the work table of a seed run (see seed.ts), so a million
 * go in a few statements: INSERT ... SELECT over generate_series, through an unlogged table of the
 * run's posts from which their media items, allow lists, likes and comments are derived.
 *
 * The mix: authors among the run's members with a profile (active or since deactivated, never a
 * pending one), a few posting much and most a little; created over the last six months, more of them
 * recently, spread over the time since the author joined (an hour after, at the earliest), stored
 * to the millisecond as the app stores them (the feed's cursor names a post's time in milliseconds);
 * 90% public, 10% private each with 1 to 4 members allowed; 70% text and 30% photo posts (1 to 4
 * photos, most with a caption); every one `ready`. Likes (about 2 a post, a few posts many more) and top-level comments (about 0.6 a post)
 * are real rows by distinct members, and each post's counters are their number.
 */

/** Days over which posts are spread, and the shares of the mix. */
const POST_DAYS = 180;
const PRIVATE_SHARE = 0.1;
const PHOTO_SHARE = 0.3;
const CAPTION_SHARE = 0.7;
const LIKES_MEAN = 2;
const LIKES_MAX = 300;
const COMMENTS_MEAN = 1;
const COMMENTS_MAX = 40;
/**
 * A prime above any run's member count: members j * STRIDE apart (modulo the count) are distinct for
 * j below the count, so a post's likers and allowed members need no de-duplication.
 */
const STRIDE = 1_000_003;

export type PostCounts = {
  posts: number;
  postPhotos: number;
  postLikes: number;
  comments: number;
  allowed: number;
};

const id = (name: string) => sql.identifier(name);
const textsOf = (list: readonly string[]) => JSON.stringify(list);

/**
 * Adds `count` posts by the members of the run's work table `table`, photo posts pointing at the
 * shared pictures `photos`. Works on `<table>_authors` and `<table>_posts` (the caller drops them).
 */
export async function insertSeedPosts(
  db: DbOrTx,
  table: string,
  count: number,
  photos: readonly SeedPostPhoto[],
): Promise<PostCounts> {
  const work = id(table);
  const authors = id(`${table}_authors`);
  const staged = id(`${table}_posts`);
  await db.execute(sql`
    CREATE UNLOGGED TABLE ${authors} AS
    SELECT (row_number() OVER (ORDER BY w.n))::int AS k, w.id, w.city, w.created_at
    FROM ${work} w JOIN users u ON u.id = w.id
    WHERE u.status IN ('active', 'deactivated') AND u.first_name IS NOT NULL AND u.sex IS NOT NULL`);
  await db.execute(sql`CREATE UNIQUE INDEX ON ${authors} (k)`);
  const [{ members = 0 } = {}] = (await db.execute(sql`SELECT count(*)::int AS members FROM ${authors}`))
    .rows as { members: number }[];
  if (members < 2 || count < 1) return { posts: 0, postPhotos: 0, postLikes: 0, comments: 0, allowed: 0 };

  // Each post: its author (number k, skewed towards a few), kind, visibility, time and counters.
  await db.execute(sql`
    CREATE UNLOGGED TABLE ${staged} AS
    SELECT gen_random_uuid() AS id, a.id AS author_id, a.k, p.g,
      CASE WHEN p.r_kind < ${PHOTO_SHARE} THEN 'photo' ELSE 'text' END AS kind,
      CASE WHEN p.r_vis < ${PRIVATE_SHARE} THEN 'private' ELSE 'public' END AS visibility,
      CASE WHEN p.r_kind < ${PHOTO_SHARE} THEN 1 + floor(power(p.r_photos, 2.5) * 4)::int ELSE 0 END AS photos,
      CASE WHEN p.r_kind >= ${PHOTO_SHARE} OR p.r_caption < ${CAPTION_SHARE}
        THEN (${textsOf(POST_TEXTS)}::jsonb) ->> floor(p.r_text * ${POST_TEXTS.length})::int ELSE '' END AS text,
      least(${LIKES_MAX}, ${members - 1}, floor(-ln(1 - p.r_likes) * ${LIKES_MEAN}))::int AS likes,
      least(${COMMENTS_MAX}, floor(-ln(1 - p.r_comments) * ${COMMENTS_MEAN}))::int AS comments,
      date_trunc('milliseconds', now() - interval '1 minute' - power(p.r_time, 1.4)
        * greatest(interval '0', least(${POST_DAYS} * interval '1 day', now() - a.created_at - interval '1 hour'))) AS created_at
    FROM (
      SELECT g, random() AS r_author, random() AS r_kind, random() AS r_vis, random() AS r_photos,
        random() AS r_caption, random() AS r_text, random() AS r_likes, random() AS r_comments, random() AS r_time
      FROM generate_series(1, ${count}::int) AS g
    ) p
    JOIN ${authors} a ON a.k = 1 + floor(power(p.r_author, 1.6) * ${members})::int`);

  const posts = await db.execute(sql`
    INSERT INTO posts (id, author_id, text, kind, visibility, status, media_count, likes, comments, created_at)
    SELECT id, author_id, text, kind, visibility, 'ready', photos, likes, comments, created_at FROM ${staged}`);

  // Photo posts: one media item each photo, of the author's, claimed, pointing at a shared picture.
  let postPhotos = 0;
  if (photos.length > 0) {
    const set = JSON.stringify(photos);
    const made = await db.execute(sql`
      WITH photo AS (
        SELECT * FROM jsonb_to_recordset(${set}::jsonb)
          AS x(slot int, folder text, width int, height int, placeholder text, "sourceBytes" bigint, image jsonb)
      ),
      item AS MATERIALIZED (
        SELECT gen_random_uuid() AS item_id, s.id AS post_id, s.author_id, s.created_at, j - 1 AS position,
          (s.g + j) % ${photos.length} AS slot
        FROM ${staged} s CROSS JOIN LATERAL generate_series(1, s.photos) AS j
      ),
      items AS (
        INSERT INTO media_items (id, owner_id, kind, use, status, folder, source_type, source_bytes, width, height,
          placeholder, image, claimed_at, created_at, ready_at)
        SELECT item.item_id, item.author_id, 'photo', 'post', 'ready', photo.folder, 'image/jpeg', photo."sourceBytes",
          photo.width, photo.height, photo.placeholder, photo.image, item.created_at, item.created_at, item.created_at
        FROM item JOIN photo ON photo.slot = item.slot
        RETURNING id
      )
      INSERT INTO post_media (post_id, item_id, position)
      SELECT item.post_id, item.item_id, item.position FROM item WHERE item.item_id IN (SELECT id FROM items)`);
    postPhotos = made.rowCount ?? 0;
  }

  // Allow lists: 1 to 4 members, distinct and never the author (STRIDE apart in member numbers).
  const allowed = await db.execute(sql`
    INSERT INTO post_allowed (post_id, user_id, created_at)
    SELECT s.id, a.id, s.created_at
    FROM ${staged} s CROSS JOIN LATERAL generate_series(1, 1 + (s.g % 4)) AS j
    JOIN ${authors} a ON a.k = 1 + ((s.k - 1 + j::bigint * ${STRIDE}) % ${members})
    WHERE s.visibility = 'private'`);

  // Likes by `likes` distinct members other than the author, after the post.
  const likes = await db.execute(sql`
    INSERT INTO post_likes (post_id, user_id, created_at)
    SELECT s.id, a.id, s.created_at + random() * (now() - s.created_at)
    FROM ${staged} s CROSS JOIN LATERAL generate_series(1, s.likes) AS j
    JOIN ${authors} a ON a.k = 1 + ((s.k - 1 + (j::bigint + s.g % 7) * ${STRIDE}) % ${members})
    WHERE s.likes > 0`);

  const comments = await db.execute(sql`
    INSERT INTO comments (post_id, author_id, text, created_at)
    SELECT s.id, a.id, (${textsOf(COMMENT_TEXTS)}::jsonb) ->> floor(random() * ${COMMENT_TEXTS.length})::int,
      date_trunc('milliseconds', s.created_at + random() * least(interval '7 days', now() - s.created_at))
    FROM ${staged} s CROSS JOIN LATERAL generate_series(1, s.comments) AS j
    JOIN ${authors} a ON a.k = 1 + ((s.k - 1 + (j::bigint + s.g % 5) * ${STRIDE} * 3) % ${members})
    WHERE s.comments > 0`);

  return {
    posts: posts.rowCount ?? 0,
    postPhotos,
    postLikes: likes.rowCount ?? 0,
    comments: comments.rowCount ?? 0,
    allowed: allowed.rowCount ?? 0,
  };
}
