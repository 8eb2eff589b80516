/**
 * B3's last check (chat.bench.ts): every client id sent to the app (or to the durable reference),
 * looked up in PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import type { Tracker } from './chat-load.ts';

export type StoredCheck = {
  sent: number;
  storedOnce: number;
  storedTwiceOrMore: number;
  /** Acked as stored, yet no row. */
  ackedMissing: number;
  /** Refused in the ack, yet a row. */
  refusedStored: number;
};

/** The app's messages, or the durable or checked reference's (chat-durable.ts). */
export type StoredTable = 'messages' | 'chat_durable.messages' | 'chat_checked.messages';

/** How many times each id was stored in `table`, against what its ack said. */
export async function verifyStored(
  db: Db,
  tracker: Tracker,
  ids: string[],
  table: StoredTable = 'messages',
): Promise<StoredCheck> {
  const counts = new Map<string, number>();
  for (let start = 0; start < ids.length; start += 20_000) {
    const slice = `{${ids.slice(start, start + 20_000).join(',')}}`;
    const rows = (
      await db.execute(sql`
        SELECT client_id::text AS id, count(*)::int AS n FROM ${sql.raw(table)}
        WHERE client_id = ANY(${slice}::uuid[]) GROUP BY client_id`)
    ).rows as { id: string; n: number }[];
    for (const row of rows) counts.set(row.id, row.n);
  }
  let once = 0;
  let twice = 0;
  let ackedMissing = 0;
  let refusedStored = 0;
  for (const id of ids) {
    const n = counts.get(id) ?? 0;
    const record = tracker.sent.get(id)!;
    if (n === 1) once += 1;
    if (n > 1) twice += 1;
    if (n === 0 && record.ackAt !== undefined && !record.ackCode) ackedMissing += 1;
    if (n > 0 && record.ackCode) refusedStored += 1;
  }
  return { sent: ids.length, storedOnce: once, storedTwiceOrMore: twice, ackedMissing, refusedStored };
}
