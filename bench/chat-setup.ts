/** What B3 (chat.bench.ts) runs on: members paired in conversations with live sessions. */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { sessions } from '../apps/server/src/db/schema.ts';
import { SESSION_COOKIE } from '../apps/server/src/features/auth/sessions.service.ts';
import { newToken, sha256 } from '../apps/server/src/lib/tokens.ts';
import { seedMembers } from '../apps/server/src/seed/members.ts';
import type { BenchMember } from './chat-load.ts';

const PREFIX = 'chatbench';

/**
 * `count` active members (seeded set-based, reused across runs), paired two by two in conversations
 * (1,000 for 2,000), each with a fresh session. Consecutive members share a conversation.
 */
export async function prepareMembers(db: Db, count: number): Promise<BenchMember[]> {
  const like = `${PREFIX}%`;
  const [{ n = 0 } = {}] = (
    await db.execute(sql`SELECT count(*)::int AS n FROM users WHERE username LIKE ${like}`)
  ).rows as { n?: number }[];
  if (n < count) await seedMembers(db, { count: count - n, prefix: `${PREFIX}${n}x` });
  await db.execute(sql`
    UPDATE users SET status = 'active', first_name = 'Seed', email_confirmed_at = now()
    WHERE username LIKE ${like} AND (status <> 'active' OR first_name IS NULL)`);
  await db.execute(sql`
    WITH ranked AS (
      SELECT id, row_number() OVER (ORDER BY username) - 1 AS i FROM users WHERE username LIKE ${like}
    ),
    pairs AS (
      SELECT a.id::text COLLATE "C" AS a, b.id::text COLLATE "C" AS b
      FROM ranked a JOIN ranked b ON b.i = a.i + 1
      WHERE a.i % 2 = 0
        AND NOT EXISTS (SELECT 1 FROM conversation_members m WHERE m.user_id IN (a.id, b.id))
    ),
    made AS (
      INSERT INTO conversations (pair_key)
      SELECT least(a, b) || ':' || greatest(a, b) FROM pairs
      ON CONFLICT DO NOTHING
      RETURNING id, pair_key
    )
    INSERT INTO conversation_members (conversation_id, user_id)
    SELECT made.id, unnest(string_to_array(made.pair_key, ':'))::uuid FROM made`);
  // Each pair a match: the paywall (features/billing/paywall) lets matches write to each other whatever
  // their popularity and preferences, so no bench send is refused. After a pair's first exchange the
  // send reads only `first_received_at`; before it, one probe of the matches' key.
  await db.execute(sql`
    INSERT INTO matches (user_a, user_b)
    SELECT a.user_id, b.user_id
    FROM conversation_members a
    JOIN conversation_members b ON b.conversation_id = a.conversation_id AND a.user_id < b.user_id
    JOIN users u ON u.id = a.user_id
    WHERE u.username LIKE ${like}
    ON CONFLICT DO NOTHING`);
  // Fresh statistics, as autovacuum keeps them on a live database: without them the planner takes the
  // set-based seeding for a handful of rows and picks plans that scan every conversation.
  await db.execute(sql`ANALYZE users, conversations, conversation_members, sessions, messages, matches`);
  const rows = (
    await db.execute(sql`
      SELECT u.id AS "userId", u.username, m.conversation_id AS "conversationId"
      FROM users u JOIN conversation_members m ON m.user_id = u.id
      WHERE u.username LIKE ${like}
      ORDER BY m.conversation_id, u.id
      LIMIT ${count}`)
  ).rows as Omit<BenchMember, 'cookie'>[];
  if (rows.length < count) throw new Error(`only ${rows.length} paired bench members`);
  const tokens = rows.map(() => newToken());
  const expiresAt = new Date(Date.now() + 24 * 3600 * 1000);
  for (let start = 0; start < rows.length; start += 1000) {
    await db.insert(sessions).values(
      rows.slice(start, start + 1000).map((row, i) => ({
        userId: row.userId,
        tokenHash: sha256(tokens[start + i]!),
        userAgent: 'chat bench',
        expiresAt,
      })),
    );
  }
  return rows.map((row, i) => ({ ...row, cookie: `${SESSION_COOKIE}=${tokens[i]}` }));
}
