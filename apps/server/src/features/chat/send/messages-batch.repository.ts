import type { Db } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import type { NewMessageValues, SendContext } from './message-send.repository.ts';

/**
 * The group-commit send path (decision 0010): the statements of `message-send.repository.ts`,
 * taking arrays (`unnest ... WITH ORDINALITY`) so that the messages of many senders cost one
 * context lookup and one transaction. Named (prepared once per connection, decision 0009); raw `pg`
 * on the Drizzle handle's pool, since Drizzle cannot prepare data-modifying CTEs.
 */
type Named = { name: string; text: string };

/** Same columns as `chat_send_context_v2`, one row per input that is a member's conversation. */
const SEND_CONTEXTS: Named = {
  name: 'chat_send_contexts_batch_v2',
  text: `
    SELECT DISTINCT ON (i.ord) i.ord::int AS "ord", other.user_id AS "otherId",
      NOT EXISTS (SELECT 1 FROM blocks b
        WHERE (b.blocker_id = i.sender_id AND b.blocked_id = other.user_id)
           OR (b.blocker_id = other.user_id AND b.blocked_id = i.sender_id)) AS "open",
      m.id AS "existingId",
      u.username AS "username", u.first_name AS "firstName",
      u.avatar_photo_id AS "avatarPhotoId"
    FROM unnest($1::uuid[], $2::uuid[], $3::uuid[]) WITH ORDINALITY AS i(conversation_id, sender_id, client_id, ord)
    JOIN conversation_members me ON me.conversation_id = i.conversation_id AND me.user_id = i.sender_id
    JOIN conversation_members other
      ON other.conversation_id = me.conversation_id AND other.user_id <> me.user_id
    JOIN users u ON u.id = me.user_id
    LEFT JOIN messages m ON m.sender_id = i.sender_id AND m.client_id = i.client_id
    ORDER BY i.ord`,
};

/**
 * The contexts of these sends, in one round trip, by their index in `sends` (a send whose sender is
 * not a member of the conversation has none).
 */
export async function sendContexts(
  db: Db,
  sends: readonly { conversationId: string; senderId: string; clientId: string }[],
): Promise<Map<number, SendContext>> {
  const result = await db.$client.query<SendContext & { ord: number }>({
    ...SEND_CONTEXTS,
    values: [sends.map((s) => s.conversationId), sends.map((s) => s.senderId), sends.map((s) => s.clientId)],
  });
  return new Map(result.rows.map(({ ord, ...context }) => [ord - 1, context]));
}

/**
 * `chat_insert_next_v2` for many messages. The batch's conversation rows are locked first, in id
 * order (`locked`: two batches, or two nodes, never deadlock; the UPDATE only reaches rows `locked`
 * holds, and reads their latest `last_seq`). The messages still allowed (no block either way, a quote of
 * the same conversation) are numbered after each conversation's `last_seq` in the order given, stored,
 * and counted unread for their recipients; the others use no number.
 */
const INSERT_BATCH: Named = {
  name: 'chat_insert_batch_v2',
  text: `
    WITH i AS (
      SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::uuid[],
        $7::timestamptz[]) WITH ORDINALITY
        AS i(conversation_id, sender_id, recipient_id, client_id, text, reply_to_id, created_at, ord)
    ), locked AS (
      SELECT id FROM conversations WHERE id IN (SELECT conversation_id FROM i) ORDER BY id FOR UPDATE
    ), ok AS (
      SELECT i.*, row_number() OVER (PARTITION BY i.conversation_id ORDER BY i.ord) AS rank
      FROM i
      WHERE NOT EXISTS (SELECT 1 FROM blocks b
          WHERE (b.blocker_id = i.sender_id AND b.blocked_id = i.recipient_id)
             OR (b.blocker_id = i.recipient_id AND b.blocked_id = i.sender_id))
        AND (i.reply_to_id IS NULL OR EXISTS (
          SELECT 1 FROM messages q WHERE q.id = i.reply_to_id AND q.conversation_id = i.conversation_id))
    ), counts AS (
      SELECT conversation_id, count(*)::int AS n, max(created_at) AS at FROM ok GROUP BY conversation_id
    ), next AS (
      UPDATE conversations c
      SET last_seq = c.last_seq + counts.n, last_message_at = GREATEST(c.last_message_at, counts.at)
      FROM counts JOIN locked ON locked.id = counts.conversation_id
      WHERE c.id = counts.conversation_id
      RETURNING c.id, c.last_seq - counts.n AS base
    ), stored AS (
      INSERT INTO messages (conversation_id, seq, sender_id, client_id, text, reply_to_id, created_at)
      SELECT ok.conversation_id, next.base + ok.rank, ok.sender_id, ok.client_id, ok.text,
        ok.reply_to_id, ok.created_at
      FROM ok JOIN next ON next.id = ok.conversation_id
      ORDER BY ok.ord
      RETURNING id, seq, sender_id, client_id
    ), unread AS (
      UPDATE conversation_members cm SET unread_count = cm.unread_count + r.n
      FROM (SELECT ok.conversation_id, ok.recipient_id, count(*)::int AS n
        FROM ok JOIN next ON next.id = ok.conversation_id GROUP BY 1, 2) r
      WHERE cm.conversation_id = r.conversation_id AND cm.user_id = r.recipient_id
    )
    SELECT id, seq, sender_id AS "senderId", client_id AS "clientId" FROM stored`,
};

/**
 * Stores these messages (distinct (sender, client id) pairs) in one transaction, numbered per
 * conversation in the order given: BEGIN, the one statement that locks, numbers, stores and counts,
 * COMMIT (explicit: a statement waiting for a lock must die with its connection, decision 0009). Returns the stored ones by
 * `${senderId}:${clientId}`; a message missing from it was refused (a block, a foreign quote). Any
 * error (a client id stored meanwhile by another node, a deadlock...) rolls everything back.
 */
export async function insertBatch(
  db: Db,
  rows: readonly NewMessageValues[],
): Promise<Map<string, { id: string; seq: number }>> {
  const stored = await inTransaction(db, async ({ client }) => {
    const result = await client.query<{ id: string; seq: number; senderId: string; clientId: string }>({
      ...INSERT_BATCH,
      values: [
        rows.map((r) => r.conversationId),
        rows.map((r) => r.senderId),
        rows.map((r) => r.recipientId),
        rows.map((r) => r.clientId),
        rows.map((r) => r.text),
        rows.map((r) => r.replyToId),
        rows.map((r) => r.createdAt.toISOString()),
      ],
    });
    return result.rows;
  });
  // Keyed after the commit: the conversations' locks are held no longer than the statement needs.
  return new Map(stored.map((r) => [`${r.senderId}:${r.clientId}`, { id: r.id, seq: r.seq }]));
}
