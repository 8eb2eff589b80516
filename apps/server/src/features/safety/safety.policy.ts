import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { blocks } from '../../db/schema.ts';

/**
 * The SQL condition "no block between the viewer and this member, in either direction" (QUALITY Z3),
 * for every query of every feature that shows members or what they made. Backed by the primary key
 * (blocker, blocked) and `blocks_blocked_idx` (blocked, blocker). The viewer is an id, or a column
 * when each row has its own viewer (badge counts over many members at once).
 */
export function notBlockedWith(viewerId: string | AnyPgColumn, member: AnyPgColumn | SQL): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${blocks} WHERE (${blocks.blockerId} = ${viewerId} AND ${blocks.blockedId} = ${member}) OR (${blocks.blockerId} = ${member} AND ${blocks.blockedId} = ${viewerId}))`;
}
