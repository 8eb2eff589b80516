import {
  LIVE_MAX_MINUTES,
  LIVE_STALL_MS,
  type LiveEndReason,
  type LiveRole,
  type LiveStart,
} from '@motema/shared/lives';
import type { DbOrTx } from '../../db/client.ts';
import type { LiveRow } from '../../db/schema.ts';
import { AppError, conflict, forbidden } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import { loadViewer } from '../discovery/user-lists.service.ts';
import { postMember, postMembers } from '../posts/post-members.service.ts';
import type { LivesDeps } from './lives-runtime.ts';
import { liveRoleOf } from './lives.policy.ts';
import type { LiveView } from './lives.presenter.ts';
import * as repo from './lives.repository.ts';

const DAY_MS = 86_400_000;
/** A live this node is opening has this long to reach its encoder before the sweep takes it for orphaned. */
const ORPHAN_GRACE_MS = 10_000;
/** The lives GET /api/lives answers at most. */
export const LIVES_LISTED = 50;

/** Every refusal to a member with no place in the live: it might as well not exist. */
export const liveNotFound = () => new AppError(404, 'live_not_found');

/** The member's place in the live, or 404 live_not_found. */
export async function requirePlace(db: DbOrTx, liveId: string, memberId: string): Promise<LiveRole> {
  const role = await liveRoleOf(db, liveId, memberId);
  if (!role) throw liveNotFound();
  return role;
}

/** The member's place, which must be one of `roles` (403 live_not_allowed otherwise; 404 without one). */
export async function requireRole(
  db: DbOrTx,
  liveId: string,
  memberId: string,
  roles: readonly LiveRole[],
): Promise<LiveRole> {
  const role = await requirePlace(db, liveId, memberId);
  if (!roles.includes(role)) throw forbidden('live_not_allowed');
  return role;
}

/** The live as `memberId` sees it, given their place in it. */
async function viewOf(db: DbOrTx, liveId: string, memberId: string, role: LiveRole): Promise<LiveView> {
  const found = await repo.findLiveFor(db, liveId, memberId);
  const broadcaster = found && (await postMember(db, found.live.broadcasterId));
  if (!found || !broadcaster) throw liveNotFound();
  return { live: found.live, broadcaster, role, muted: found.viewer?.muted ?? false, match: found.match };
}

/** GET /api/lives/:id: the live, to a member with a place in it. */
export async function getLive(
  deps: Pick<LivesDeps, 'db'>,
  memberId: string,
  liveId: string,
): Promise<LiveView> {
  const role = await requirePlace(deps.db, liveId, memberId);
  return viewOf(deps.db, liveId, memberId, role);
}

/**
 * POST /api/lives: the member goes live. Refused to an account younger than LIVE_MIN_ACCOUNT_DAYS
 * (403 live_account_too_new) and to a member with a live not ended (409 live_already_on: the
 * partial unique key decides between two starts at once). This node's encoder opens it; if it
 * cannot, the live ends at once (`interrupted`) and the error stands.
 */
export async function startLive(deps: LivesDeps, memberId: string, input: LiveStart): Promise<LiveView> {
  const { db, media } = deps;
  if ((await goLiveFrom(deps, memberId)) !== null) throw forbidden('live_account_too_new');
  const live = await repo.insertLive(db, { broadcasterId: memberId, ...input, node: deps.node });
  if (!live) throw conflict('live_already_on');
  try {
    await media.open(live.id, { audioOnly: live.audioOnly });
  } catch (error) {
    await endLive(deps, live.id, 'interrupted');
    throw error;
  }
  return viewOf(db, live.id, memberId, 'broadcaster');
}

/**
 * When the member may go live, while their account is younger than LIVE_MIN_ACCOUNT_DAYS (null once
 * they may): GET /api/lives says it, so the app says so before the member opens the camera.
 */
