import type { CaseSubjectKind } from '@motema/shared/moderation';
import type { ReportReason } from '@motema/shared/safety';
import type { MessageFlagged } from '../../app-event-payloads.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { clock } from '../../lib/clock.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import type { ModerationSubject } from '../../moderation-subjects-port.ts';
import type { ReportCases, StoredReport } from '../safety/safety.service.ts';
import * as repo from './cases.repository.ts';
import { casePriority } from './moderation-priority.ts';

const DAY_MS = 86_400_000;

/** The subject a report is about: the zone, or the member's content it names, else the member. */
function subjectOf(report: StoredReport): { kind: CaseSubjectKind; id: string } {
  if (report.zoneId) return { kind: 'zone', id: report.zoneId };
  if (report.commentId) return { kind: 'comment', id: report.commentId };
  if (report.photoId) return { kind: 'photo', id: report.photoId };
  if (report.storyId) return { kind: 'story', id: report.storyId };
  if (report.messageId) return { kind: 'message', id: report.messageId };
  if (report.liveId) return { kind: 'live', id: report.liveId };
  if (report.postId) return { kind: 'post', id: report.postId };
  return { kind: 'member', id: report.reportedId! };
}

/**
 * The moderation module's `reportCases` port: the report joins its subject's case (created, with
 * its snapshot, by the first report), and the case's priority is computed again.
 */
export const reportCases: ReportCases = {
  async merge({ tx, deps }, report) {
    const subject = subjectOf(report);
    const found = await repo.upsertCase(tx, subject, report.reportedId, report.createdAt);
    await repo.linkReport(tx, found.id, report.id);
    if (found.created) {
      const owner = deps.moderationSubjects.find((candidate) => candidate.kind === subject.kind);
      await takeSnapshot(tx, deps.storage, owner, found.id, subject.id, report.createdAt);
    }
    await weighCase(tx, found.id, report.createdAt, found.source === 'shield');
  },
};

/**
 * A new message the scam shield flagged (`chat.message.flagged`): its case, opened with source
 * `shield` and the message's snapshot, before anyone reports it; the recipient's report of it (the
 * banner's Report) joins the same case. The sender's flagged messages are their cases, gathered in
 * the console's member history.
 */
export async function openFlaggedMessageCase(
  deps: Pick<AppDeps, 'db' | 'storage' | 'moderationSubjects'>,
  flagged: MessageFlagged,
) {
  await deps.db.transaction(async (tx) => {
    const at = clock.now();
    const subject = { kind: 'message' as const, id: flagged.messageId };
    const found = await repo.upsertCase(tx, subject, flagged.senderId, at, 'shield');
    if (!found.created) return;
    const owner = deps.moderationSubjects.find((candidate) => candidate.kind === 'message');
    await takeSnapshot(tx, deps.storage, owner, found.id, subject.id, at);
    await weighCase(tx, found.id, at, true);
  });
}

/** The subject as it is now, its pictures copied under `moderation/<caseId>/` so that they outlive it. */
async function takeSnapshot(
  tx: Tx,
  storage: MediaStorage,
  owner: ModerationSubject | undefined,
  caseId: string,
  subjectId: string,
  at: Date,
) {
  const state = await owner?.snapshot(tx, subjectId);
  const media = [];
  for (const [index, item] of (state?.media ?? []).entries()) {
    const file = await storage.get(item.key);
    if (!file) continue;
    const key = `moderation/${caseId}/${index}`;
    await storage.putStream(key, file.body, file.contentType);
    media.push({ key, kind: item.kind });
  }
  await repo.insertSnapshot(tx, {
    caseId,
    takenAt: at,
    text: state?.text ?? '',
    media,
    profile: state?.profile ?? null,
  });
}

/**
 * Computes the case's priority again from its reports and the shield's flag (moderation-priority.ts);
 * `without` a reporter whose account is being deleted (their reports go with it).
 */
export async function weighCase(db: DbOrTx, caseId: string, at: Date, flagged: boolean, without?: string) {
  const rows = await repo.caseReporters(db, caseId, at, without);
  const priority = casePriority(
    rows
      .filter((row) => row.outcome === null)
      .map((row) => ({
        reporterId: row.reporterId,
        reason: row.reason as ReportReason,
        accountAgeDays: Math.floor((at.getTime() - row.joinedAt.getTime()) / DAY_MS),
        agreed: row.agreed,
        dismissed: row.dismissed,
        muted: row.muted,
      })),
    flagged,
  );
  await repo.updateCase(db, caseId, { priority });
}
