import type { UnreadTotals } from '../../../app-event-payloads.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { findUnreadConversations, unreadTotalsOf } from './unread-conversations.repository.ts';

/** A member's unread messages and the conversations holding them (visible conversations only). */
export type { UnreadTotals };

const NOTHING_UNREAD: UnreadTotals = { messages: 0, conversations: 0 };

/**
 * The unread totals of these members, in one query whatever their number (the notifications feature
 * counts many members' badges together after new messages). A member with nothing unread counts zeros.
 */
export async function unreadTotals(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<Map<string, UnreadTotals>> {
  const totals = userIds.length === 0 ? new Map() : await unreadTotalsOf(db, userIds);
  return new Map(userIds.map((id) => [id, totals.get(id) ?? NOTHING_UNREAD]));
}

/** A conversation with unread messages, as the counters list it. */
export type UnreadConversation = Awaited<ReturnType<typeof findUnreadConversations>>[number];

/**
 * The member's visible conversations with unread messages, newest first, at most `limit` (the
 * counters' message entries): the same conversations `unreadTotals` counts.
 */
export function unreadConversations(
  db: DbOrTx,
  userId: string,
  limit: number,
): Promise<UnreadConversation[]> {
  return findUnreadConversations(db, userId, limit);
}
