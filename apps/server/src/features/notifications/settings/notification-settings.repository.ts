import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { notificationSettings, users, type NotificationSettingsRow } from '../../../db/schema.ts';

/** The columns a member's choices set (NotificationSettingsSchema, flattened, discreet mode aside). */
export type SettingsColumns = Pick<
  NotificationSettingsRow,
  'pushKinds' | 'quietStart' | 'quietEnd' | 'timeZone' | 'emailDigest'
>;

/** A member's row of choices (null: never chose) and their discreet mode, the users feature's column. */
export type SettingsOfMember = { userId: string; row: NotificationSettingsRow | null; discreet: boolean };

/** These members' choices and discreet mode; a member whose account is gone is left out. */
export async function findSettingsOfMembers(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<SettingsOfMember[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: users.id, row: notificationSettings, discreet: users.discreet })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(inArray(users.id, [...userIds]));
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
