import type { ReactionRow } from '../../../app-event-payloads.ts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ReactionEmoji } from '@motema/shared/chat';
import type { DbOrTx } from '../../../db/client.ts';
import { messageReactions } from '../../../db/schema.ts';

// Members' reactions on messages: one per member and message.

export type { ReactionRow };

/** Sets the member's reaction on the message, replacing the one they had. */
export async function upsertReaction(
  db: DbOrTx,
  messageId: string,
  userId: string,
  emoji: ReactionEmoji,
  at: Date,
): Promise<void> {
  await db
    .insert(messageReactions)
    .values({ messageId, userId, emoji, createdAt: at })
    .onConflictDoUpdate({
      target: [messageReactions.messageId, messageReactions.userId],
      set: { emoji, createdAt: at },
    });
}

export async function deleteReaction(db: DbOrTx, messageId: string, userId: string): Promise<void> {
  await db
    .delete(messageReactions)
    .where(and(eq(messageReactions.messageId, messageId), eq(messageReactions.userId, userId)));
}

/** The reactions on these messages, oldest first. */
export async function reactionsOf(db: DbOrTx, messageIds: readonly string[]): Promise<ReactionRow[]> {
  if (messageIds.length === 0) return [];
  const rows = await db
    .select({
      messageId: messageReactions.messageId,
      userId: messageReactions.userId,
      emoji: messageReactions.emoji,
    })
    .from(messageReactions)
    .where(inArray(messageReactions.messageId, [...messageIds]))
    .orderBy(asc(messageReactions.createdAt), asc(messageReactions.userId));
  return rows as ReactionRow[];
}