export async function goLiveFrom(
  deps: Pick<LivesDeps, 'db' | 'env'>,
  memberId: string,
): Promise<Date | null> {
  const now = clock.now();
  // An account gone while the session ends counts as one made now.
  const createdAt = (await repo.findBroadcaster(deps.db, memberId))?.createdAt ?? now;
  const from = createdAt.getTime() + deps.env.LIVE_MIN_ACCOUNT_DAYS * DAY_MS;
  return now.getTime() < from ? new Date(from) : null;
}

/** GET /api/lives: the lives on air the member may watch, matches' first, then near, then most watched. */
export async function listLives(deps: Pick<LivesDeps, 'db'>, memberId: string): Promise<LiveView[]> {
  const { db } = deps;
  const viewer = await loadViewer(db, memberId);
  const rows = await repo.findShownLives(db, viewer, LIVES_LISTED);
  const members = await postMembers(
    db,
    rows.map((row) => row.live.broadcasterId),
  );
  return rows.flatMap(({ live, match }) => {
    const broadcaster = members.get(live.broadcasterId);
    return broadcaster ? [{ live, broadcaster, role: 'viewer' as const, muted: false, match }] : [];
  });
}

/** POST /api/lives/:id/end: the broadcaster ends their live (a viewer: 403; anyone else: 404). */
export async function endLiveByBroadcaster(
  deps: LivesDeps,
  memberId: string,
  liveId: string,
): Promise<LiveView> {
  await requireRole(deps.db, liveId, memberId, ['broadcaster']);
  const view = await viewOf(deps.db, liveId, memberId, 'broadcaster');
  const ended = await endLive(deps, liveId, 'broadcaster');
  return { ...view, live: ended ?? view.live };
}

/**
 * Ends a live once, whatever the reason: its row says why and when, its viewers are no longer
 * present, and after the commit `live.ended` closes its encoder (keeping its segments only when the
 * broadcaster ended it, for keep-as-post) and tells its room. Undefined when it had ended already.
 */
export async function endLive(
  deps: Pick<LivesDeps, 'db' | 'events'>,
  liveId: string,
  reason: LiveEndReason,
): Promise<LiveRow | undefined> {
  const ended = await deps.db.transaction((tx) => repo.endLive(tx, liveId, reason, clock.now()));
  if (ended) await deps.events.emit('live.ended', { liveId, reason });
  return ended;
}

/** The media side says the live's first segments are written: it is on air (once). */
export async function markOnAir(deps: Pick<LivesDeps, 'db' | 'events'>, liveId: string): Promise<void> {
  const live = await repo.setOnAir(deps.db, liveId, clock.now());
  if (live) await deps.events.emit('live.on-air', { liveId, broadcasterId: live.broadcasterId });
}

/** A suspended or banned member's live ends at once, as a moderator's end. */
export async function endLivesOf(deps: Pick<LivesDeps, 'db' | 'events'>, memberId: string): Promise<void> {
  for (const liveId of await repo.findOpenLivesOf(deps.db, memberId))
    await endLive(deps, liveId, 'moderator');
}

/**
 * The periodic sweep: a live reaching LIVE_MAX_MINUTES ends (as its broadcaster's end: it may be
 * kept); one still `starting` after LIVE_STALL_MS, or held by this node but not by its encoder (the
 * process restarted), ends `interrupted`.
 */
export async function sweepLives(deps: LivesDeps): Promise<number> {
  const now = clock.now().getTime();
  const maxStartedBefore = new Date(now - LIVE_MAX_MINUTES * 60_000);
  const due = await repo.findDueLives(deps.db, {
    maxStartedBefore,
    stalledBefore: new Date(now - LIVE_STALL_MS),
    orphanedBefore: new Date(now - ORPHAN_GRACE_MS),
    node: deps.node,
    active: deps.media.active(),
  });
  for (const live of due) {
    await endLive(deps, live.id, live.startedAt < maxStartedBefore ? 'broadcaster' : 'interrupted');
  }
  return due.length;
}
