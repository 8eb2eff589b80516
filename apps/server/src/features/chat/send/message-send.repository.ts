import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { messages, messageStories } from '../../../db/schema.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { paywallReasonSql } from '../../billing/paywall/paywall.policy.ts';

// Storing a new message, one send at a time (decision 0009); `messages-batch.repository.ts` is the
// group-commit path of text messages (decision 0010).

/** The message this sender already stored under this client id (a send that lost the race to it). */
export async function findBySenderClient(db: DbOrTx, senderId: string, clientId: string) {
  const [row] = await db
    .select({ id: messages.id, conversationId: messages.conversationId })
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)));
  return row;
}

/**
 * The send path's statements are named (prepared once per connection, QUALITY B3): PostgreSQL plans
 * them once and nothing rebuilds their SQL per message. Drizzle cannot prepare raw SQL with data-
 * modifying CTEs, so these two go straight to the pool of the Drizzle handle.
 */
type Named = { name: string; text: string };
async function runNamed<T>(db: Db, statement: Named, values: unknown[]): Promise<T[]> {
  const result = await db.$client.query({ ...statement, values });
  return result.rows as T[];
}

/**
 * Same condition as `notBlockedWith`, inlined for a prepared statement; the paywall's reason (NULL
 * once the other member has written, or for a match: one column read, one probe).
 */
const SEND_CONTEXT: Named = {
  name: 'chat_send_context_v5',
  text: `
    SELECT other.user_id AS "otherId",
      NOT EXISTS (SELECT 1 FROM blocks b
        WHERE (b.blocker_id = $2::uuid AND b.blocked_id = other.user_id)
           OR (b.blocker_id = other.user_id AND b.blocked_id = $2::uuid)) AS "open",
      ${paywallReasonSql({
        sender: '$2::uuid',
        recipient: 'other.user_id',
        at: '$4::timestamptz',
        heard: 'me.first_received_at IS NOT NULL',
      })} AS "paywall",
      m.id AS "existingId",
      u.username AS "username", u.first_name AS "firstName",
      u.avatar_photo_id AS "avatarPhotoId"
    FROM conversation_members me
    JOIN conversation_members other
      ON other.conversation_id = me.conversation_id AND other.user_id <> me.user_id
    JOIN users u ON u.id = me.user_id
    LEFT JOIN messages m ON m.sender_id = $2::uuid AND m.client_id = $3::uuid
    WHERE me.conversation_id = $1::uuid AND me.user_id = $2::uuid
    LIMIT 1`,
};

export type SendContext = {
  otherId: string;
  /** No block either way (QUALITY Z3). */
  open: boolean;
  /** Why the paywall refuses this sender a new message here (`PaymentRequiredReason`), or null. */
  paywall: string | null;
  /** The message this sender already stored under this client id, if any. */
  existingId: string | null;
  username: string;
  firstName: string | null;
  avatarPhotoId: string | null;
};

/**
 * In one round trip, what a send needs first: the other member (undefined for a non-member), whether
 * a block stands between them, whether the paywall lets the sender write at `at`, the message already
 * stored under this client id, and the sender's names and avatar for the message's view.
 */
export async function sendContext(
  db: Db,
  conversationId: string,
  senderId: string,
  clientId: string,
  at: Date,
): Promise<SendContext | undefined> {
  const [row] = await runNamed<SendContext>(db, SEND_CONTEXT, [
    conversationId,
    senderId,
    clientId,
    at.toISOString(),
  ]);
  return row;
}

const INSERT_NEXT: Named = {
  name: 'chat_insert_next_v3',
  text: `
    WITH next AS (
      UPDATE conversations
      SET last_seq = last_seq + 1, last_message_at = GREATEST(last_message_at, $7::timestamptz)
      WHERE id = $1::uuid
        AND NOT EXISTS (SELECT 1 FROM blocks b
          WHERE (b.blocker_id = $2::uuid AND b.blocked_id = $3::uuid)
             OR (b.blocker_id = $3::uuid AND b.blocked_id = $2::uuid))
        AND ($6::uuid IS NULL OR EXISTS (
          SELECT 1 FROM messages q WHERE q.id = $6::uuid AND q.conversation_id = $1::uuid))
      RETURNING last_seq
    ), stored AS (
      INSERT INTO messages (conversation_id, seq, sender_id, client_id, text, reply_to_id, created_at)
      SELECT $1::uuid, next.last_seq, $2::uuid, $4::uuid, $5::text, $6::uuid, $7::timestamptz FROM next
      RETURNING id, seq
    ), unread AS (
      UPDATE conversation_members SET unread_count = unread_count + 1,
        first_received_at = COALESCE(first_received_at, $7::timestamptz)
      WHERE conversation_id = $1::uuid AND user_id = $3::uuid AND EXISTS (SELECT 1 FROM stored)
    )
    SELECT id, seq FROM stored`,
};

/** A message to store, one send at a time (a group goes as arrays: messages-batch.repository.ts). */
export type NewMessageValues = {
  conversationId: string;
  senderId: string;
  recipientId: string;
  clientId: string;
  text: string | null;
  replyToId: string | null;
  createdAt: Date;
};

/**
 * Takes the conversation's next sequence number and stores the message with it, counting it unread
 * for the recipient (who may now answer freely: `first_received_at`, the paywall's open case): one prepared statement in its own transaction (decisions 0008, 0009). The
 * UPDATE's row lock, held to the commit, queues concurrent senders, so numbers are gap-free. The
 * explicit COMMIT matters: a lone statement would commit by itself even after the server died while it
 * waited for the lock, whereas an open transaction dies with its connection. A block made since the
 * send read its context, or a reply to a message of another conversation, stores nothing (undefined).
 * A client id the sender stored meanwhile raises the unique violation of `messages_sender_client_key`
 * (see `isDuplicateClientId`): everything is undone, the sequence number with it.
 */
export async function insertNextMessage(
  db: Db,
  values: NewMessageValues,
  /** More writes that must commit with the message or not at all (attaching its files). */
  alsoInTransaction?: (tx: DbOrTx, messageId: string) => Promise<void>,
): Promise<{ id: string; seq: number } | undefined> {
  return inTransaction(db, async ({ client, tx }) => {
    const result = await client.query<{ id: string; seq: number }>({
      ...INSERT_NEXT,
      values: [
        values.conversationId,
        values.senderId,
        values.recipientId,
        values.clientId,
        values.text,
        values.replyToId,
        values.createdAt.toISOString(),
      ],
    });
    const inserted = result.rows[0];
    // Drizzle on the transaction's own connection: what the callback writes commits with the message.
    if (inserted && alsoInTransaction) await alsoInTransaction(tx, inserted.id);
    return inserted;
  });
}

/** The story a message replies to: which one, its picture's media item, and when it ends. */
export type StoryReference = { storyId: string; itemId: string; endsAt: Date };

/** In the transaction storing a reply to a story: what it replied to. */
export async function insertMessageStory(tx: DbOrTx, messageId: string, story: StoryReference) {
  await tx.insert(messageStories).values({ messageId, ...story });
}

/** The error of a second message stored under the same (sender, client id). */
export function isDuplicateClientId(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && e.constraint === 'messages_sender_client_key';
}
