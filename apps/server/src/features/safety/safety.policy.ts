import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { blocks, reports } from '../../db/schema.ts';

/**
 * The SQL condition "no block between the viewer and this member, in either direction" (QUALITY Z3),
 * for every query of every feature that shows members or what they made. Backed by the primary key
 * (blocker, blocked) and `blocks_blocked_idx` (blocked, blocker). The viewer is an id, or a column
 * when each row has its own viewer (badge counts over many members at once).
 */
export function notBlockedWith(viewerId: string | AnyPgColumn, member: AnyPgColumn | SQL): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${blocks} WHERE (${blocks.blockerId} = ${viewerId} AND ${blocks.blockedId} = ${member}) OR (${blocks.blockerId} = ${member} AND ${blocks.blockedId} = ${viewerId}))`;
}

/**
 * The SQL condition "the viewer never reported this member": a report hides the member from the
 * reporter's lists at once, as a block does, but one way only and without telling anyone, so the
 * reported member cannot guess it (they still see the reporter, and the profile stays reachable by
 * its link). Any report counts, open or closed: a dismissed report does not bring the member back.
 * Backed by `reports_reported_idx` (reported, created): a member is reported a handful of times.
 */
export function notReportedBy(viewerId: string, member: AnyPgColumn | SQL): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${reports} WHERE ${reports.reportedId} = ${member} AND ${reports.reporterId} = ${viewerId})`;
}

/**
 * The members the viewer blocked or who blocked them, and those they reported, as a subquery of ids:
 * read once per query into a hash (`NOT IN` an uncorrelated subquery is a hashed SubPlan), where
 * `notBlockedWith` and `notReportedBy` probe the indexes per member. Discovery's `listedFor` probes:
 * fine for a few members, but the posts' feed tests every member near the viewer, 3,423 for
 * a typical one at 100,000 members, where those probes took about 12 of the statement's 19 ms
 * (EXPLAIN ANALYZE). A zone's report names no member: its null would make `NOT IN` true for no one.
 */
export function hiddenMembersOf(viewerId: string): SQL {
  return sql`${blockedMembersOf(viewerId)}
    UNION ALL SELECT ${reports.reportedId} FROM ${reports} WHERE ${reports.reporterId} = ${viewerId} AND ${reports.reportedId} IS NOT NULL`;
}

/**
 * The members the viewer blocked or who blocked them, as a subquery of ids for `NOT IN` (a hashed
 * SubPlan, read once per query): `notBlockedWith` for a statement that tests many members. Both
 * reads are by index (the primary key and `blocks_blocked_idx`), where the reports of
 * `hiddenMembersOf` have no index by reporter over every status.
 */
export function blockedMembersOf(viewerId: string): SQL {
  return sql`SELECT ${blocks.blockedId} FROM ${blocks} WHERE ${blocks.blockerId} = ${viewerId}
    UNION ALL SELECT ${blocks.blockerId} FROM ${blocks} WHERE ${blocks.blockedId} = ${viewerId}`;
}
