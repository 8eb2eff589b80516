import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { notBlockedWith } from '../../safety/safety.policy.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { conversations, users } from '../../../db/schema.ts';
import { me, other, visibleConversations } from './conversations.repository.ts';
import { perHandle } from '../../../db/per-handle.ts';

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

function prepareUnreadTotals(db: DbOrTx) {
  return db
    .select({
      userId: me.userId,
      messages: sql<number>`coalesce(sum(${me.unreadCount}), 0)::int`,
      conversations: sql<number>`(count(*) filter (where ${me.unreadCount} > 0))::int`,
    })
    .from(me)
    .innerJoin(other, and(eq(other.conversationId, me.conversationId), ne(other.userId, me.userId)))
    .innerJoin(users, eq(users.id, other.userId))
    .where(
      and(
        sql`${me.userId} = ANY(${sql.placeholder('ids')}::uuid[])`,
        eq(users.status, 'active'),
        // The viewer is each row's member.
        notBlockedWith(me.userId, other.userId),
      ),
    )
    .groupBy(me.userId)
    .prepare('chat_unread_totals_v2');
}
const unreadTotalsQuery = perHandle(prepareUnreadTotals);

/**
 * Each member's unread messages and the conversations holding them, over visible conversations
 * only, in one prepared statement (planned once per connection): the badges sent after new
 * messages are counted together. Members with nothing unread may be missing.
 */
export async function unreadTotalsOf(db: DbOrTx, userIds: readonly string[]) {
  const rows = await unreadTotalsQuery(db).execute({ ids: [...userIds] });
  return new Map(
    rows.map((row) => [row.userId, { messages: row.messages, conversations: row.conversations }]),
  );
}
