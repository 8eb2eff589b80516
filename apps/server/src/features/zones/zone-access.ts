import type { ZoneRole } from '@motema/shared/zones';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import { canInZone, type ZoneAction } from './zones.policy.ts';
import * as members from './zone-members.repository.ts';
import * as repo from './zones.repository.ts';

export const zoneNotFound = () => new AppError(404, 'zone_not_found');
export const zoneNotAllowed = () => new AppError(403, 'zone_not_allowed');

/** A zone as one caller sees it: their role in it (null: not in it) and whether they are banned. */
export type ZoneContext = {
  zone: repo.ZoneRow;
  role: ZoneRole | null;
  banned: boolean;
  membership: members.MembershipRow | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The zone and the caller's place in it, or 404 `zone_not_found` when it does not exist or the caller
 * may not even see its page (a visitor and a private zone). In a transaction, the zone's row is
 * locked (`lock`): the actions on one zone follow one another.
 */
export async function zoneFor(
  db: DbOrTx,
  zoneId: string,
  callerId: string | null,
  lock = false,
): Promise<ZoneContext> {
  if (!UUID.test(zoneId)) throw zoneNotFound();
  const zone = await repo.findZone(db, zoneId.toLowerCase(), lock);
  if (!zone) throw zoneNotFound();
  if (callerId === null) {
    if (!canInZone('view_page', { role: null, visitor: true }, zone.access)) throw zoneNotFound();
    return { zone, role: null, banned: false, membership: null };
  }
  const [membership, banned] = await Promise.all([
    members.findMembership(db, zone.id, callerId, lock),
    members.isBanned(db, zone.id, callerId),
  ]);
  return { zone, role: membership?.role ?? null, banned, membership };
}

/**
 * Throws unless the caller may do `action` here: 403 `zone_banned` for a banned member's join, 409
 * `zone_already_member` when one in the zone joins again, 403 `zone_not_allowed` otherwise.
 */
export function requireRight(context: ZoneContext, action: ZoneAction): void {
  if (canInZone(action, context, context.zone.access)) return;
  if (action === 'join' && context.banned) throw new AppError(403, 'zone_banned');
  if (action === 'join') throw conflict('zone_already_member');
  if ((action === 'cancel_request' || action === 'remind') && context.role !== 'waiting') {
    throw new AppError(404, 'zone_request_not_found');
  }
  throw zoneNotAllowed();
}

/** Another member's place in the zone, locked; 404 `user_not_found` when they are not in it. */
export async function targetIn(
  tx: DbOrTx,
  zoneId: string,
  userId: string,
  hiddenFrom: (userId: string) => Promise<boolean>,
): Promise<members.MembershipRow> {
  const row = UUID.test(userId) ? await members.findMembership(tx, zoneId, userId.toLowerCase(), true) : null;
  if (!row || (await hiddenFrom(row.userId))) throw new AppError(404, 'user_not_found');
  return row;
}
