import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  PRIOR_RATINGS,
  PRIOR_SCORE,
  RATINGS_WEIGHT,
  VISITORS_HALF,
  VISITORS_WEIGHT,
} from '../features/discovery/popularity.ts';
import { MATCH_MIN_SCORE, RATING_MAX, RATING_MIN } from '@motema/shared/discovery';
import { MESSAGE_TEXTS } from './seed-texts.ts';

/**
 * The activity of seeded members, set-based over the work table of a seed run (see seed.ts): each
 * member with a complete profile rates and visits members of their own city of a sex they want,
 * some likes are returned (mutual likes are matches), part of the matches chat. Raters are taken in
 * ranges of member numbers so a million members go in batches of statements.
 */

export type ActivityCounts = {
  ratings: number;
  matches: number;
  visits: number;
  conversations: number;
  messages: number;
};

/** Average ratings and visits a member gives (exponentially distributed: a few give many). */
const RATINGS_PER_MEMBER = 5;
const VISITS_PER_MEMBER = 6;
/** Share of likes the other member returns with a like, and of matches that chat. */
const LIKES_RETURNED = 0.3;
const MATCHES_CHATTING = 0.6;
const MESSAGES_MAX = 14;

type Work = { table: string; from: number; to: number };
const id = (name: string) => sql.identifier(name);

/**
 * Picks, for each rater in the range, `perMember` members on average (at least 0, at most 60) of
 * the rater's city and of a sex they want, as (source, target, n) rows into `into`: two steps so the
 * random target index is computed once per row, then joined through the (city, sex, gi) index.
 */
function pickTargets(work: Work, perMember: number) {
  const w = id(work.table);
  const groups = id(`${work.table}_groups`);
  return sql`
    WITH wanted AS MATERIALIZED (
      SELECT r.id AS source, r.city,
        r.match_sex[1 + floor(random() * cardinality(r.match_sex))::int] AS sex
      FROM (
        SELECT id, city, match_sex, least(60, floor(-ln(1 - random()) * ${perMember}))::int AS k
        FROM ${w}
        WHERE complete AND n BETWEEN ${work.from} AND ${work.to} AND cardinality(match_sex) > 0
      ) r CROSS JOIN LATERAL generate_series(1, r.k) AS j
    ),
    picked AS MATERIALIZED (
      SELECT wanted.source, wanted.city, wanted.sex, 1 + floor(random() * g.size)::int AS gi
      FROM wanted JOIN ${groups} g ON g.city = wanted.city AND g.sex = wanted.sex
    )
    SELECT DISTINCT picked.source, t.id AS target
    FROM picked JOIN ${w} t ON t.city = picked.city AND t.sex = picked.sex AND t.gi = picked.gi
    WHERE t.id <> picked.source`;
}

/**
 * Ratings of the raters in the range, into the run's ratings table (with returned likes). The
 * range's own ratings go through `<table>_batch` first, so returning likes reads only them.
 */
export async function stageRatings(db: DbOrTx, work: Work): Promise<void> {
  const staged = id(`${work.table}_ratings`);
  const fresh = id(`${work.table}_batch`);
  const w = id(work.table);
  await db.execute(sql`TRUNCATE ${fresh}`);
  // Scores: 55% likes (4-5), 35% dislikes (1-2), 10% in between.
  await db.execute(sql`
    INSERT INTO ${fresh} (rater_id, rated_id, score, at)
    SELECT source, target,
      CASE WHEN r < 0.3 THEN 5 WHEN r < 0.55 THEN 4 WHEN r < 0.65 THEN 3 WHEN r < 0.8 THEN 2 ELSE 1 END,
      now() - random() * interval '60 days'
    FROM (SELECT source, target, random() AS r FROM (${pickTargets(work, RATINGS_PER_MEMBER)}) p) s`);
  await db.execute(sql`INSERT INTO ${staged} SELECT * FROM ${fresh} ON CONFLICT DO NOTHING`);
  // Some likes are returned by members who want the rater's sex: mutual likes, the matches.
  await db.execute(sql`
    INSERT INTO ${staged} (rater_id, rated_id, score, at)
    SELECT s.rated_id, s.rater_id, CASE WHEN random() < 0.5 THEN 5 ELSE 4 END,
      s.at + random() * interval '3 days'
    FROM ${fresh} s
    JOIN ${w} rater ON rater.id = s.rater_id
    JOIN ${w} rated ON rated.id = s.rated_id
    WHERE s.score >= ${MATCH_MIN_SCORE} AND rater.sex = ANY (rated.match_sex) AND random() < ${LIKES_RETURNED}
    ON CONFLICT DO NOTHING`);
}

