import { inArray, lt } from 'drizzle-orm';
import type { VisitorInput } from '@motema/shared/devices';
import type { DbOrTx } from '../../db/client.ts';
import { visitors, type VisitorRow } from '../../db/schema.ts';

export async function insertVisitor(db: DbOrTx, visit: VisitorInput): Promise<VisitorRow> {
  const [row] = await db
    .insert(visitors)
    .values({ language: visit.language, referrer: visit.referrer, platform: visit.platform })
    .returning();
  return row!;
}

/**
 * Deletes at most `limit` visits made before `before`, oldest first; returns how many. Rows another
 * sweep holds are skipped (SKIP LOCKED): two sweeps at once delete different rows.
 */
export async function deleteVisitorsBefore(db: DbOrTx, before: Date, limit: number): Promise<number> {
  const stale = db
    .select({ id: visitors.id })
    .from(visitors)
    .where(lt(visitors.createdAt, before))
    .orderBy(visitors.createdAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const removed = await db.delete(visitors).where(inArray(visitors.id, stale)).returning({ id: visitors.id });
  return removed.length;
}
