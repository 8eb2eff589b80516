import { and, count, desc, eq, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CaseListQuery, CaseSubjectKind } from '@motema/shared/moderation';
import type { DbOrTx } from '../../db/client.ts';
import {
  moderationCaseReports,
  moderationCases,
  moderationSnapshots,
  reporterMutes,
  reports,
  users,
} from '../../db/schema.ts';

/**
 * The case of a subject, created with the report's time or found and brought forward (a closed case
 * opens again on a new report); `created` says whether this report opened it.
 */
export async function upsertCase(
  db: DbOrTx,
  subject: { kind: CaseSubjectKind; id: string },
  memberId: string | null,
  at: Date,
  source: 'reports' | 'shield' = 'reports',
) {
  const [row] = await db
    .insert(moderationCases)
    .values({
      subjectKind: subject.kind,
      subjectId: subject.id,
      memberId,
      source,
      firstReportedAt: at,
      lastReportedAt: at,
    })
    .onConflictDoUpdate({
      target: [moderationCases.subjectKind, moderationCases.subjectId],
      set: {
        lastReportedAt: at,
        state: sql`CASE WHEN ${moderationCases.state} = 'closed' THEN 'open' ELSE ${moderationCases.state} END`,
        closedAt: null,
      },
    })
    .returning({
      id: moderationCases.id,
      source: moderationCases.source,
      created: sql<boolean>`xmax = 0`,
    });
  return row!;
}

export async function linkReport(db: DbOrTx, caseId: string, reportId: string) {
  await db.insert(moderationCaseReports).values({ caseId, reportId });
}

export async function setPriority(db: DbOrTx, caseId: string, priority: number) {
  await db.update(moderationCases).set({ priority }).where(eq(moderationCases.id, caseId));
}

export async function insertSnapshot(db: DbOrTx, values: typeof moderationSnapshots.$inferInsert) {
  await db.insert(moderationSnapshots).values(values).onConflictDoNothing();
}

export async function findSnapshot(db: DbOrTx, caseId: string) {
  const [row] = await db.select().from(moderationSnapshots).where(eq(moderationSnapshots.caseId, caseId));
  return row;
}

/** The case locked for an action (two moderators acting at once take turns). */
export async function lockCase(db: DbOrTx, id: string) {
  const [row] = await db.select().from(moderationCases).where(eq(moderationCases.id, id)).for('update');
  return row;
}

/** The member a case is about (null: none, or deleted), read without a lock; undefined for no case. */
export async function caseMemberOf(db: DbOrTx, id: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ memberId: moderationCases.memberId })
    .from(moderationCases)
    .where(eq(moderationCases.id, id));
  return row?.memberId;
}

export async function updateCase(
  db: DbOrTx,
  id: string,
  changes: Partial<typeof moderationCases.$inferInsert>,
) {
  await db.update(moderationCases).set(changes).where(eq(moderationCases.id, id));
}

/** Each open report of the case's reporters, with what the priority weighs: account age, mute, accuracy. */
export function caseReporters(db: DbOrTx, caseId: string, at: Date, without?: string) {
  return db
    .select({
      reportId: reports.id,
      reporterId: reports.reporterId,
      username: users.username,
      reason: reports.reason,
      subReason: reports.subReason,
      text: reports.text,
      createdAt: reports.createdAt,
      joinedAt: users.createdAt,
      muted: sql<boolean>`EXISTS (SELECT 1 FROM ${reporterMutes} WHERE ${reporterMutes.reporterId} = ${reports.reporterId} AND ${reporterMutes.until} > ${at.toISOString()}::timestamptz)`,
      agreed: sql<number>`(SELECT count(*) FILTER (WHERE h.outcome = 'agreed')::int FROM (SELECT cr.outcome FROM moderation_case_reports cr JOIN reports r ON r.id = cr.report_id WHERE r.reporter_id = ${reports.reporterId} AND cr.outcome IS NOT NULL ORDER BY r.created_at DESC LIMIT 20) h)`,
      dismissed: sql<number>`(SELECT count(*) FILTER (WHERE h.outcome = 'dismissed')::int FROM (SELECT cr.outcome FROM moderation_case_reports cr JOIN reports r ON r.id = cr.report_id WHERE r.reporter_id = ${reports.reporterId} AND cr.outcome IS NOT NULL ORDER BY r.created_at DESC LIMIT 20) h)`,
      outcome: moderationCaseReports.outcome,
    })
    .from(moderationCaseReports)
    .innerJoin(reports, eq(reports.id, moderationCaseReports.reportId))
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(
      and(
        eq(moderationCaseReports.caseId, caseId),
        without === undefined ? undefined : ne(reports.reporterId, without),
      ),
    )
    .orderBy(reports.createdAt);
}
export type CaseReporterRow = Awaited<ReturnType<typeof caseReporters>>[number];

/**
 * The cases not closed that a member reported, locked in id order (a member's deletion weighs them
 * again without their reports; an action locks its case the same way).
 */
export async function lockUndecidedCasesReportedBy(db: DbOrTx, reporterId: string) {
  return db
    .select({ id: moderationCases.id, source: moderationCases.source })
    .from(moderationCases)
    .where(
      and(
        ne(moderationCases.state, 'closed'),
        inArray(
          moderationCases.id,
          db
            .select({ id: moderationCaseReports.caseId })
            .from(moderationCaseReports)
            .innerJoin(reports, eq(reports.id, moderationCaseReports.reportId))
            .where(eq(reports.reporterId, reporterId)),
        ),
      ),
    )
    .orderBy(moderationCases.id)
    .for('update');
}

