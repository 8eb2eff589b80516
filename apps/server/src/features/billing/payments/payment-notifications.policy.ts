import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { payments } from '../../../db/schema.ts';
import type { NotificationSource } from '../../../notification-port.ts';

/**
 * The member's payments settled, or failed for good, for their notifications (the notification
 * port's source): by member, a refund later takes one off the list. `member` is their id, or a column
 * holding it (the counts of many members correlate on it).
 */
export function paymentSources(member: string | AnyPgColumn): NotificationSource[] {
  return [
    {
      from: sql`FROM ${payments} WHERE ${payments.userId} = ${member} AND ${payments.status} IN ('SUCCESS', 'FAILED')`,
      at: sql`coalesce(${payments.settledAt}, ${payments.updatedAt})`,
      ref: sql`${payments.id}::text`,
      byMember: false,
      postId: sql`NULL::uuid`,
      paymentId: payments.id,
      paymentStatus: payments.status,
    },
  ];
}
