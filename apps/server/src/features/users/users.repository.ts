import { and, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { photos, users, type PhotoRow, type UserRow } from '../../db/schema.ts';

/** The columns a member may change about themself (never status, e-mail, phone or password here). */
export type ProfileColumns = Pick<
  UserRow,
  'firstName' | 'lastName' | 'dateOfBirth' | 'sex' | 'relationship' | 'orientation' | 'about'
>;
export type MatchColumns = Pick<
  UserRow,
  'matchSex' | 'matchAgeMin' | 'matchAgeMax' | 'matchDistance' | 'matchVerifiedOnly'
>;

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

export type UserChanges = Partial<
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
      | 'suspendedUntil'
      | 'restrictedUntil'
      | 'verificationRequired'
      | 'role'
      | 'discreet'
      | 'verifiedAt'
    >
>;

/** The member of a username, whatever its case. */
export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

/** The member's avatar and badge, their row locked until the transaction ends (the avatar's change). */
export async function lockAvatarAndBadge(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ avatarPhotoId: users.avatarPhotoId, verifiedAt: users.verifiedAt })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row;
}

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

/** Locks the member's row until the transaction ends (FOR UPDATE: no row may name them meanwhile). */
export async function lockUser(db: DbOrTx, id: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

/**
 * Holds members' rows in id order, each for an update of its own (`update`) or for rows naming it
 * (its key), until the transaction ends; a row already gone holds nothing.
 */
export async function holdUsers(db: DbOrTx, rows: { id: string; update: boolean }[]): Promise<void> {
  for (const row of [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, row.id))
      .for(row.update ? 'no key update' : 'key share');
  }
}

/** Deletes the member; sessions, one-time codes and push tokens go with it (ON DELETE CASCADE). */
export async function deleteUser(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

export async function setPresence(db: DbOrTx, userId: string, connected: boolean, at: Date) {
  await db.update(users).set({ connected, lastActivity: at }).where(eq(users.id, userId));
}

export type NewAccount = Pick<
  typeof users.$inferInsert,
  | 'username'
  | 'email'
  | 'passwordHash'
  | 'dateOfBirth'
  | 'firstName'
  | 'sex'
  | 'language'
  | 'status'
  | 'emailConfirmedAt'
  | 'phone'
>;

/** Inserts an account; undefined when its username, e-mail or phone is taken (a concurrent registration). */
export async function insertAccount(db: DbOrTx, values: NewAccount): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

/** A pending account becomes active, its e-mail confirmed. */
export async function activateAccount(db: DbOrTx, id: string, now: Date): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      status: 'active',
      emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** A deactivated account comes back on login; other states are left alone. */
export async function reactivateAccount(db: DbOrTx, id: string, now: Date): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ status: 'active', suspendedUntil: null, updatedAt: now })
    .where(
      and(
        eq(users.id, id),
        or(
          eq(users.status, 'deactivated'),
          and(eq(users.status, 'suspended'), lte(users.suspendedUntil, now)),
        ),
      ),
    )
    .returning();
  return row;
}

export async function setPopularity(db: DbOrTx, memberId: string, popularity: number): Promise<void> {
  await db.update(users).set({ popularity }).where(eq(users.id, memberId));
}

/** Many members' popularity in one statement (a row left as it is when its value is the same). */
export async function setPopularities(db: DbOrTx, popularity: ReadonlyMap<string, number>): Promise<void> {
  if (popularity.size === 0) return;
  await db.execute(sql`
    UPDATE ${users} SET popularity = p.popularity
    FROM unnest(${sql.param([...popularity.keys()])}::uuid[], ${sql.param([...popularity.values()])}::int[])
      AS p(id, popularity)
    WHERE ${users.id} = p.id AND ${users.popularity} IS DISTINCT FROM p.popularity`);
}

/**
 * Stores a snapped position unless the member changed it less than `intervalMs` ago (at most one
 * change per interval, atomically): false when refused.
 */
export async function storePosition(
  db: DbOrTx,
  memberId: string,
  position: { latitude: number; longitude: number },
  at: Date,
  intervalMs: number,
): Promise<boolean> {
  const earliest = new Date(at.getTime() - intervalMs);
  const rows = await db
    .update(users)
    .set({ latitude: position.latitude, longitude: position.longitude, locationUpdatedAt: at })
    .where(
      and(
        eq(users.id, memberId),
        or(isNull(users.locationUpdatedAt), lte(users.locationUpdatedAt, earliest)),
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function setNotificationsSeenAt(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ notificationsSeenAt: at }).where(eq(users.id, userId));
}

/** The variants of each of the member's photos, newest photo first (a moderation case's snapshot). */
export async function findPhotoVariants(db: DbOrTx, ownerId: string) {
  const rows = await db
    .select({ variants: photos.variants })
    .from(photos)
    .where(eq(photos.ownerId, ownerId))
    .orderBy(desc(photos.createdAt));
  return rows.map((row) => row.variants);
}
