import type { Db } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { paywallReasonSql } from '../../billing/paywall/paywall.policy.ts';
import type { SendContext } from './message-send.repository.ts';

/**
 * The group-commit send path (decision 0010): the sends of many senders in one statement and one
 * transaction (`unnest ... WITH ORDINALITY`). Named (prepared once per connection, decision 0009); raw
 * `pg` on the Drizzle handle's pool, since Drizzle cannot prepare data-modifying CTEs.
 */
type Named = { name: string; text: string };

/**
 * A group's sends, read and stored in one statement (its one snapshot): each send's context (`ctx`:
 * the sender a member, the other member, a block either way, the paywall's reason (NULL at once when
 * the other member has written to the sender, `heard`), a message already stored under its client
 * id, a quote of the same conversation), then the conversations of the new ones locked in id
 * order (`locked`: two groups, or two nodes, never deadlock; the UPDATE only reaches rows `locked`
 * holds, and reads their latest `last_seq`), and the new messages numbered after each conversation's
 * `last_seq` in the order given, stored, and counted unread for their recipients (who may then answer
 * freely: `first_received_at`, set in the same UPDATE). A send refused or
 * already stored uses no number. Every step is linear in the group's size: a conversation carries its
 * sends' indexes (`ords`) and recipients as arrays, and a message's values are read from the input
 * arrays by index, so no two CTEs are joined (the planner, guessing a few rows for them, joined them
 * in nested loops: quadratic, 250,000 comparisons a join for a group of 500). Returns one row a send
 * whose sender is a member (its context, `ord` set), then one row a message stored (`id` set).
 */
export const STORE_BATCH: Named = {
  name: 'chat_store_batch_v6',
  text: `
    WITH ctx AS (
      SELECT c.*, c.open AND c.existing_id IS NULL AND c.paywall IS NULL AND (c.reply_to_id IS NULL
          OR (SELECT q.conversation_id FROM messages q WHERE q.id = c.reply_to_id) = c.conversation_id)
        AS fresh
      FROM (
        SELECT i.conversation_id, i.sender_id, i.reply_to_id, i.ord::int AS ord, other.user_id AS recipient_id,
          (SELECT m.id FROM messages m WHERE m.sender_id = i.sender_id AND m.client_id = i.client_id)
            AS existing_id,
          NOT EXISTS (SELECT 1 FROM blocks b
            WHERE (b.blocker_id = i.sender_id AND b.blocked_id = other.user_id)
               OR (b.blocker_id = other.user_id AND b.blocked_id = i.sender_id)) AS open,
          ${paywallReasonSql({
            sender: 'i.sender_id',
            recipient: 'other.user_id',
            at: '$6::timestamptz',
            heard: 'other.heard',
          })} AS paywall
        FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $5::uuid[]) WITH ORDINALITY
          AS i(conversation_id, sender_id, client_id, reply_to_id, ord)
        CROSS JOIN LATERAL (SELECT other.user_id, me.first_received_at IS NOT NULL AS heard
          FROM conversation_members me
          JOIN conversation_members other
            ON other.conversation_id = me.conversation_id AND other.user_id <> me.user_id
          WHERE me.conversation_id = i.conversation_id AND me.user_id = i.sender_id
          LIMIT 1) other
        OFFSET 0
      ) c
    ), locked AS (
      SELECT c.id, k.n, k.ords, k.recipients
      FROM (SELECT conversation_id, count(*)::int AS n, array_agg(ord ORDER BY ord) AS ords,
          array_agg(recipient_id ORDER BY ord) AS recipients
        FROM ctx WHERE fresh GROUP BY conversation_id) k
      JOIN conversations c ON c.id = k.conversation_id
      ORDER BY c.id FOR UPDATE OF c
    ), next AS (
      UPDATE conversations c
      SET last_seq = c.last_seq + l.n, last_message_at = GREATEST(c.last_message_at, $6::timestamptz)
      FROM locked l
      WHERE c.id = l.id
      RETURNING c.id, c.last_seq - l.n AS base, l.ords, l.recipients
    ), stored AS (
      INSERT INTO messages (conversation_id, seq, sender_id, client_id, text, reply_to_id, created_at)
      SELECT n.id, n.base + o.rank, ($2::uuid[])[o.ord], ($3::uuid[])[o.ord], ($4::text[])[o.ord],
        ($5::uuid[])[o.ord], $6::timestamptz
      FROM next n CROSS JOIN LATERAL unnest(n.ords) WITH ORDINALITY AS o(ord, rank)
      ORDER BY o.ord
      RETURNING id, seq, sender_id, client_id
    ), unread AS (
      UPDATE conversation_members cm SET unread_count = cm.unread_count + r.n,
        first_received_at = COALESCE(cm.first_received_at, $6::timestamptz)
      FROM (SELECT n.id, r.user_id, count(*)::int AS n
        FROM next n CROSS JOIN LATERAL unnest(n.recipients) AS r(user_id) GROUP BY 1, 2) r
      WHERE cm.conversation_id = r.id AND cm.user_id = r.user_id
    )
    SELECT ctx.ord AS "ord", ctx.recipient_id AS "otherId", ctx.open AS "open",
      ctx.paywall AS "paywall", ctx.existing_id AS "existingId", u.username AS "username", u.first_name AS "firstName",
      u.avatar_photo_id AS "avatarPhotoId", NULL::uuid AS "id", NULL::int AS "seq",
      NULL::uuid AS "senderId", NULL::uuid AS "clientId"
    FROM ctx JOIN users u ON u.id = ctx.sender_id
    UNION ALL
    SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, s.id, s.seq, s.sender_id, s.client_id FROM stored s`,
};

