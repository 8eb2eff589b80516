import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { pushDeliveries } from '../../../db/schema.ts';

/**
 * Takes the member's push lock until the transaction ends: two workers (on any node) deciding about
 * the same member's pushes take turns, so the hourly limit counts what the other one sent.
 */
export async function lockMemberPushes(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`push:${userId}`}, 0))`);
}

/** The tags of the pushes the member got since `since`, one per push. */
export async function tagsSentSince(tx: DbOrTx, userId: string, since: Date): Promise<string[]> {
  const rows = await tx
    .select({ tag: pushDeliveries.tag })
    .from(pushDeliveries)
    .where(and(eq(pushDeliveries.userId, userId), gte(pushDeliveries.sentAt, since)));
  return rows.map((row) => row.tag);
}

export async function insertDelivery(
  tx: DbOrTx,
  delivery: { userId: string; kind: string; tag: string; count: number; sentAt: Date },
): Promise<string> {
  const [row] = await tx.insert(pushDeliveries).values(delivery).returning({ id: pushDeliveries.id });
  return row!.id;
}

export async function deleteDelivery(db: DbOrTx, id: string): Promise<void> {
  await db.delete(pushDeliveries).where(eq(pushDeliveries.id, id));
}

/** The member's deliveries sent before `before` (the index on user and time finds them). */
export async function deleteMemberDeliveriesBefore(tx: DbOrTx, userId: string, before: Date): Promise<void> {
  await tx
    .delete(pushDeliveries)
    .where(and(eq(pushDeliveries.userId, userId), lt(pushDeliveries.sentAt, before)));
}
