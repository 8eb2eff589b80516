import { and, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { conversationMembers } from '../../db/schema.ts';
import { paywallReasonSql } from '../billing/paywall/paywall.policy.ts';
import { notBlockedWith } from '../safety/safety.policy.ts';

export type ConversationAccess = {
  conversationId: string;
  /** The other member of the one-to-one conversation. */
  otherId: string;
  /** Either member blocked the other: the conversation is gone for both (QUALITY Z3). */
  blocked: boolean;
};

const other = alias(conversationMembers, 'other');

/**
 * The one check every chat route, socket event and file request makes first: is `userId` a member of
 * this conversation, who is the other member, and does a block stand between them. Null for a
 * non-member (the caller answers 404 `conversation_not_found`, never 403, so ids reveal nothing).
 */
export async function conversationAccess(
  db: DbOrTx,
  conversationId: string,
  userId: string,
): Promise<ConversationAccess | null> {
  const [row] = await db
    .select({
      otherId: other.userId,
      open: sql<boolean>`${notBlockedWith(userId, other.userId)}`,
    })
    .from(conversationMembers)
    .innerJoin(
      other,
      and(eq(other.conversationId, conversationMembers.conversationId), ne(other.userId, userId)),
    )
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
    )
    .limit(1);
  return row ? { conversationId, otherId: row.otherId, blocked: !row.open } : null;
}

/**
 * The paywall for a member writing in one of their conversations at `at`: null when they may (the
 * other has written to them here, or they match, or their plan reaches), else the reason. For the
 * steps before a send (an upload); the send reads it in its own statement (decision 0027).
 */
const PAYWALL_IN = {
  name: 'chat_paywall_in_v2',
  text: `SELECT ${paywallReasonSql({
    sender: '$2::uuid',
    recipient: 'other.user_id',
    at: '$3::timestamptz',
    heard: 'me.first_received_at IS NOT NULL',
  })} AS reason
    FROM conversation_members me
    JOIN conversation_members other ON other.conversation_id = me.conversation_id AND other.user_id <> me.user_id
    WHERE me.conversation_id = $1::uuid AND me.user_id = $2::uuid
    LIMIT 1`,
};

export async function paywallIn(
  db: Db,
  conversationId: string,
  senderId: string,
  at: Date,
): Promise<string | null> {
  const result = await db.$client.query<{ reason: string | null }>({
    ...PAYWALL_IN,
    values: [conversationId, senderId, at.toISOString()],
  });
  return result.rows[0]?.reason ?? null;
}
