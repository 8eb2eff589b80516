import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema.ts';

// Accounts as auth looks them up: reads only. The users feature writes the table (users/accounts.service.ts).

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
