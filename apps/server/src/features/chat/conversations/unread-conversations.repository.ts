import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { conversations, users } from '../../../db/schema.ts';
import { me, other, visibleConversations } from './conversations.repository.ts';

/**
 * The viewer's visible conversations holding unread messages, newest message first, at most
 * `limit`: the other member (names and avatar photo), how many unread and when the last came.
 */
export async function findUnreadConversations(db: DbOrTx, viewerId: string, limit: number) {
  return db
    .select({
      conversationId: conversations.id,
      unread: me.unreadCount,
      lastMessageAt: conversations.lastMessageAt,
      createdAt: conversations.createdAt,
      memberId: users.id,
      username: users.username,
      firstName: users.firstName,
      avatarPhotoId: users.avatarPhotoId,
    })
    .from(me)
    .innerJoin(conversations, eq(conversations.id, me.conversationId))
    .innerJoin(other, and(eq(other.conversationId, me.conversationId), ne(other.userId, viewerId)))
    .innerJoin(users, eq(users.id, other.userId))
    .where(and(visibleConversations(viewerId), sql`${me.unreadCount} > 0`))
    .orderBy(sql`${conversations.lastMessageAt} DESC NULLS LAST`, desc(conversations.id))
    .limit(limit);
}
