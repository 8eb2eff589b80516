import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ScamFamily } from '@motema/shared/scam-shield';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { heldMessages, messages, messageShields, users, type HeldMessageRow } from '../../../db/schema.ts';

const recipient = alias(users, 'recipient');

/**
 * Named (prepared once per connection, QUALITY B3), as the send path's own statements are (decision
 * 0009): it runs for every message sent, and built by Drizzle its six-table select cost the server
 * about 150 µs a message to build and PostgreSQL a plan each time (a CPU profile at 2,000 sockets).
 */
const SHIELD_CONTEXT = {
  name: 'chat_shield_context_v1',
  text: `
    SELECT other.user_id AS "otherId",
      me.first_received_at IS NOT NULL AS "heard",
      c.created_at AS "startedAt",
      u.created_at AS "senderCreatedAt",
      u.restricted_until AS "restrictedUntil",
      u.verification_required AS "verificationRequired",
      m.id AS "storedId",
      h.id AS "heldId"
    FROM conversation_members me
    JOIN conversation_members other
      ON other.conversation_id = me.conversation_id AND other.user_id <> $2::uuid
    JOIN conversations c ON c.id = me.conversation_id
    JOIN users u ON u.id = me.user_id
    LEFT JOIN messages m ON m.sender_id = $2::uuid AND m.client_id = $3::uuid
    LEFT JOIN held_messages h ON h.sender_id = $2::uuid AND h.client_id = $3::uuid
    WHERE me.conversation_id = $1::uuid AND me.user_id = $2::uuid
    LIMIT 1`,
};

export type ShieldContext = {
  otherId: string;
  /** The other member has written in this conversation (else they are a stranger to the sender). */
  heard: boolean;
  startedAt: Date;
  senderCreatedAt: Date;
  restrictedUntil: Date | null;
  verificationRequired: boolean;
  /** The message or held message already under this client id (a retry). */
  storedId: string | null;
  heldId: string | null;
};

/**
 * What the scam shield needs to judge a send, in one query: the sender's standing (a moderator's
 * restriction or required verification, the account's age), whether the other member has written in
 * this conversation (else they are a stranger to the sender), when the conversation started, and
 * whether this client id is already a stored or held message (a retry is answered as such).
 * Undefined for a non-member: the send path's own context answers it.
 */
export async function shieldContext(
  db: Db,
  conversationId: string,
  senderId: string,
  clientId: string,
): Promise<ShieldContext | undefined> {
  const result = await db.$client.query<ShieldContext>({
    ...SHIELD_CONTEXT,
    values: [conversationId, senderId, clientId],
  });
  return result.rows[0];
}

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

/** The held messages, oldest first, with both members' names, for staff. */
export async function listHeldMessages(db: DbOrTx, skip: number, limit: number) {
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
      .orderBy(asc(heldMessages.createdAt), asc(heldMessages.id))
      .offset(skip)
      .limit(limit),
    db.select({ count: sql<number>`count(*)::int` }).from(heldMessages),
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
