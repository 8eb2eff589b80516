import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { clock } from '../../lib/clock.ts';
import { listPhotos } from '../media/media.service.ts';
import type { ProfileView } from './discovery.presenter.ts';
import { findVisibleProfile, lockMember } from './members.repository.ts';
import { findMatch, findScore } from './ratings.repository.ts';
import { refreshPopularity, userNotFound } from './ratings.service.ts';
import { loadViewer, withAvatars } from './user-lists.service.ts';
import { recordVisit } from './visits.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can be a member's id (anything else is a 404 before any query). */
export const isMemberId = (id: string) => UUID.test(id);

/**
 * GET /api/users/{id}: a member's profile for a visitor (`viewerId` null: identity and about text) or
 * a member (also photos, facts, activity, distance bucket and their rating). 404 user_not_found for an
 * unknown, inactive or incomplete member, or one with a block either way. A member opening someone
 * else's profile records a visit, told after its commit (`visit.recorded`) when it counted.
 */
export async function openProfile(
  { db, events }: Pick<AppDeps, 'db' | 'events'>,
  viewerId: string | null,
  memberId: string,
): Promise<ProfileView> {
  if (!isMemberId(memberId)) throw userNotFound();
  const id = memberId.toLowerCase();
  const self = viewerId === id;
  const viewer = viewerId && !self ? await loadViewer(db, viewerId) : null;
  const row = await findVisibleProfile(db, viewer, id);
  if (!row) throw userNotFound();
  const [view] = await withAvatars(db, [row]);
  if (!viewerId) return { ...view!, member: null };

  const [photos, mine, match] = await Promise.all([
    listPhotos(db, id),
    self ? null : findScore(db, viewerId, id),
    self ? undefined : findMatch(db, viewerId, id),
    self ? undefined : visit({ db, events }, viewerId, id),
  ]);
  return { ...view!, member: { photos, rating: { mine, matched: !!match } } };
}

/**
 * A member's profile as a visitor may open it (openProfile's rule with no viewer: active, complete,
 * not in discreet mode), with its avatar; undefined for anyone else. For a shared link's preview.
 */
export async function visitorProfile(db: DbOrTx, memberId: string) {
  if (!isMemberId(memberId)) return undefined;
  const row = await findVisibleProfile(db, null, memberId.toLowerCase());
  if (!row) return undefined;
  const [view] = await withAvatars(db, [row]);
  return view;
}

/**
 * Counts the visit once per viewer per calendar day (UTC); a first visit from this viewer adds a
 * distinct visitor, so the member's popularity is recomputed in the same transaction. A counted visit
 * (the first of the day) is told after the commit: the visited member may be notified.
 */
async function visit(
  { db, events }: Pick<AppDeps, 'db' | 'events'>,
  visitorId: string,
  visitedId: string,
): Promise<void> {
  const now = clock.now();
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const counted = await db.transaction(async (tx) => {
    const recorded = await recordVisit(tx, visitorId, visitedId, now, dayStart);
    if (recorded.firstVisit && (await lockMember(tx, visitedId))) await refreshPopularity(tx, visitedId);
    return recorded.counted;
  });
  if (counted) await events.emit('visit.recorded', { visitorId, visitedId });
}
