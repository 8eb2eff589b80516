import type { LiveRole, LiveViewerUpdate } from '@motema/shared/lives';
import type { LiveMessageView, PostMemberView } from '../../app-event-payloads.ts';
import type { LiveViewerRow } from '../../db/schema.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import { postMember, postMembers } from '../posts/post-members.service.ts';
import { listMessages } from './live-chat.service.ts';
import type { LivesDeps } from './lives-runtime.ts';
import type { LiveView } from './lives.presenter.ts';
import * as viewersRepo from './live-viewers.repository.ts';
import { getLive, liveNotFound, requirePlace, requireRole } from './lives.service.ts';

/** A viewer with their public names, as the broadcaster and the live's moderators see them. */
export type LiveViewerView = { viewer: LiveViewerRow; member: PostMemberView };

const viewerNotFound = () => new AppError(404, 'live_viewer_not_found');

/**
 * Socket `lives:join`: a member with a place in the live is present in it (its broadcaster too, who
 * is not counted); a member who was not present already counts once, whatever their sockets, and
 * the room hears the count. Answers the live and its chat's last messages as the member sees them.
 */
export async function joinLive(
  deps: Pick<LivesDeps, 'db' | 'events'>,
  memberId: string,
  liveId: string,
): Promise<{ live: LiveView; messages: LiveMessageView[] }> {
  const { db, events } = deps;
  const role = await requirePlace(db, liveId, memberId);
  if (role !== 'broadcaster') {
    const viewers = await db.transaction(async (tx) =>
      (await viewersRepo.markPresent(tx, liveId, memberId))
        ? viewersRepo.moveViewerCount(tx, liveId, 1)
        : undefined,
    );
    if (viewers !== undefined) await events.emit('live.viewers', { liveId, viewers });
  }
  const live = await getLive(deps, memberId, liveId);
  return { live, messages: await listMessages(deps, memberId, liveId, role) };
}

/** The member's last socket left the live (`lives:leave`, a disconnect): they no longer count. */
export async function leaveLive(deps: Pick<LivesDeps, 'db' | 'events'>, memberId: string, liveId: string) {
  const viewers = await deps.db.transaction(async (tx) =>
    (await viewersRepo.markAbsent(tx, liveId, memberId))
      ? viewersRepo.moveViewerCount(tx, liveId, -1)
      : undefined,
  );
  if (viewers !== undefined) await deps.events.emit('live.viewers', { liveId, viewers });
}

/** GET /api/lives/:id/viewers: their names, to the broadcaster and the live's moderators only (404 to others). */
export async function listViewers(
  deps: Pick<LivesDeps, 'db'>,
  memberId: string,
  liveId: string,
): Promise<LiveViewerView[]> {
  const { db } = deps;
  const role = await requirePlace(db, liveId, memberId);
  if (role === 'viewer') throw liveNotFound();
  const rows = await viewersRepo.findPresentViewers(db, liveId, memberId);
  const members = await postMembers(
    db,
    rows.map(({ viewer }) => viewer.userId),
  );
  return rows.flatMap(({ viewer }) => {
    const member = members.get(viewer.userId);
    return member ? [{ viewer, member }] : [];
  });
}

/**
 * The viewer the caller acts on: one who joined and was not removed (404 live_viewer_not_found), and
 * for a live moderator, a plain viewer or themself (403 live_not_allowed over another moderator).
 */
async function actedOn(
  deps: Pick<LivesDeps, 'db'>,
  callerId: string,
  role: LiveRole,
  liveId: string,
  userId: string,
) {
  const target = await viewersRepo.findViewer(deps.db, liveId, userId);
  if (!target || target.removedAt) throw viewerNotFound();
  if (role === 'moderator' && target.role === 'moderator' && userId !== callerId) {
    throw forbidden('live_not_allowed');
  }
  return target;
}

/**
 * PATCH /api/lives/:id/viewers/:userId: the broadcaster names or unnames a moderator; they or a live
 * moderator mute or unmute a viewer. The viewer's sockets are told (`lives:you`).
 */
export async function updateViewer(
  deps: Pick<LivesDeps, 'db' | 'events'>,
  memberId: string,
  liveId: string,
  userId: string,
  change: LiveViewerUpdate,
): Promise<LiveViewerView> {
  const { db, events } = deps;
  const role = await requireRole(db, liveId, memberId, ['broadcaster', 'moderator']);
  if (change.role !== undefined && role !== 'broadcaster') throw forbidden('live_not_allowed');
  await actedOn(deps, memberId, role, liveId, userId);
  const updated = await viewersRepo.updateViewer(db, liveId, userId, {
    ...(change.role !== undefined && { role: change.role }),
    ...(change.muted !== undefined && { muted: change.muted }),
  });
  const member = await postMember(db, userId);
  if (!updated || !member) throw viewerNotFound();
  await events.emit('live.viewer.changed', { liveId, userId, role: updated.role, muted: updated.muted });
  return { viewer: updated, member };
}

/**
 * DELETE /api/lives/:id/viewers/:userId: the broadcaster or a live moderator removes a viewer, for
 * good: their sockets leave the room and hear `lives:removed`, and they have no place in it any more.
 */
export async function removeViewer(
  deps: Pick<LivesDeps, 'db' | 'events'>,
  memberId: string,
  liveId: string,
  userId: string,
): Promise<void> {
  const { db, events } = deps;
  const role = await requireRole(db, liveId, memberId, ['broadcaster', 'moderator']);
  await actedOn(deps, memberId, role, liveId, userId);
  const viewers = await db.transaction(async (tx) => {
    const wasPresent = await viewersRepo.markAbsent(tx, liveId, userId);
    await viewersRepo.updateViewer(tx, liveId, userId, { removedAt: clock.now(), role: 'viewer' });
    return wasPresent ? viewersRepo.moveViewerCount(tx, liveId, -1) : undefined;
  });
  await events.emit('live.viewer.removed', { liveId, userId });
  if (viewers !== undefined) await events.emit('live.viewers', { liveId, viewers });
}
