import type { ZoneAccess, ZoneRole } from '@motema/shared/zones';

/**
 * Every right in a zone, decided from the caller's role alone (decision 0041). `null` is a member
 * who is not in the zone; a visitor (no session) is `visitor: true`. The services ask here and
 * nowhere else; the feed, later, asks `canPost`.
 */
export type ZoneAction =
  | 'view_page'
  | 'view_members'
  | 'view_waiting'
  | 'update'
  | 'delete'
  | 'change_role'
  | 'decide_request'
  | 'remove'
  | 'ban'
  | 'manage_invites'
  | 'leave'
  | 'cancel_request'
  | 'remind'
  | 'join';

export type ZoneCaller = { role: ZoneRole | null; visitor?: boolean; banned?: boolean };

const IN_ZONE: readonly ZoneRole[] = ['admin', 'manager', 'member'];
const MODERATORS: readonly ZoneRole[] = ['admin', 'manager'];
const RIGHTS: Record<ZoneAction, readonly (ZoneRole | null)[]> = {
  view_page: ['admin', 'manager', 'member', 'waiting', null],
  view_members: IN_ZONE,
  view_waiting: MODERATORS,
  update: ['admin'],
  delete: ['admin'],
  change_role: ['admin'],
  decide_request: MODERATORS,
  remove: MODERATORS,
  ban: MODERATORS,
  manage_invites: MODERATORS,
  leave: IN_ZONE,
  cancel_request: ['waiting'],
  remind: ['waiting'],
  join: [null],
};

/** Whether the caller may do `action` in a zone of this access. */
export function canInZone(action: ZoneAction, caller: ZoneCaller, access: ZoneAccess): boolean {
  if (caller.visitor) return action === 'view_page' && access === 'public';
  if (action === 'join' && caller.banned) return false;
  return RIGHTS[action].includes(caller.role);
}

/** Whether a member of this role may post and comment in the zone (the zone feed's seam). */
export function canPost(role: ZoneRole | null): boolean {
  return role !== null && IN_ZONE.includes(role);
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
