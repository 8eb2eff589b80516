import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { messageHides, messages, messageStars } from '../../../db/schema.ts';
import { notHiddenBy } from './message-views.repository.ts';

// Changing stored messages after their send: edit, unsend, hide, star.

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
