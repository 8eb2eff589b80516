import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { conversationMembers, conversations, messageHides, messages, users } from '../../../db/schema.ts';
import { paywallReasonSql } from '../../billing/paywall/paywall.policy.ts';
import { matchedBetween, shownConnected, shownLastActivity } from '../../discovery/discovery.policy.ts';
import { notBlockedWith } from '../../safety/safety.policy.ts';

export const me = alias(conversationMembers, 'me');
export const other = alias(conversationMembers, 'other');

/** The member someone may start a chat with: active and with no block either way. */
export async function findReachableMember(db: DbOrTx, viewerId: string, userId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'active'), notBlockedWith(viewerId, users.id)));
  return row;
}

/**
 * The paywall between a member starting a chat and the other member, at `at`: open (null) when the
 * other has written to the starter in their conversation (`pairKey`) or they match, else the reason.
 * Raw SQL: the paywall's rule is SQL text, shared with the send path's named statements.
 */
const START_PAYWALL = {
  name: 'chat_start_paywall_v3',
  text: `SELECT ${paywallReasonSql({
    sender: '$1::uuid',
    recipient: '$2::uuid',
    at: '$3::timestamptz',
    heard: `EXISTS (SELECT 1 FROM conversations c
      JOIN conversation_members me ON me.conversation_id = c.id AND me.user_id = $1::uuid
      WHERE c.pair_key = $4::text AND me.first_received_at IS NOT NULL)`,
  })} AS reason`,
};

export async function paywallForStart(
  db: Db,
  starterId: string,
  otherId: string,
  pairKey: string,
  at: Date,
): Promise<string | null> {
  const result = await db.$client.query<{ reason: string | null }>({
    ...START_PAYWALL,
    values: [starterId, otherId, at.toISOString(), pairKey],
  });
  return result.rows[0]?.reason ?? null;
}

export async function findConversationByPair(db: DbOrTx, pairKey: string) {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.pairKey, pairKey));
  return row;
}

/** Creates the conversation of a pair, or nothing when it exists already (then undefined). */
export async function insertConversation(
  db: DbOrTx,
  pairKey: string,
  memberIds: readonly string[],
  at: Date,
) {
  const [row] = await db
    .insert(conversations)
    .values({ pairKey, createdAt: at })
    .onConflictDoNothing({ target: conversations.pairKey })
    .returning({ id: conversations.id });
  if (!row) return undefined;
  await db
    .insert(conversationMembers)
    .values(memberIds.map((userId) => ({ conversationId: row.id, userId, joinedAt: at })))
    .onConflictDoNothing();
  return row;
}

/**
 * A message request for the viewer (`me`): the other member wrote to them, they have never written
 * back, and the two do not match. Two columns read and, only then, one probe of the matches' key.
 */
const isRequest = sql<boolean>`(${me.firstReceivedAt} IS NOT NULL AND ${other.firstReceivedAt} IS NULL
  AND NOT ${matchedBetween(me.userId, other.userId)})`;

/** Which of the viewer's conversations a list holds: requests only, all but them, or all. */
export type ConversationFolder = 'main' | 'requests' | undefined;

const inFolder = (folder: ConversationFolder) =>
  folder === 'requests' ? isRequest : folder === 'main' ? sql`NOT ${isRequest}` : undefined;

/** The viewer's visible conversations: the other member active and no block either way (Z3). */
export function visibleConversations(viewerId: string, conversationId?: string, folder?: ConversationFolder) {
  return and(
    eq(me.userId, viewerId),
    eq(users.status, 'active'),
    notBlockedWith(viewerId, other.userId),
    conversationId ? eq(conversations.id, conversationId) : undefined,
    inFolder(folder),
  );
}

/**
 * The viewer's conversations, newest activity first, each with both members' watermarks, the other
 * member and the id of the newest message the viewer has not hidden.
 */
export async function listConversationRows(
  db: DbOrTx,
  viewerId: string,
  page: { skip: number; limit: number; conversationId?: string; folder?: ConversationFolder },
) {
  return db
    .select({
      id: conversations.id,
      lastSeq: conversations.lastSeq,
      lastMessageAt: conversations.lastMessageAt,
      createdAt: conversations.createdAt,
      readSeq: me.readSeq,
      unread: me.unreadCount,
      otherDeliveredSeq: other.deliveredSeq,
      otherReadSeq: other.readSeq,
      memberId: users.id,
      username: users.username,
      firstName: users.firstName,
      avatarPhotoId: users.avatarPhotoId,
      verified: sql<boolean>`${users.verifiedAt} IS NOT NULL`,
      // Discreet mode hides when the other member is around, from their partners too.
      connected: shownConnected,
      lastActivity: shownLastActivity,
      request: isRequest,
      lastMessageId: sql<
        string | null
      >`(SELECT ${messages.id} FROM ${messages} WHERE ${messages.conversationId} = ${conversations.id} AND NOT EXISTS (SELECT 1 FROM ${messageHides} WHERE ${messageHides.messageId} = ${messages.id} AND ${messageHides.userId} = ${viewerId}) ORDER BY ${messages.seq} DESC LIMIT 1)`,
    })
    .from(me)
    .innerJoin(conversations, eq(conversations.id, me.conversationId))
    .innerJoin(other, and(eq(other.conversationId, me.conversationId), ne(other.userId, viewerId)))
    .innerJoin(users, eq(users.id, other.userId))
    .where(visibleConversations(viewerId, page.conversationId, page.folder))
    .orderBy(
      sql`${conversations.lastMessageAt} DESC NULLS LAST`,
      desc(conversations.createdAt),
      desc(conversations.id),
    )
    .offset(page.skip)
    .limit(page.limit);
}