/** A group's send to store: distinct (sender, client id) pairs, their rate limit counted. */
export type BatchSend = {
  conversationId: string;
  senderId: string;
  clientId: string;
  text: string | null;
  replyToId: string | null;
};

/** What became of a send: its context, and the new message when it was stored now. */
export type BatchResult = SendContext & { stored: { id: string; seq: number } | null };

/**
 * Reads and stores these sends in one transaction on a keyed connection (db/keyed.ts): BEGIN, the
 * one statement, COMMIT (explicit: a statement waiting for a lock must die with its connection,
 * decision 0009). Results by the send's index; a send without one is not its sender's conversation. A send with a context but not stored
 * was refused (`open` false, `paywall` set, `existingId` set, or a foreign quote). Any error (a client id stored
 * meanwhile by another group or node, a deadlock...) rolls everything back.
 */
export async function storeBatch(
  db: Db,
  sends: readonly BatchSend[],
  createdAt: Date,
): Promise<Map<number, BatchResult>> {
  const rows = await inTransaction(
    db,
    async ({ client }) => {
      const result = await client.query<BatchRow>({
        ...STORE_BATCH,
        values: [
          sends.map((s) => s.conversationId),
          sends.map((s) => s.senderId),
          sends.map((s) => s.clientId),
          sends.map((s) => s.text),
          sends.map((s) => s.replyToId),
          createdAt.toISOString(),
        ],
      });
      return result.rows;
    },
    { keyed: true },
  );
  // Mapped after the commit: the conversations' locks are held no longer than the statement needs.
  const stored = new Map<string, { id: string; seq: number }>();
  for (const { id, seq, senderId, clientId } of rows) {
    if (id !== null) stored.set(`${senderId}:${clientId}`, { id, seq: seq! });
  }
  const results = new Map<number, BatchResult>();
  for (const { ord, otherId, open, paywall, existingId, username, firstName, avatarPhotoId } of rows) {
    if (ord === null) continue;
    const send = sends[ord - 1]!;
    const message = stored.get(`${send.senderId}:${send.clientId}`);
    const context = {
      otherId: otherId!,
      open: open!,
      paywall,
      existingId,
      username: username!,
      firstName,
      avatarPhotoId,
    };
    results.set(ord - 1, { ...context, stored: message ?? null });
  }
  return results;
}

/** The statement's rows: a send's context (`ord` set), or a message stored (`id` set). */
type BatchRow = {
  ord: number | null;
  otherId: string | null;
  open: boolean | null;
  paywall: string | null;
  existingId: string | null;
  username: string | null;
  firstName: string | null;
  avatarPhotoId: string | null;
  id: string | null;
  seq: number | null;
  senderId: string | null;
  clientId: string | null;
};
