import { desc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { outbox, type OutboxRow } from '../../db/schema.ts';

export type OutboxEntry = {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
  html?: string;
};

export async function insertOutboxEntry(db: DbOrTx, entry: OutboxEntry): Promise<void> {
  await db.insert(outbox).values(entry);
}

/** The newest outbox messages first, optionally only those sent to one address or number. */
export async function listOutbox(db: DbOrTx, options: { to?: string; limit: number }): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(options.to ? sql`lower(${outbox.to}) = lower(${options.to})` : undefined)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(options.limit);
}
