import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { liveFrames } from '../../../db/schema.ts';

/** A frame sampled from a live, stored under `key` (live-publisher.ts). */
export async function insertLiveFrame(db: DbOrTx, liveId: string, key: string): Promise<void> {
  await db.insert(liveFrames).values({ liveId, key }).onConflictDoNothing();
}

/** A live's frames are gone with its files (a case keeps its own copies: docs/lives.md). */
export async function deleteLiveFrames(db: DbOrTx, liveId: string): Promise<void> {
  await db.delete(liveFrames).where(eq(liveFrames.liveId, liveId));
}
