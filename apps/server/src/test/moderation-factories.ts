import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { moderationCases, moderationEvents, reports } from '../db/schema.ts';
import type { TestApp } from './build-test-app.ts';
import { asMember, createMember, type Member, type MemberOverrides } from './factories.ts';

/** A moderator (or an admin), with a live session. */
export function createStaff(
  t: Pick<TestApp, 'db'>,
  role: 'moderator' | 'admin' = 'moderator',
  overrides: MemberOverrides = {},
) {
  return createMember(t, { role, ...overrides });
}

export const FAKE = { reason: 'fake_account', subReason: 'famous_person_photo' } as const;

/** POST /api/reports by `reporter` (of `reported` unless the body names a zone), asserting 201. */
export async function fileReport(t: Pick<TestApp, 'app'>, reporter: Member, body: Record<string, unknown>) {
  const res = await asMember(t, reporter.cookie)('POST', '/api/reports', { ...FAKE, ...body });
  if (res.statusCode !== 201) throw new Error(`report refused: ${res.statusCode} ${res.body}`);
  return res.json<{ _id: string }>()._id;
}

/** The case of a subject, as stored. */
export async function caseOf(db: Db, kind: (typeof moderationCases.$inferSelect)['subjectKind'], id: string) {
  const [row] = await db
    .select()
    .from(moderationCases)
    .where(and(eq(moderationCases.subjectKind, kind), eq(moderationCases.subjectId, id)));
  return row;
}

/** A member reported by a fresh reporter: the case's id. */
export async function reportedMemberCase(
  t: Pick<TestApp, 'app' | 'db'>,
  reported: Member,
  body: object = {},
) {
  const reporter = await createMember(t);
  await fileReport(t, reporter, { user: reported.user.id, ...body });
  return (await caseOf(t.db, 'member', reported.user.id))!;
}

/** POST /api/moderation/cases/:id/actions as `staff`. */
export function act(t: Pick<TestApp, 'app'>, staff: Member, caseId: string, body: object) {
  return asMember(t, staff.cookie)('POST', `/api/moderation/cases/${caseId}/actions`, {
    rule: 'fake_profile',
    ...body,
  });
}

export function eventsOf(db: Db, caseId: string) {
  return db
    .select()
    .from(moderationEvents)
    .where(eq(moderationEvents.caseId, caseId))
    .orderBy(asc(moderationEvents.createdAt));
}

export function reportRow(db: Db, id: string) {
  return db.select().from(reports).where(eq(reports.id, id));
}
