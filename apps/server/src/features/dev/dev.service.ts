import type { Db } from '../../db/client.ts';
import type { OutboxRow } from '../../db/schema.ts';
import { listOutbox } from './outbox.repository.ts';

/** How many messages the mailbox and the outbox API show. */
export const OUTBOX_PAGE_SIZE = 200;

/** The latest outbox messages, newest first, optionally only those sent to `to` (any case). */
export function latestOutboxMessages(db: Db, to?: string): Promise<OutboxRow[]> {
  return listOutbox(db, { to: to || undefined, limit: OUTBOX_PAGE_SIZE });
}
