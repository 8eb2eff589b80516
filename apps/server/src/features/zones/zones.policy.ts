import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ZONE_RIGHTS, type ZoneAccess, type ZoneAction, type ZoneRole } from '@motema/shared/zones';
import { zoneMembers, zones } from '../../db/schema.ts';

/**
 * Every right in a zone, decided from the caller's role alone (decision 0041). `null` is a member
 * who is not in the zone; a visitor (no session) is `visitor: true`. The services ask here and
 * nowhere else; the zone's feed (the posts feature) asks through zone-access.ts, and its visibility
 * rule embeds `zoneFeedReadableBy`.
 */
export type { ZoneAction };

export type ZoneCaller = { role: ZoneRole | null; visitor?: boolean; banned?: boolean };

const MODERATORS: readonly ZoneRole[] = ['admin', 'manager'];
/** The rights' table, shared with the web app (`ZONE_RIGHTS`, @motema/shared/zones). */
const RIGHTS: Record<ZoneAction, readonly (ZoneRole | null)[]> = ZONE_RIGHTS;

/** Whether the caller may do `action` in a zone of this access. */
export function canInZone(action: ZoneAction, caller: ZoneCaller, access: ZoneAccess): boolean {
  if (caller.visitor) return action === 'view_page' && access === 'public';
  if (action === 'join' && caller.banned) return false;
  if (action === 'read_feed' && access === 'public') return true;
  return RIGHTS[action].includes(caller.role);
}

/** Whether a member of this role may post and comment in the zone (the zone feed's seam). */
export function canPost(role: ZoneRole | null): boolean {
  return RIGHTS.post.includes(role);
}

/** The roles of `action` as SQL values, for an `IN (...)`. */
const rolesOf = (action: ZoneAction) =>
  sql.join(
    RIGHTS[action].map((role) => sql`${role}`),
    sql`, `,
  );

/**
 * SQL of `canInZone('read_feed', ...)` over a zone id column: the viewer may read that zone's feed (a
 * public zone, or a private one they are in: `zone_members`' primary key (zone, user)); false for a
 * null zone, and for a visitor. The posts feature embeds it in its visibility rule (posts.policy.ts,
 * decision 0037). A scalar subquery by the zone's primary key: as an EXISTS beside an OR, PostgreSQL
 * hashed every public zone once per statement (a read of the whole table).
 */
export function zoneFeedReadableBy(viewerId: string | null, zoneId: AnyPgColumn): SQL {
  if (viewerId === null) return sql`false`;
  const inZone = sql`EXISTS (SELECT 1 FROM ${zoneMembers} WHERE ${zoneMembers.zoneId} = ${zones.id} AND ${zoneMembers.userId} = ${viewerId} AND ${zoneMembers.role} IN (${rolesOf('read_feed')}))`;
  return sql`COALESCE((SELECT ${zones.access} = 'public' OR ${inZone} FROM ${zones} WHERE ${zones.id} = ${zoneId}), false)`;
}

const RANK: Record<ZoneRole, number> = { admin: 3, manager: 2, member: 1, waiting: 0 };

/**
 * Whether `caller` may remove, ban or decide on `target`: an admin acts on everyone but admins, a
 * manager on members and the waiting. Admins leave, or are made managers by another admin first.
 */
export function outranks(caller: ZoneRole | null, target: ZoneRole | null): boolean {
  if (caller === null || !MODERATORS.includes(caller)) return false;
  return target === null || RANK[caller] > RANK[target];
}

/**
 * SQL of `canInZone('remove_post', ...)` over a zone id column: the viewer is one of that zone's
 * admins and managers (false for a null zone). The posts feature tells its views with it.
 */
export function zoneModeratedBy(viewerId: string, zoneId: AnyPgColumn): SQL {
  return sql`EXISTS (SELECT 1 FROM ${zoneMembers} WHERE ${zoneMembers.zoneId} = ${zoneId} AND ${zoneMembers.userId} = ${viewerId} AND ${zoneMembers.role} IN (${rolesOf('remove_post')}))`;
}
