import { and, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { conversationMembers } from '../../db/schema.ts';
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
