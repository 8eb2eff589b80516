import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { zoneInvites } from '../../db/schema.ts';

export type InviteRow = typeof zoneInvites.$inferSelect;

export async function insertInvite(
  tx: DbOrTx,
  invite: Omit<typeof zoneInvites.$inferInsert, 'id' | 'uses' | 'revokedAt'>,
): Promise<InviteRow> {
  const [row] = await tx.insert(zoneInvites).values(invite).returning();
  return row!;
}

export async function listInvites(db: DbOrTx, zoneId: string): Promise<InviteRow[]> {
  return db
    .select()
    .from(zoneInvites)
    .where(eq(zoneInvites.zoneId, zoneId))
    .orderBy(desc(zoneInvites.createdAt))
    .limit(100);
}

/** Revokes one of the zone's links: false when the zone has no such link. */
export async function revokeInvite(tx: DbOrTx, zoneId: string, id: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(zoneInvites)
    .set({ revokedAt: sql`coalesce(${zoneInvites.revokedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(zoneInvites.zoneId, zoneId), eq(zoneInvites.id, id)))
    .returning({ id: zoneInvites.id });
  return rows.length > 0;
}

/** The link of this token's hash, locked until the joining transaction ends. */
export async function lockInviteByHash(tx: DbOrTx, tokenHash: string): Promise<InviteRow | null> {
  const [row] = await tx.select().from(zoneInvites).where(eq(zoneInvites.tokenHash, tokenHash)).for('update');
  return row ?? null;
}

/** The link of this token's hash, read only (an invite's preview): nothing locked, nothing counted. */
export async function findInviteByHash(db: DbOrTx, tokenHash: string): Promise<InviteRow | null> {
  const [row] = await db.select().from(zoneInvites).where(eq(zoneInvites.tokenHash, tokenHash));
  return row ?? null;
}

export async function countUse(tx: DbOrTx, id: string): Promise<void> {
  await tx
    .update(zoneInvites)
    .set({ uses: sql`${zoneInvites.uses} + 1` })
    .where(eq(zoneInvites.id, id));
}
