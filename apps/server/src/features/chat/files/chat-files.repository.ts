import { and, asc, count, eq, gte, inArray, isNull, like, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { chatFiles, conversations, messages, type ChatFileRow } from '../../../db/schema.ts';

export type NewChatFile = typeof chatFiles.$inferInsert;

export async function insertChatFile(db: DbOrTx, values: NewChatFile): Promise<ChatFileRow> {
  const [row] = await db.insert(chatFiles).values(values).returning();
  return row!;
}

/** A file with what serving it needs to know of its message (null before it is attached). */
export async function findChatFileForServing(db: DbOrTx, fileId: string) {
  const [row] = await db
    .select({ file: chatFiles, unsentAt: messages.unsentAt })
    .from(chatFiles)
    .leftJoin(messages, eq(messages.id, chatFiles.messageId))
    .where(eq(chatFiles.id, fileId))
    .limit(1);
  return row ?? null;
}

/**
 * Attaches the sender's unattached files of this conversation to the message. `createdAt` becomes
 * the attach time plus the file's position in microseconds, which keeps the attachment order.
 * Returns the ids that were attached (the caller checks they are all of them).
 */
export async function attachUnattachedFiles(
  tx: DbOrTx,
  input: { conversationId: string; senderId: string; messageId: string; fileIds: readonly string[] },
): Promise<string[]> {
  const positions = sql.join(
    input.fileIds.map((id, i) => sql`when ${id}::uuid then ${i}::int`),
    sql` `,
  );
  const rows = await tx
    .update(chatFiles)
    .set({
      messageId: input.messageId,
      createdAt: sql`now() + (case ${chatFiles.id} ${positions} end) * interval '1 microsecond'`,
    })
    .where(
      and(
        inArray(chatFiles.id, [...input.fileIds]),
        eq(chatFiles.conversationId, input.conversationId),
        eq(chatFiles.uploaderId, input.senderId),
        isNull(chatFiles.messageId),
      ),
    )
    .returning({ id: chatFiles.id });
  return rows.map((row) => row.id);
}

/** The files of these messages (unsent ones have none), in attachment order. */
export async function findFilesOfMessages(db: DbOrTx, messageIds: readonly string[]) {
  if (messageIds.length === 0) return [];
  return db
    .select({ file: chatFiles })
    .from(chatFiles)
    .innerJoin(messages, eq(messages.id, chatFiles.messageId))
    .where(and(inArray(chatFiles.messageId, [...messageIds]), isNull(messages.unsentAt)))
    .orderBy(asc(chatFiles.createdAt), asc(chatFiles.id));
}

export async function findFilesOfMessage(db: DbOrTx, messageId: string): Promise<ChatFileRow[]> {
  return db.select().from(chatFiles).where(eq(chatFiles.messageId, messageId));
}

export async function deleteChatFiles(db: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.delete(chatFiles).where(inArray(chatFiles.id, [...ids]));
}

/** How many uploads of this member wait unattached (since `since`). */
export async function countUnattachedOf(db: DbOrTx, uploaderId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatFiles)
    .where(
      and(eq(chatFiles.uploaderId, uploaderId), isNull(chatFiles.messageId), gte(chatFiles.createdAt, since)),
    );
  return row?.n ?? 0;
}

/** Deletes up to `limit` uploads never attached to a message since before `olderThan`. */
export async function deleteStaleUploads(db: DbOrTx, olderThan: Date, limit: number): Promise<ChatFileRow[]> {
  const stale = db
    .select({ id: chatFiles.id })
    .from(chatFiles)
    .where(and(isNull(chatFiles.messageId), lt(chatFiles.createdAt, olderThan)))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .delete(chatFiles)
    .where(and(inArray(chatFiles.id, stale), isNull(chatFiles.messageId)))
    .returning();
}

/** The conversations a member is or was in (their id is in the pair key, which outlives them). */
export async function conversationIdsOfPair(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(or(like(conversations.pairKey, `${userId}:%`), like(conversations.pairKey, `%:${userId}`)));
  return rows.map((row) => row.id);
}
