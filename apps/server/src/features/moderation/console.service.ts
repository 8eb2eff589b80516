import type {
  CaseDetail,
  CaseList,
  CaseListQuery,
  CaseSummary,
  MemberHistory,
  ModerationEvent,
} from '@motema/shared/moderation';
import type { ReportReason } from '@motema/shared/safety';
import type { ModerationEventRow } from '../../db/schema.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import * as repo from './cases.repository.ts';
import * as events from './events.repository.ts';
import type { ModerationDeps, Staff } from './moderation-deps.ts';

const DAY_MS = 86_400_000;
const notFound = () => new AppError(404, 'not_found');

/**
 * Staff never see nor decide a case about themselves (SPEC 6: reports are anonymous to the reported
 * person): their own case answers as an unknown one.
 */
const visibleTo = <T extends { case: { memberId: string | null } }>(staff: Staff, found: T | undefined) =>
  found && found.case.memberId !== staff.id ? found : undefined;

/** The console's queue: the state asked for, highest priority then newest report first. */
export async function listCases(deps: ModerationDeps, staff: Staff, query: CaseListQuery): Promise<CaseList> {
  const [rows, count] = await Promise.all([
    repo.listCases(deps.db, query, staff.id),
    repo.countCases(deps.db, query, staff.id),
  ]);
  return { cases: await summarise(deps, rows), count };
}

async function summarise(deps: ModerationDeps, rows: repo.CaseSummaryRow[]): Promise<CaseSummary[]> {
  const reasons = await repo.reasonsOf(
    deps.db,
    rows.map((row) => row.case.id),
  );
  return rows.map(({ case: found, member, assignee }) => {
    const own = reasons.filter((row) => row.caseId === found.id);
    return {
      _id: found.id,
      subject: { kind: found.subjectKind, _id: found.subjectId },
      member: member && {
        _id: member.id,
        username: member.username,
        name: member.firstName || member.username,
        avatar: null,
        status: member.status,
        verified: member.verifiedAt !== null,
        createdAt: member.createdAt.toISOString(),
      },
      state: found.state,
      priority: found.priority,
      reporters: new Set(own.flatMap((row) => row.reporters)).size,
      reasons: own
        .map((row) => ({ reason: row.reason as ReportReason, count: row.count }))
        .sort((a, b) => b.count - a.count),
      source: found.source,
      assignee: assignee && { _id: assignee.id, username: assignee.username },
      appealed: found.appealed,
      firstReportedAt: found.firstReportedAt.toISOString(),
      lastReportedAt: found.lastReportedAt.toISOString(),
    };
  });
}