export type ConversationRow = Awaited<ReturnType<typeof listConversationRows>>[number];

export async function countConversations(
  db: DbOrTx,
  viewerId: string,
  folder?: ConversationFolder,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(me)
    .innerJoin(conversations, eq(conversations.id, me.conversationId))
    .innerJoin(other, and(eq(other.conversationId, me.conversationId), ne(other.userId, viewerId)))
    .innerJoin(users, eq(users.id, other.userId))
    .where(visibleConversations(viewerId, undefined, folder));
  return row?.n ?? 0;
}

/**
 * Waits for the sends in flight to commit (they hold the row's update lock) and returns the last
 * sequence: what follows in the transaction sees every committed message.
 */
export async function lockConversationShared(tx: DbOrTx, conversationId: string): Promise<number> {
  const [row] = await tx
    .select({ lastSeq: conversations.lastSeq })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .for('share');
  return row?.lastSeq ?? 0;
}

export async function lockMember(tx: DbOrTx, conversationId: string, userId: string) {
  const [row] = await tx
    .select({
      deliveredSeq: conversationMembers.deliveredSeq,
      readSeq: conversationMembers.readSeq,
      unreadCount: conversationMembers.unreadCount,
    })
    .from(conversationMembers)
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
    )
    .for('update');
  return row;
}

export async function setWatermarks(
  tx: DbOrTx,
  conversationId: string,
  userId: string,
  marks: { deliveredSeq: number; readSeq: number },
): Promise<void> {
  await tx
    .update(conversationMembers)
    .set({
      deliveredSeq: sql`GREATEST(${conversationMembers.deliveredSeq}, ${marks.deliveredSeq})`,
      readSeq: sql`GREATEST(${conversationMembers.readSeq}, ${marks.readSeq})`,
    })
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
    );
}

/**
 * Sets the member's unread count to exactly the messages of the other member after their read
 * watermark, neither unsent nor hidden by them; returns it.
 */
export async function recomputeUnread(tx: DbOrTx, conversationId: string, userId: string): Promise<number> {
  const cm = conversationMembers;
  const [row] = await tx
    .update(cm)
    .set({
      unreadCount: sql`(SELECT count(*)::int FROM ${messages} WHERE ${messages.conversationId} = ${cm.conversationId} AND ${messages.senderId} <> ${cm.userId} AND ${messages.seq} > ${cm.readSeq} AND ${messages.unsentAt} IS NULL AND NOT EXISTS (SELECT 1 FROM ${messageHides} WHERE ${messageHides.messageId} = ${messages.id} AND ${messageHides.userId} = ${cm.userId}))`,
    })
    .where(and(eq(cm.conversationId, conversationId), eq(cm.userId, userId)))
    .returning({ unread: cm.unreadCount });
  return row?.unread ?? 0;
}

/** Both members' watermarks of these conversations. */
export async function memberStates(db: DbOrTx, conversationIds: readonly string[]) {
  if (conversationIds.length === 0) return [];
  return db
    .select({
      conversationId: conversationMembers.conversationId,
      userId: conversationMembers.userId,
      deliveredSeq: conversationMembers.deliveredSeq,
      readSeq: conversationMembers.readSeq,
    })
    .from(conversationMembers)
    .where(inArray(conversationMembers.conversationId, [...conversationIds]));
}

/** The other members of the member's conversations, by conversation. */
export async function partnersOf(db: DbOrTx, userId: string) {
  return db
    .select({ conversationId: other.conversationId, userId: other.userId })
    .from(me)
    .innerJoin(other, and(eq(other.conversationId, me.conversationId), ne(other.userId, userId)))
    .where(eq(me.userId, userId));
}

/** The ids of the conversations the member is part of, removed with them (messages and files cascade). */
export async function deleteConversationsOf(tx: DbOrTx, userId: string): Promise<string[]> {
  const rows = await tx
    .delete(conversations)
    .where(
      inArray(
        conversations.id,
        tx
          .select({ id: conversationMembers.conversationId })
          .from(conversationMembers)
          .where(eq(conversationMembers.userId, userId)),
      ),
    )
    .returning({ id: conversations.id });
  return rows.map((row) => row.id);
}

/**
 * The member as a watcher of their presence sees them (never around in discreet mode), if the two
 * share a conversation and no block.
 */
export async function watchableMember(db: DbOrTx, viewerId: string, pairKey: string, userId: string) {
  const [row] = await db
    .select({ connected: shownConnected, lastActivity: shownLastActivity })
    .from(users)
    .innerJoin(conversations, eq(conversations.pairKey, pairKey))
    .where(and(eq(users.id, userId), notBlockedWith(viewerId, users.id)));
  return row;
}

/** Whether the member's comings and goings may be told to their watchers: not in discreet mode. */
export async function presenceShown(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ discreet: users.discreet }).from(users).where(eq(users.id, userId));
  return row?.discreet === false;
}