/** Settles the case's undecided reports: agreed or dismissed, for their reporters' accuracy. */
export async function settleReports(db: DbOrTx, caseId: string, outcome: 'agreed' | 'dismissed') {
  const rows = await db
    .update(moderationCaseReports)
    .set({ outcome })
    .where(and(eq(moderationCaseReports.caseId, caseId), isNull(moderationCaseReports.outcome)))
    .returning({ reportId: moderationCaseReports.reportId });
  return rows.map((row) => row.reportId);
}

export async function muteReporter(db: DbOrTx, reporterId: string, until: Date) {
  await db
    .insert(reporterMutes)
    .values({ reporterId, until })
    .onConflictDoUpdate({ target: reporterMutes.reporterId, set: { until } });
}

const member = alias(users, 'member');
const assignee = alias(users, 'assignee');

const summaryColumns = {
  case: moderationCases,
  member: {
    id: member.id,
    username: member.username,
    firstName: member.firstName,
    status: member.status,
    verifiedAt: member.verifiedAt,
    createdAt: member.createdAt,
  },
  assignee: { id: assignee.id, username: assignee.username },
};

function summaries(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(summaryColumns)
    .from(moderationCases)
    .leftJoin(member, eq(member.id, moderationCases.memberId))
    .leftJoin(assignee, eq(assignee.id, moderationCases.assigneeId))
    .where(where);
}
export type CaseSummaryRow = Awaited<ReturnType<typeof summaries>>[number];

function listFilter(query: CaseListQuery, staffId: string): SQL | undefined {
  const assigned =
    query.assigned === 'me'
      ? eq(moderationCases.assigneeId, staffId)
      : query.assigned === 'none'
        ? isNull(moderationCases.assigneeId)
        : undefined;
  return and(eq(moderationCases.state, query.state), assigned, notAbout(staffId), notReportedBy(staffId));
}

/** Leaves out the cases about the staff member asking: another moderator decides those. */
export function notAbout(staffId: string): SQL {
  return or(isNull(moderationCases.memberId), ne(moderationCases.memberId, staffId))!;
}

/** A report of the staff member is one of the case's (by `moderation_case_reports_case_idx`: a case has a few). */
function reportedBy(staffId: string): SQL {
  // Named with their tables: a one-table select leaves them out, and `id` would be the report's.
  return sql`EXISTS (SELECT 1 FROM ${moderationCaseReports} AS "linked" JOIN ${reports} AS "filed" ON "filed"."id" = "linked"."report_id"
    WHERE "linked"."case_id" = ${moderationCases}."id" AND "filed"."reporter_id" = ${staffId})`;
}

/** Leaves out the cases the staff member asking reported (alone or among others): another decides those. */
export function notReportedBy(staffId: string): SQL {
  return sql`NOT ${reportedBy(staffId)}`;
}

/** Whether the staff member is one of the case's reporters. */
export async function isReporterOf(db: DbOrTx, caseId: string, staffId: string): Promise<boolean> {
  const [row] = await db
    .select({ reported: reportedBy(staffId) })
    .from(moderationCases)
    .where(eq(moderationCases.id, caseId));
  return row?.reported === true;
}

/** The queue, without the cases about the staff member asking nor those they reported: highest priority, then newest report, first. */
export function listCases(db: DbOrTx, query: CaseListQuery, staffId: string) {
  return summaries(db, listFilter(query, staffId))
    .orderBy(desc(moderationCases.priority), desc(moderationCases.lastReportedAt), desc(moderationCases.id))
    .offset(query.skip)
    .limit(query.limit);
}

export async function countCases(db: DbOrTx, query: CaseListQuery, staffId: string) {
  const [row] = await db.select({ n: count() }).from(moderationCases).where(listFilter(query, staffId));
  return row?.n ?? 0;
}

export async function findCase(db: DbOrTx, id: string) {
  const [row] = await summaries(db, eq(moderationCases.id, id));
  return row;
}

export function casesOfMember(db: DbOrTx, memberId: string) {
  return summaries(db, eq(moderationCases.memberId, memberId)).orderBy(desc(moderationCases.lastReportedAt));
}

/** The reasons and distinct reporters of each case. */
export function reasonsOf(db: DbOrTx, caseIds: readonly string[]) {
  if (caseIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      caseId: moderationCaseReports.caseId,
      reason: reports.reason,
      count: count(),
      reporters: sql<string[]>`array_agg(DISTINCT ${reports.reporterId})`,
    })
    .from(moderationCaseReports)
    .innerJoin(reports, eq(reports.id, moderationCaseReports.reportId))
    .where(inArray(moderationCaseReports.caseId, [...caseIds]))
    .groupBy(moderationCaseReports.caseId, reports.reason);
}

export async function findMember(db: DbOrTx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findStaff(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** Deletes the snapshots of cases closed before `closedBefore`; their cases' ids, whose copied pictures go next. */
export async function deleteExpiredSnapshots(db: DbOrTx, closedBefore: Date) {
  return db
    .delete(moderationSnapshots)
    .where(
      inArray(
        moderationSnapshots.caseId,
        db
          .select({ id: moderationCases.id })
          .from(moderationCases)
          .where(
            and(
              eq(moderationCases.state, 'closed'),
              isNotNull(moderationCases.closedAt),
              lt(moderationCases.closedAt, closedBefore),
            ),
          ),
      ),
    )
    .returning({ caseId: moderationSnapshots.caseId });
}