/** Visits by the visitors in the range: straight into `visits` (only new pairs: the run's members). */
export async function insertVisits(db: DbOrTx, work: Work): Promise<number> {
  const result = await db.execute(sql`
    INSERT INTO visits (visitor_id, visited_id, days, first_at, last_at)
    SELECT source, target, days, first_at, first_at + random() * (now() - first_at)
    FROM (
      SELECT source, target, 1 + floor(-ln(1 - random()) * 1.5)::int AS days,
        now() - random() * interval '60 days' AS first_at
      FROM (${pickTargets(work, VISITS_PER_MEMBER)}) p
    ) v`);
  return result.rowCount ?? 0;
}

/** The staged ratings into `ratings`, in one statement. */
export async function insertRatings(db: DbOrTx, table: string): Promise<number> {
  const result = await db.execute(sql`
    INSERT INTO ratings (rater_id, rated_id, score, created_at, updated_at)
    SELECT rater_id, rated_id, score, at, at FROM ${id(`${table}_ratings`)}`);
  return result.rowCount ?? 0;
}

/** Every pair of the run that rated each other MATCH_MIN_SCORE or more, as the app stores it. */
export async function insertMatches(db: DbOrTx, table: string): Promise<number> {
  const staged = id(`${table}_ratings`);
  const result = await db.execute(sql`
    INSERT INTO matches (user_a, user_b, created_at)
    SELECT a.rater_id, a.rated_id, greatest(a.at, b.at)
    FROM ${staged} a JOIN ${staged} b ON b.rater_id = a.rated_id AND b.rated_id = a.rater_id
    WHERE a.rater_id < a.rated_id AND a.score >= ${MATCH_MIN_SCORE} AND b.score >= ${MATCH_MIN_SCORE}`);
  return result.rowCount ?? 0;
}

/**
 * Conversations for part of the run's matches, each with 1 to MESSAGES_MAX messages numbered 1..n,
 * `last_seq` and `last_message_at` of the newest, and for each member: read up to at least their
 * own last message (often everything), delivered at least as far as read, an unread count of
 * exactly the other member's messages after their read watermark, and when the other member first
 * wrote to them (`first_received_at`, the paywall's open case), as the chat keeps them.
 */
