import type { ModerationSubject } from '../../moderation-subjects-port.ts';
import { clock } from '../../lib/clock.ts';
import type { ReportedContent } from '../safety/safety.service.ts';
import { liveRoleOf } from './lives.policy.ts';
import * as viewersRepo from './live-viewers.repository.ts';
import * as repo from './lives.repository.ts';
import { liveNotFound } from './lives.service.ts';

/** The sampled frames a live's case keeps (the latest ones): what was on screen when it was reported. */
export const LIVE_CASE_FRAMES = 3;

/**
 * The safety feature's live reports (provided by lives.module.ts): a live of the member the report
 * names, which the reporter watches now (a place in it, not its broadcaster) or watched before it
 * ended; 404 live_not_found otherwise, as for one that does not exist.
 */
export const liveReportTargets: ReportedContent = {
  async requireContent(tx, reporterId, { user, id }) {
    const live = await repo.findLive(tx, id);
    if (!live || live.broadcasterId !== user) throw liveNotFound();
    const role = await liveRoleOf(tx, id, reporterId);
    if (role === 'broadcaster') throw liveNotFound();
    if (!role && !(await viewersRepo.watched(tx, id, user, reporterId))) throw liveNotFound();
  },
};

/**
 * A reported live as a moderation subject (decision 0045): its title and its latest sampled frames
 * (copied by the case, so they outlive the live's media); a moderator's removal ends it as
 * `moderator`, and after the commit its viewers hear it ended and its encoder closes.
 */
export const liveModerationSubject: ModerationSubject = {
  kind: 'live',
  async snapshot(db, id) {
    const live = await repo.findLive(db, id);
    if (!live) return undefined;
    const keys = await repo.findLatestFrameKeys(db, id, LIVE_CASE_FRAMES);
    return {
      memberId: live.broadcasterId,
      text: live.title,
      media: keys.map((key) => ({ key, kind: 'photo' as const })),
      profile: null,
    };
  },
  async remove({ tx }, id) {
    return !!(await repo.endLive(tx, id, 'moderator', clock.now()));
  },
  async announceRemoval({ events }, id) {
    await events.emit('live.ended', { liveId: id, reason: 'moderator' });
  },
};
