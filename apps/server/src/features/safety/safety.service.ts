import type { BlockListQuery, Report, ReportCreated } from '@motema/shared/safety';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, badRequest, conflict } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import * as repo from './safety.repository.ts';

const userNotFound = () => new AppError(404, 'user_not_found');

/**
 * The other member of a block or a report: never oneself, and someone who exists as a member
 * (active or deactivated; an unconfirmed registration is nobody yet).
 */
async function requireOtherMember(db: DbOrTx, viewerId: string, memberId: string): Promise<void> {
  if (viewerId === memberId) throw badRequest('self_not_allowed');
  const member = await repo.findMemberStatus(db, memberId);
  if (!member || member.status === 'pending') throw userNotFound();
}

/** Whether either member blocked the other: every feature treats such a pair as invisible both ways (Z3). */
export function isBlockedBetween(db: DbOrTx, a: string, b: string): Promise<boolean> {
  return repo.blockExistsBetween(db, a, b);
}

type SafetyDeps = Pick<AppDeps, 'db' | 'events'>;

/**
 * `blockerId` blocks `blockedId`: idempotent (a second block keeps the first one's date). After the
 * commit, `block.changed` ends their match (discovery) and takes the conversation out of both members'
 * lists, badges and presence rooms (chat); every query hides the pair from the commit on (Z3).
 */
export async function blockMember(
  { db, events }: SafetyDeps,
  blockerId: string,
  blockedId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await requireOtherMember(tx, blockerId, blockedId);
    await repo.insertBlock(tx, blockerId, blockedId, clock.now());
  });
  await events.emit('block.changed', { blockerId, blockedId, blocked: true });
}

/** Lifts the viewer's own block, if there is one; a block by the other member stays. */
export async function unblockMember(
  { db, events }: SafetyDeps,
  blockerId: string,
  blockedId: string,
): Promise<void> {
  await repo.deleteBlock(db, blockerId, blockedId);
  await events.emit('block.changed', { blockerId, blockedId, blocked: false });
}

export type BlockedMembers = { rows: repo.BlockedRow[]; count: number };

/** The members the viewer blocked, newest first. */
export async function listBlockedMembers(
  db: Db,
  viewerId: string,
  page: BlockListQuery,
): Promise<BlockedMembers> {
  const [rows, count] = await Promise.all([
    repo.listBlocked(db, viewerId, page),
    repo.countBlocked(db, viewerId),
  ]);
  return { rows, count };
}

/**
 * What a report may point at beside a member: one of their posts, comments or stories. The feature
 * owning them (posts) checks it, so that safety depends on none: the posts module provides the safety routes its
 * implementation. It throws its own 404 unless the target exists, is the member's, and the reporter
 * may see it.
 */
export type ReportTargets = {
  requireTarget: (
    tx: DbOrTx,
    reporterId: string,
    target: {
      user: string;
      post?: string | undefined;
      comment?: string | undefined;
      story?: string | undefined;
    },
  ) => Promise<void>;
};

/**
 * A member's photo (the media feature's) or message (the chat feature's) a report names, checked by
 * its owner: it throws its own 404 unless the content exists, is the member's, and the reporter may
 * see it (a message: of their conversation with them, a block between them notwithstanding).
 */
export type ReportedContent = {
  requireContent: (tx: DbOrTx, reporterId: string, target: { user: string; id: string }) => Promise<void>;
};

/**
 * A zone a report points at, checked by the feature owning zones (its module provides it): it throws
 * 404 zone_not_found unless the reporter may see the zone's page, and 403 zone_not_allowed for the
 * zone's own admins.
 */
export type ReportedZones = {
  requireZone: (tx: DbOrTx, reporterId: string, zoneId: string) => Promise<void>;
};

/** A stored report, as its case receives it. */
export type StoredReport = {
  id: string;
  reporterId: string;
  reportedId: string | null;
  postId: string | null;
  commentId: string | null;
  zoneId: string | null;
  photoId: string | null;
  storyId: string | null;
  messageId: string | null;
  liveId: string | null;
  reason: Report['reason'];
  createdAt: Date;
};

/**
 * The moderation case a report joins, in the report's transaction (one case per subject): the
 * moderation module provides it, so that safety stays the writer of reports and imports no moderation.
 */
export type ReportCases = {
  merge: (context: { tx: Tx; deps: CaseDeps }, report: StoredReport) => Promise<void>;
};
/** What the case's snapshot is taken with: the subjects' owners, and the storage its pictures are copied to. */
export type CaseDeps = Pick<AppDeps, 'storage' | 'moderationSubjects'>;

/** What a report is checked and merged with beside the database. */
export type ReportPorts = {
  targets: ReportTargets;
  zones: ReportedZones;
  photos: ReportedContent;
  messages: ReportedContent;
  lives: ReportedContent;
  cases: ReportCases;
  deps: CaseDeps;
};

/**
 * Stores a report for moderation with both ids, and its post, comment, photo, story or message when
 * it points at one; or, for a zone, the reporter and the zone. Nothing of it is ever shown or sent to the reported member
 * nor to the zone's admins. One open report per reporter and target: a second one is a 409
 * (`zone_already_reported` for a zone). The report joins its subject's moderation case in the same
 * transaction.
 */
export async function reportMember(
  db: Db,
  reporterId: string,
  report: Report,
  { targets, zones, photos, messages, lives, cases, deps }: ReportPorts,
): Promise<ReportCreated> {
  return db.transaction(async (tx) => {
    if (report.zone) await zones.requireZone(tx, reporterId, report.zone);
    else {
      // The schema names a member whenever it names no zone.
      const user = report.user!;
      await requireOtherMember(tx, reporterId, user);
      if (report.post || report.comment || report.story) {
        await targets.requireTarget(tx, reporterId, { ...report, user });
      }
      if (report.photo) await photos.requireContent(tx, reporterId, { user, id: report.photo });
      if (report.message) await messages.requireContent(tx, reporterId, { user, id: report.message });
      if (report.live) await lives.requireContent(tx, reporterId, { user, id: report.live });
    }
    const values = {
      reporterId,
      reportedId: report.user ?? null,
      postId: report.post ?? null,
      commentId: report.comment ?? null,
      zoneId: report.zone ?? null,
      photoId: report.photo ?? null,
      storyId: report.story ?? null,
      messageId: report.message ?? null,
      liveId: report.live ?? null,
      reason: report.reason,
      subReason: report.subReason,
      text: report.text,
    };
    const createdAt = clock.now();
    const stored = await repo.insertOpenReport(tx, values, createdAt);
    if (!stored) {
      throw conflict(
        report.zone ? 'zone_already_reported' : report.live ? 'live_already_reported' : 'report_already_open',
      );
    }
    await cases.merge({ tx, deps }, { ...values, id: stored.id, createdAt });
    return { _id: stored.id };
  });
}

/** The reports of a decided moderation case are closed (the moderation feature calls it in its transaction). */
export function closeReports(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  return repo.closeReports(tx, ids);
}
