import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { photos, users, type PhotoRow, type UserRow } from '../../db/schema.ts';

/** The columns a member may change about themself (never status, e-mail, phone or password here). */
export type ProfileColumns = Pick<
  UserRow,
  'firstName' | 'lastName' | 'dateOfBirth' | 'sex' | 'relationship' | 'orientation' | 'about'
>;
export type MatchColumns = Pick<UserRow, 'matchSex' | 'matchAgeMin' | 'matchAgeMax' | 'matchDistance'>;

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The member's row with their avatar photo, as presentMe shows them. */
export type MeRow = UserRow & { avatarPhoto: PhotoRow | null };

export async function findMeById(db: DbOrTx, id: string): Promise<MeRow | undefined> {
  const [row] = await db
    .select({ user: users, avatarPhoto: photos })
    .from(users)
    .leftJoin(photos, eq(photos.id, users.avatarPhotoId))
    .where(eq(users.id, id))
    .limit(1);
  return row && { ...row.user, avatarPhoto: row.avatarPhoto };
}

/** Whether another member than `exceptId` uses this e-mail, compared case-insensitively. */
export async function isEmailTakenByOther(db: DbOrTx, email: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, exceptId)))
    .limit(1);
  return !!row;
}

/** Whether another member than `exceptId` uses this E.164 number. */
export async function isPhoneTakenByOther(db: DbOrTx, phone: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), ne(users.id, exceptId)))
    .limit(1);
  return !!row;
}

type UserChanges = Partial<
  ProfileColumns &
    MatchColumns &
    Pick<
      UserRow,
      | 'language'
      | 'email'
      | 'emailConfirmedAt'
      | 'phone'
      | 'passwordHash'
      | 'status'
      | 'connected'
      | 'avatarPhotoId'
    >
>;

/** Updates the given columns (and updatedAt); the member's row afterwards, undefined if gone. */
export async function updateUser(
  db: DbOrTx,
  id: string,
  changes: UserChanges,
  at: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: at })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Deletes the member; sessions, one-time codes and push tokens go with it (ON DELETE CASCADE). */
export async function deleteUser(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

export async function setPresence(db: DbOrTx, userId: string, connected: boolean, at: Date) {
  await db.update(users).set({ connected, lastActivity: at }).where(eq(users.id, userId));
}
