import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ScamFamily } from '@motema/shared/scam-shield';
import type { DbOrTx } from '../../../db/client.ts';
import { heldMessages, messages, messageShields, users, type HeldMessageRow } from '../../../db/schema.ts';

const recipient = alias(users, 'recipient');

/** In the transaction storing a flagged message: its families. */
export async function insertMessageShield(tx: DbOrTx, messageId: string, families: readonly ScamFamily[]) {
  await tx.insert(messageShields).values({ messageId, families: [...families] });
}

/** The families of the flagged messages among `messageIds` that `viewerId` did not send. */
export async function shieldsSeenBy(db: DbOrTx, viewerId: string, messageIds: readonly string[]) {
  if (messageIds.length === 0) return new Map<string, ScamFamily[]>();
  const rows = await db
    .select({ messageId: messageShields.messageId, families: messageShields.families })
    .from(messageShields)
    .innerJoin(messages, eq(messages.id, messageShields.messageId))
    .where(and(inArray(messageShields.messageId, [...messageIds]), ne(messages.senderId, viewerId)));
  return new Map(rows.map((row) => [row.messageId, row.families as ScamFamily[]]));
}

export type NewHeldMessage = Omit<HeldMessageRow, 'id'>;

/** Holds a send (a retry of it finds the first: unique sender and client id); the held row's id. */
export async function insertHeldMessage(db: DbOrTx, values: NewHeldMessage): Promise<string> {
  const [row] = await db
    .insert(heldMessages)
    .values(values)
    .onConflictDoUpdate({
      target: [heldMessages.senderId, heldMessages.clientId],
      set: { clientId: sql`excluded.client_id` },
    })
    .returning({ id: heldMessages.id });
  return row!.id;
}

/**
 * The held messages, oldest first, with both members' names, for a staff member: none they sent or
 * that were sent to them (another decides those).
 */
export async function listHeldMessages(db: DbOrTx, staffId: string, skip: number, limit: number) {
  const notTheirs = and(ne(heldMessages.senderId, staffId), ne(heldMessages.recipientId, staffId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        held: heldMessages,
        senderUsername: users.username,
        recipientUsername: recipient.username,
      })
      .from(heldMessages)
      .innerJoin(users, eq(users.id, heldMessages.senderId))
      .innerJoin(recipient, eq(recipient.id, heldMessages.recipientId))
      .where(notTheirs)
      .orderBy(asc(heldMessages.createdAt), asc(heldMessages.id))
      .offset(skip)
      .limit(limit),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(heldMessages)
      .where(notTheirs),
  ]);
  return { rows, count: total?.count ?? 0 };
}
export type HeldListRow = Awaited<ReturnType<typeof listHeldMessages>>['rows'][number];

export async function findHeldMessage(db: DbOrTx, id: string): Promise<HeldMessageRow | undefined> {
  const [row] = await db.select().from(heldMessages).where(eq(heldMessages.id, id));
  return row;
}

/** Takes a held message out of the queue; false when another decision took it first. */
export async function deleteHeldMessage(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(heldMessages)
    .where(eq(heldMessages.id, id))
    .returning({ id: heldMessages.id });
  return rows.length > 0;
}
