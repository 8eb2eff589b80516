import type { DbOrTx } from '../../../db/client.ts';
import { vapidKeys } from '../../../db/schema.ts';

export type VapidKeyPair = { publicKey: string; privateKey: string };

/**
 * Stores `candidate` unless keys exist, then reads what is stored: two nodes starting together
 * both insert, one wins, and both read the winner's keys (the table holds one row, id 1).
 */
export async function storeOrReadVapidKeys(db: DbOrTx, candidate: VapidKeyPair): Promise<VapidKeyPair> {
  await db
    .insert(vapidKeys)
    .values({ id: 1, ...candidate })
    .onConflictDoNothing();
  const [row] = await db
    .select({ publicKey: vapidKeys.publicKey, privateKey: vapidKeys.privateKey })
    .from(vapidKeys)
    .limit(1);
  if (!row) throw new Error('vapid_keys is empty right after an insert');
  return row;
}
