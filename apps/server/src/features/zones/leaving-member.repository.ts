import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { zoneMembers, zones } from '../../db/schema.ts';

/**
 * A member's deletion: their places in zones go now with each zone's count, in one statement, as a
 * removal does (the row and the count move together; a request waiting was not counted).
 */
export async function removeMembershipsOf(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`
    WITH gone AS (
      DELETE FROM ${zoneMembers} WHERE ${zoneMembers.userId} = ${userId}
      RETURNING ${zoneMembers.zoneId}, ${zoneMembers.role}
    )
    UPDATE ${zones} SET members = greatest(${zones.members} - 1, 0)
    WHERE ${zones.id} IN (SELECT zone_id FROM gone WHERE role <> 'waiting')`);
}
