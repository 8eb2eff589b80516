import { and, asc, count, desc, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  conversationMembers,
  conversations,
  messageHides,
  messages,
  messageStars,
  users,
} from '../../db/schema.ts';

const quote = alias(messages, 'quote');
const quoteSender = alias(users, 'quote_sender');

const notHiddenBy = (viewerId: string) =>
  sql`NOT EXISTS (SELECT 1 FROM ${messageHides} WHERE ${messageHides.messageId} = ${messages.id} AND ${messageHides.userId} = ${viewerId})`;
const starredBy = (viewerId: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${messageStars} WHERE ${messageStars.messageId} = ${messages.id} AND ${messageStars.userId} = ${viewerId})`;

/** Messages with their sender, the message they quote (and its sender) and the viewer's star, in one query. */
function selectViews(db: DbOrTx, viewerId: string) {
  return db
    .select({
      id: messages.id,
      clientId: messages.clientId,
      conversationId: messages.conversationId,
      seq: messages.seq,
      senderId: messages.senderId,
      text: messages.text,
      createdAt: messages.createdAt,
      editedAt: messages.editedAt,
      unsentAt: messages.unsentAt,
      senderUsername: users.username,
      senderFirstName: users.firstName,
      senderLastName: users.lastName,
      senderAvatarPhotoId: users.avatarPhotoId,
      quoteId: quote.id,
      quoteSeq: quote.seq,
      quoteText: quote.text,
      quoteUnsentAt: quote.unsentAt,
      quoteSenderId: quote.senderId,
      quoteSenderUsername: quoteSender.username,
      quoteSenderFirstName: quoteSender.firstName,
      quoteSenderLastName: quoteSender.lastName,
      important: starredBy(viewerId),
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .leftJoin(quote, eq(quote.id, messages.replyToId))
    .leftJoin(quoteSender, eq(quoteSender.id, quote.senderId));
}

export type MessageViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];

/** These messages as the viewer sees them, in ascending sequence. */
export async function messageViewsByIds(
  db: DbOrTx,
  viewerId: string,
  ids: readonly string[],
): Promise<MessageViewRow[]> {
  if (ids.length === 0) return [];
  return selectViews(db, viewerId)
    .where(inArray(messages.id, [...ids]))
    .orderBy(asc(messages.conversationId), asc(messages.seq));
}

export type PageQuery = { before?: number; after?: number; limit: number; important?: boolean };

function visibleIn(conversationId: string, viewerId: string, important: boolean | undefined, cursor?: SQL) {
  return and(
    eq(messages.conversationId, conversationId),
    notHiddenBy(viewerId),
    important ? starredBy(viewerId) : undefined,
    cursor,
  );
}

/**
 * One page of the conversation as the viewer sees it, `limit + 1` rows to tell whether there is
 * more: forwards from `after`, otherwise backwards from `before` (or the newest). Ascending order.
 */
export async function messagePage(
  db: DbOrTx,
  viewerId: string,
  conversationId: string,
  query: PageQuery,
): Promise<MessageViewRow[]> {
  const forwards = query.after !== undefined;
  const cursor = forwards
    ? gt(messages.seq, query.after!)
    : query.before !== undefined
      ? lt(messages.seq, query.before)
      : undefined;
  const rows = await selectViews(db, viewerId)
    .where(visibleIn(conversationId, viewerId, query.important, cursor))
    .orderBy(forwards ? asc(messages.seq) : desc(messages.seq))
    .limit(query.limit + 1);
  return rows;
}

export async function countVisible(
  db: DbOrTx,
  viewerId: string,
  conversationId: string,
  important: boolean | undefined,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(visibleIn(conversationId, viewerId, important));
  return row?.n ?? 0;
}

export async function findBySenderClient(db: DbOrTx, senderId: string, clientId: string) {
  const [row] = await db
    .select({ id: messages.id, conversationId: messages.conversationId })
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)));
  return row;
}

/**
 * Takes the conversation's next sequence number and stores the message with it, counting it unread
 * for the recipient, in one statement. The UPDATE's row lock, held until the commit, queues
 * concurrent senders, so numbers are gap-free and increasing (ADR 0008); one round trip keeps that
 * lock short. Undefined when the sender already stored this client id: the caller rolls back, so
 * the number taken here is given back.
 */
export async function insertNextMessage(
  tx: DbOrTx,
  values: {
    conversationId: string;
    senderId: string;
    recipientId: string;
    clientId: string;
    text: string | null;
    replyToId: string | null;
    createdAt: Date;
  },
): Promise<{ id: string; seq: number } | undefined> {
  const at = values.createdAt.toISOString();
  const result = await tx.execute<{ id: string; seq: number }>(sql`
    WITH next AS (
      UPDATE ${conversations}
      SET last_seq = last_seq + 1, last_message_at = GREATEST(last_message_at, ${at}::timestamptz)
      WHERE id = ${values.conversationId}::uuid
      RETURNING last_seq
    ), unread AS (
      UPDATE ${conversationMembers} SET unread_count = unread_count + 1
      WHERE conversation_id = ${values.conversationId}::uuid AND user_id = ${values.recipientId}::uuid
    )
    INSERT INTO ${messages} (conversation_id, seq, sender_id, client_id, text, reply_to_id, created_at)
    SELECT ${values.conversationId}::uuid, next.last_seq, ${values.senderId}::uuid, ${values.clientId}::uuid,
      ${values.text}::text, ${values.replyToId}::uuid, ${at}::timestamptz
    FROM next
    ON CONFLICT (sender_id, client_id) DO NOTHING
    RETURNING id, seq`);
  return result.rows[0];
}

export async function isInConversation(db: DbOrTx, messageId: string, conversationId: string) {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)));
  return row !== undefined;
}

/** A message as the write rules need it, with whether the viewer hid it. */
export async function findForWrite(tx: DbOrTx, messageId: string, viewerId: string) {
  const [row] = await tx
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      unsentAt: messages.unsentAt,
      hidden: sql<boolean>`NOT ${notHiddenBy(viewerId)}`,
    })
    .from(messages)
    .where(eq(messages.id, messageId));
  return row;
}

/** Edits a message not unsent (false when it was unsent meanwhile). */
export async function updateText(tx: DbOrTx, messageId: string, text: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(messages)
    .set({ text, editedAt: at })
    .where(and(eq(messages.id, messageId), isNull(messages.unsentAt)))
    .returning({ id: messages.id });
  return rows.length > 0;
}

/** Takes the message back for both members (false when it was already). */
export async function markUnsent(tx: DbOrTx, messageId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(messages)
    .set({ text: null, unsentAt: at })
    .where(and(eq(messages.id, messageId), isNull(messages.unsentAt)))
    .returning({ id: messages.id });
  return rows.length > 0;
}

export async function insertHide(tx: DbOrTx, messageId: string, userId: string, at: Date) {
  await tx.insert(messageHides).values({ messageId, userId, createdAt: at }).onConflictDoNothing();
}

export async function setStar(db: DbOrTx, messageId: string, userId: string, important: boolean, at: Date) {
  if (important) {
    await db.insert(messageStars).values({ messageId, userId, createdAt: at }).onConflictDoNothing();
  } else {
    await db
      .delete(messageStars)
      .where(and(eq(messageStars.messageId, messageId), eq(messageStars.userId, userId)));
  }
}

export async function isHiddenBy(db: DbOrTx, messageId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messageHides.messageId })
    .from(messageHides)
    .where(and(eq(messageHides.messageId, messageId), eq(messageHides.userId, userId)));
  return row !== undefined;
}
