import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema.ts';

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

/** An account named by its id, or by an identifier as classifyIdentifier reads it. */
export type AccountKey = { kind: 'id' | 'email' | 'phone' | 'username'; value: string };

/** The condition on `users` that picks the account of a key (usernames and e-mails in any case). */
export function accountMatch(key: AccountKey): SQL {
  switch (key.kind) {
    case 'id':
      return eq(users.id, key.value);
    case 'email':
      return sql`lower(${users.email}) = lower(${key.value})`;
    case 'phone':
      return eq(users.phone, key.value);
    case 'username':
      return sql`lower(${users.username}) = lower(${key.value})`;
  }
}

export async function findAccount(db: DbOrTx, key: AccountKey): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(accountMatch(key)).limit(1);
  return row;
}

export async function findAccountById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findAccountByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

export async function findAccountByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

/** Phones are stored in E.164 (`+243812345678`); the caller normalises. */
export async function findAccountByPhone(db: DbOrTx, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
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
    .set({ status: 'active', updatedAt: now })
    .where(and(eq(users.id, id), eq(users.status, 'deactivated')))
    .returning();
  return row;
}

export async function setPasswordHash(
  db: DbOrTx,
  id: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
}