export async function insertConversations(
  db: DbOrTx,
  table: string,
): Promise<{ conversations: number; messages: number }> {
  const conv = id(`${table}_conversations`);
  const msgs = id(`${table}_messages`);
  const w = id(table);
  await db.execute(sql`
    CREATE UNLOGGED TABLE ${conv} AS
    SELECT gen_random_uuid() AS id, m.user_a, m.user_b,
      1 + floor(power(random(), 1.5) * ${MESSAGES_MAX})::int AS count,
      least(m.created_at + random() * (now() - m.created_at) * 0.5, now() - interval '1 hour') AS started
    FROM matches m JOIN ${w} a ON a.id = m.user_a
    WHERE random() < ${MATCHES_CHATTING}`);
  await db.execute(sql`
    CREATE UNLOGGED TABLE ${msgs} AS
    SELECT c.id AS conversation_id, s AS seq,
      CASE WHEN random() < 0.5 THEN c.user_a ELSE c.user_b END AS sender_id,
      c.started + s * interval '3 minutes' + random() * interval '2 minutes' AS created_at
    FROM ${conv} c CROSS JOIN LATERAL generate_series(1, c.count) AS s`);
  const texts = JSON.stringify(MESSAGE_TEXTS);
  const conversations = await db.execute(sql`
    INSERT INTO conversations (id, pair_key, last_seq, last_message_at, created_at)
    SELECT c.id, least(c.user_a::text COLLATE "C", c.user_b::text COLLATE "C") || ':' ||
        greatest(c.user_a::text COLLATE "C", c.user_b::text COLLATE "C"),
      c.count, last.created_at, c.started
    FROM ${conv} c JOIN ${msgs} last ON last.conversation_id = c.id AND last.seq = c.count`);
  const messages = await db.execute(sql`
    INSERT INTO messages (conversation_id, seq, sender_id, client_id, text, created_at)
    SELECT m.conversation_id, m.seq, m.sender_id, gen_random_uuid(),
      (${texts}::jsonb) ->> floor(random() * ${MESSAGE_TEXTS.length})::int, m.created_at
    FROM ${msgs} m`);
  await db.execute(sql`
    WITH own AS (
      SELECT conversation_id, sender_id, max(seq) AS own_last FROM ${msgs} GROUP BY conversation_id, sender_id
    ),
    marks AS MATERIALIZED (
      SELECT member.*,
        CASE WHEN random() < 0.7 THEN count
          ELSE own_last + floor(random() * (count - own_last + 1))::int END AS read_seq
      FROM (
        SELECT c.id AS conversation_id, u.user_id, c.count, c.started, coalesce(own.own_last, 0) AS own_last
        FROM ${conv} c CROSS JOIN LATERAL (VALUES (c.user_a), (c.user_b)) AS u(user_id)
        LEFT JOIN own ON own.conversation_id = c.id AND own.sender_id = u.user_id
      ) member
    ),
    unread AS (
      SELECT marks.conversation_id, marks.user_id, count(m.seq)::int AS unread
      FROM marks LEFT JOIN ${msgs} m ON m.conversation_id = marks.conversation_id
        AND m.sender_id <> marks.user_id AND m.seq > marks.read_seq
      GROUP BY marks.conversation_id, marks.user_id
    ),
    received AS (
      SELECT marks.conversation_id, marks.user_id, min(m.created_at) AS first_at
      FROM marks LEFT JOIN ${msgs} m ON m.conversation_id = marks.conversation_id AND m.sender_id <> marks.user_id
      GROUP BY marks.conversation_id, marks.user_id
    )
    INSERT INTO conversation_members (conversation_id, user_id, delivered_seq, read_seq, unread_count, joined_at,
      first_received_at)
    SELECT marks.conversation_id, marks.user_id,
      CASE WHEN random() < 0.9 THEN marks.count ELSE marks.read_seq END, marks.read_seq, unread.unread,
      marks.started, received.first_at
    FROM marks JOIN unread USING (conversation_id, user_id) JOIN received USING (conversation_id, user_id)`);
  return { conversations: conversations.rowCount ?? 0, messages: messages.rowCount ?? 0 };
}

/**
 * Each run member's popularity from the ratings and distinct visitors they received, as
 * `computePopularity` makes it (Math.round: half up), into the work table.
 */
export async function computeSeedPopularity(db: DbOrTx, table: string): Promise<void> {
  const w = id(table);
  await db.execute(sql`
    WITH rated AS (
      SELECT s.rated_id, count(*) AS n, sum(s.score) AS total
      FROM ${id(`${table}_ratings`)} s GROUP BY s.rated_id
    ),
    seen AS (
      SELECT v.visited_id, count(*) AS n FROM visits v JOIN ${w} x ON x.id = v.visited_id GROUP BY v.visited_id
    ),
    score AS (
      SELECT w.id,
        ${RATINGS_WEIGHT}::float8 * ((${PRIOR_RATINGS * PRIOR_SCORE} + coalesce(rated.total, 0))::float8
          / (${PRIOR_RATINGS} + coalesce(rated.n, 0)) - ${RATING_MIN}) / ${RATING_MAX - RATING_MIN}
        + ${VISITORS_WEIGHT}::float8 * coalesce(seen.n, 0) / (coalesce(seen.n, 0) + ${VISITORS_HALF}) AS total
      FROM ${w} w LEFT JOIN rated ON rated.rated_id = w.id LEFT JOIN seen ON seen.visited_id = w.id
    )
    UPDATE ${w} w SET popularity = least(100, greatest(0, floor(score.total + 0.5)))::int
    FROM score WHERE score.id = w.id`);
}
