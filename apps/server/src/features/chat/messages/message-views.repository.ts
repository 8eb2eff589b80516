import type { MessageViewRow } from '../../../app-event-payloads.ts';
import { and, asc, count, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { messageHides, messages, messageStars, messageStories, users } from '../../../db/schema.ts';

// Reading messages as a viewer sees them: by id, a page of a conversation, how many it shows.

const quote = alias(messages, 'quote');
const quoteSender = alias(users, 'quote_sender');

/** Not hidden by the viewer (also the write rules' check, `message-actions.repository.ts`). */
export const notHiddenBy = (viewerId: string) =>
  sql`NOT EXISTS (SELECT 1 FROM ${messageHides} WHERE ${messageHides.messageId} = ${messages.id} AND ${messageHides.userId} = ${viewerId})`;
const starredBy = (viewerId: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${messageStars} WHERE ${messageStars.messageId} = ${messages.id} AND ${messageStars.userId} = ${viewerId})`;

/**
 * Messages with their sender, the message they quote (and its sender), the story they reply to and
 * the viewer's star, in one query.
 */
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
      senderAvatarPhotoId: users.avatarPhotoId,
      quoteId: quote.id,
      quoteSeq: quote.seq,
      quoteText: quote.text,
      quoteUnsentAt: quote.unsentAt,
      quoteSenderId: quote.senderId,
      quoteSenderUsername: quoteSender.username,
      quoteSenderFirstName: quoteSender.firstName,
      important: starredBy(viewerId),
      storyId: messageStories.storyId,
      storyItemId: messageStories.itemId,
      storyEndsAt: messageStories.endsAt,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .leftJoin(quote, eq(quote.id, messages.replyToId))
    .leftJoin(quoteSender, eq(quoteSender.id, quote.senderId))
    .leftJoin(messageStories, eq(messageStories.messageId, messages.id));
}

/** The rows read (the event port's type, app-event-payloads.ts: the compiler holds the query to it). */
export type { MessageViewRow };

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
