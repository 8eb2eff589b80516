/**
 * Every B6 round starts from the same data: what the session's member had before the first round
 * (ratings, visits, matches, conversations as seeded) is saved once, and put back after each session
 * (the session rates 20 members, visits 5 profiles, and writes 20 messages).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';

export type MemberState = { restore(): Promise<void> };

export async function saveMemberState(db: Db, memberId: string): Promise<MemberState> {
  const me = sql`${memberId}::uuid`;
  const savedAt = (await db.execute(sql`SELECT now() AS at`)).rows[0] as { at: string };
  await db.execute(sql`DROP TABLE IF EXISTS b6_ratings, b6_visits, b6_matches, b6_conversations, b6_members`);
  await db.execute(
    sql`CREATE TABLE b6_ratings AS SELECT * FROM ratings WHERE rater_id = ${me} OR rated_id = ${me}`,
  );
  await db.execute(
    sql`CREATE TABLE b6_visits AS SELECT * FROM visits WHERE visitor_id = ${me} OR visited_id = ${me}`,
  );
  await db.execute(
    sql`CREATE TABLE b6_matches AS SELECT * FROM matches WHERE user_a = ${me} OR user_b = ${me}`,
  );
  await db.execute(sql`
    CREATE TABLE b6_conversations AS SELECT * FROM conversations
    WHERE id IN (SELECT conversation_id FROM conversation_members WHERE user_id = ${me})`);
  await db.execute(sql`
    CREATE TABLE b6_members AS SELECT * FROM conversation_members
    WHERE conversation_id IN (SELECT id FROM b6_conversations)`);
  return {
    async restore() {
      await db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM ratings WHERE rater_id = ${me} OR rated_id = ${me}`);
        await tx.execute(sql`INSERT INTO ratings SELECT * FROM b6_ratings`);
        await tx.execute(sql`DELETE FROM visits WHERE visitor_id = ${me} OR visited_id = ${me}`);
        await tx.execute(sql`INSERT INTO visits SELECT * FROM b6_visits`);
        await tx.execute(sql`DELETE FROM matches WHERE user_a = ${me} OR user_b = ${me}`);
        await tx.execute(sql`INSERT INTO matches SELECT * FROM b6_matches`);
        // Conversations started by a session go; those seeded lose the session's messages and get
        // their counters back.
        await tx.execute(sql`
          DELETE FROM conversations WHERE id IN (
            SELECT conversation_id FROM conversation_members WHERE user_id = ${me}
            EXCEPT SELECT id FROM b6_conversations)`);
        await tx.execute(sql`
          DELETE FROM messages WHERE conversation_id IN (SELECT id FROM b6_conversations)
            AND created_at >= ${savedAt.at}::timestamptz`);
        await tx.execute(sql`
          UPDATE conversations c SET last_seq = s.last_seq, last_message_at = s.last_message_at
          FROM b6_conversations s WHERE s.id = c.id`);
        await tx.execute(sql`
          UPDATE conversation_members m
          SET delivered_seq = s.delivered_seq, read_seq = s.read_seq, unread_count = s.unread_count
          FROM b6_members s WHERE s.conversation_id = m.conversation_id AND s.user_id = m.user_id`);
      });
    },
  };
}
