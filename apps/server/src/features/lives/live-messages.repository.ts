import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { liveMessages, users, type LiveMessageRow } from '../../db/schema.ts';
import { notBlockedWith } from '../safety/safety.policy.ts';

/** What a message's sending reads of its sender: a moderator's restriction. */
export async function findRestrictedUntil(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db.select({ until: users.restrictedUntil }).from(users).where(eq(users.id, userId));
  return row?.until ?? null;
}

/** The sender's message with this client id, if stored already (a retry). */
export async function findByClientId(
  db: DbOrTx,
  senderId: string,
  clientId: string,
): Promise<LiveMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(liveMessages)
    .where(and(eq(liveMessages.senderId, senderId), eq(liveMessages.clientId, clientId)));
  return row;
}

/** Stores the message once per (sender, client id); undefined when a concurrent retry stored it first. */
export async function insertMessage(
  db: DbOrTx,
  values: Pick<LiveMessageRow, 'liveId' | 'senderId' | 'clientId' | 'text' | 'status' | 'families'>,
): Promise<LiveMessageRow | undefined> {
  const [row] = await db.insert(liveMessages).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findMessage(
  db: DbOrTx,
  liveId: string,
  messageId: string,
): Promise<LiveMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(liveMessages)
    .where(and(eq(liveMessages.liveId, liveId), eq(liveMessages.id, messageId)));
  return row;
}

/** Moves a message from `from` to `to`; undefined when it was not in `from`. */
export async function moveMessage(
  db: DbOrTx,
  messageId: string,
  from: readonly LiveMessageRow['status'][],
  to: LiveMessageRow['status'],
): Promise<LiveMessageRow | undefined> {
  const [row] = await db
    .update(liveMessages)
    .set({ status: to })
    .where(
      and(eq(liveMessages.id, messageId), sql`${liveMessages.status} = ANY(${sql.param([...from])}::text[])`),
    )
    .returning();
  return row;
}

/**
 * The live's last `limit` messages the member sees, oldest first: shown ones (none from a member with
 * a block between them either way), and held ones when `seesHeld` (the broadcaster, a live
 * moderator) or when the member sent them.
 */
export async function findLastMessages(
  db: DbOrTx,
  liveId: string,
  memberId: string,
  seesHeld: boolean,
  limit: number,
): Promise<LiveMessageRow[]> {
  const rows = await db
    .select()
    .from(liveMessages)
    .where(
      and(
        eq(liveMessages.liveId, liveId),
        ne(liveMessages.status, 'removed'),
        notBlockedWith(memberId, liveMessages.senderId),
        seesHeld ? undefined : or(eq(liveMessages.status, 'shown'), eq(liveMessages.senderId, memberId)),
      ),
    )
    .orderBy(desc(liveMessages.createdAt), desc(liveMessages.id))
    .limit(limit);
  return rows.reverse();
}
