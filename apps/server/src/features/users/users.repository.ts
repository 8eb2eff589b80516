import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export async function setPresence(db: DbOrTx, userId: string, connected: boolean, at: Date) {
  await db.update(users).set({ connected, lastActivity: at }).where(eq(users.id, userId));
}
