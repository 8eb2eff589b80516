import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { notificationSettings, type NotificationSettingsRow } from '../../../db/schema.ts';

/** The columns a member's choices set (NotificationSettingsSchema, flattened). */
export type SettingsColumns = Pick<
  NotificationSettingsRow,
  'pushKinds' | 'discreet' | 'quietStart' | 'quietEnd' | 'timeZone' | 'emailDigest'
>;

export async function findSettingsRows(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<NotificationSettingsRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(notificationSettings)
    .where(inArray(notificationSettings.userId, [...userIds]));
}

/**
 * Writes the choices `changed` names and nothing else, in one statement: two devices changing
 * different choices at once both keep theirs (no read-modify-write). A member without a row gets
 * one, `defaults` filling what `changed` leaves out.
 */
export async function upsertSettings(
  db: DbOrTx,
  userId: string,
  defaults: SettingsColumns,
  changed: Partial<SettingsColumns>,
): Promise<NotificationSettingsRow> {
  const [row] = await db
    .insert(notificationSettings)
    .values({ userId, ...defaults, ...changed })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { ...changed, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function findSettingsRow(
  db: DbOrTx,
  userId: string,
): Promise<NotificationSettingsRow | undefined> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row;
}
