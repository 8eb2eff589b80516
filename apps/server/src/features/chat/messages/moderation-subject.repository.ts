import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { conversationMembers, messages } from '../../../db/schema.ts';

/** A message as a moderation case's snapshot needs it: its sender, its text, whether it was taken back. */
export async function findMessage(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      senderId: messages.senderId,
      text: messages.text,
      conversationId: messages.conversationId,
      unsentAt: messages.unsentAt,
    })
    .from(messages)
    .where(eq(messages.id, id));
  return row;
}

/** The members of a conversation (two). */
export async function membersOf(db: DbOrTx, conversationId: string) {
  const rows = await db
    .select({ userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(eq(conversationMembers.conversationId, conversationId));
  return rows.map((row) => row.userId);
}