async function presentEvents(deps: ModerationDeps, rows: ModerationEventRow[]): Promise<ModerationEvent[]> {
  const staff = await repo.findStaff(deps.db, [
    ...new Set(rows.flatMap((row) => (row.moderatorId ? [row.moderatorId] : []))),
  ]);
  return rows.map((row) => {
    const moderator = staff.find((one) => one.id === row.moderatorId);
    return {
      _id: row.id,
      caseId: row.caseId,
      action: row.action as ModerationEvent['action'],
      rule: row.rule as ModerationEvent['rule'],
      note: row.note,
      message: row.message,
      days: row.days,
      moderator: moderator ? { _id: moderator.id, username: moderator.username } : null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** A case as the console shows it: its snapshot, its reports with their reporters' record, its audit log. */
export async function caseDetail(deps: ModerationDeps, staff: Staff, id: string): Promise<CaseDetail> {
  const found = visibleTo(staff, await repo.findCase(deps.db, id));
  if (!found) throw notFound();
  const at = clock.now();
  const [[summary], snapshot, reporters, log, appealed, reported] = await Promise.all([
    summarise(deps, [found]),
    repo.findSnapshot(deps.db, id),
    repo.caseReporters(deps.db, id, at),
    events.eventsOfCase(deps.db, id),
    events.lastAppealOfCase(deps.db, id),
    repo.isReporterOf(deps.db, id, staff.id),
  ]);
  const owner = deps.moderationSubjects.find((subject) => subject.kind === found.case.subjectKind);
  const live = (await owner?.snapshot(deps.db, found.case.subjectId)) !== undefined;
  const appeal = appealed?.appeal.appealedAt
    ? { text: appealed.appeal.text ?? '', createdAt: appealed.appeal.appealedAt.toISOString() }
    : null;
  return {
    ...summary!,
    snapshot: {
      takenAt: (snapshot?.takenAt ?? found.case.firstReportedAt).toISOString(),
      text: snapshot?.text ?? '',
      media: (snapshot?.media ?? []).map((item, index) => ({
        url: `/api/moderation/cases/${id}/media/${index}`,
        kind: item.kind,
      })),
      profile: snapshot?.profile ?? null,
      live,
    },
    reports: reporters.map((row) => ({
      _id: row.reportId,
      reason: row.reason as ReportReason,
      subReason: row.subReason,
      text: row.text,
      createdAt: row.createdAt.toISOString(),
      reporter: {
        _id: row.reporterId,
        username: row.username,
        accountAgeDays: Math.floor((at.getTime() - row.joinedAt.getTime()) / DAY_MS),
        accuracy: { agreed: row.agreed, dismissed: row.dismissed },
        muted: row.muted,
      },
    })),
    events: await presentEvents(deps, log),
    appeal,
    // Not on a case they reported, nor on the appeal of their own decision: another moderator decides.
    actionable:
      found.case.state !== 'closed' &&
      !reported &&
      !(found.case.appealed && appealed?.event.moderatorId === staff.id),
  };
}

/**
 * `me` takes the case, null hands it back; the audit log keeps who did. Not a case about oneself (403
 * `case_about_yourself`) nor one they reported (403 `case_you_reported`).
 */
export async function assignCase(deps: ModerationDeps, staff: Staff, id: string, assignee: 'me' | null) {
  await deps.db.transaction(async (tx) => {
    const found = await repo.lockCase(tx, id);
    if (!found) throw notFound();
    if (found.memberId === staff.id) throw forbidden('case_about_yourself');
    if (await repo.isReporterOf(tx, id, staff.id)) throw forbidden('case_you_reported');
    await repo.updateCase(tx, id, { assigneeId: assignee === 'me' ? staff.id : null });
    await events.insertEvent(tx, {
      caseId: id,
      memberId: found.memberId,
      action: 'assign',
      moderatorId: staff.id,
      createdAt: clock.now(),
    });
  });
  return caseDetail(deps, staff, id);
}

/**
 * A member's cases and every action taken on them. Not their own to a staff member, nor the entries of
 * the cases about them (a reporter's mute there would say who reported them).
 */
export async function memberHistory(
  deps: ModerationDeps,
  staff: Staff,
  memberId: string,
): Promise<MemberHistory> {
  const member = memberId === staff.id ? undefined : await repo.findMember(deps.db, memberId);
  if (!member) throw notFound();
  const [cases, log] = await Promise.all([
    repo.casesOfMember(deps.db, memberId),
    events.eventsOfMember(deps.db, memberId, staff.id),
  ]);
  return {
    member: {
      _id: member.id,
      username: member.username,
      name: member.firstName || member.username,
      avatar: null,
      status: member.status,
      verified: member.verifiedAt !== null,
      createdAt: member.createdAt.toISOString(),
    },
    cases: await summarise(deps, cases),
    events: await presentEvents(deps, log),
  };
}

/** A snapshot's picture (a copy the case keeps), for the console; not of a case about oneself. */
export async function snapshotMedia(deps: ModerationDeps, staff: Staff, id: string, index: number) {
  if (!visibleTo(staff, await repo.findCase(deps.db, id))) throw notFound();
  const snapshot = await repo.findSnapshot(deps.db, id);
  const item = snapshot?.media[index];
  const file = item && (await deps.storage.get(item.key));
  if (!file) throw notFound();
  return file;
}
