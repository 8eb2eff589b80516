import { and, asc, desc, eq, inArray, isNull, notInArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bannedIdentifiers, moderationAppeals, moderationCases, moderationEvents } from '../../db/schema.ts';

/** Appends an entry to the audit log (the table refuses UPDATE and DELETE). */
export async function insertEvent(db: DbOrTx, values: typeof moderationEvents.$inferInsert) {
  const [row] = await db.insert(moderationEvents).values(values).returning();
  return row!;
}

export function eventsOfCase(db: DbOrTx, caseId: string) {
  return db
    .select()
    .from(moderationEvents)
    .where(eq(moderationEvents.caseId, caseId))
    .orderBy(asc(moderationEvents.createdAt), asc(moderationEvents.id));
}

/**
 * A member's entries of the audit log, but those of the cases about the staff member asking (a
 * reporter's mute on such a case would tell them who reported them).
 */
export function eventsOfMember(db: DbOrTx, memberId: string, staffId: string) {
  const casesAboutStaff = db
    .select({ id: moderationCases.id })
    .from(moderationCases)
    .where(eq(moderationCases.memberId, staffId));
  return db
    .select()
    .from(moderationEvents)
    .where(
      and(
        eq(moderationEvents.memberId, memberId),
        or(isNull(moderationEvents.caseId), notInArray(moderationEvents.caseId, casesAboutStaff)),
      ),
    )
    .orderBy(asc(moderationEvents.createdAt), asc(moderationEvents.id));
}

export async function insertAppeal(db: DbOrTx, values: typeof moderationAppeals.$inferInsert) {
  await db.insert(moderationAppeals).values(values);
}

/** The member's notified actions with their appeal, newest first. */
export function noticesOf(db: DbOrTx, memberId: string, actions: readonly string[]) {
  return db
    .select({ event: moderationEvents, appeal: moderationAppeals })
    .from(moderationEvents)
    .innerJoin(moderationAppeals, eq(moderationAppeals.eventId, moderationEvents.id))
    .where(and(eq(moderationEvents.memberId, memberId), inArray(moderationEvents.action, [...actions])))
    .orderBy(desc(moderationEvents.createdAt), desc(moderationEvents.id));
}

export async function findAppealByToken(db: DbOrTx, tokenHash: string, { lock = false } = {}) {
  const query = db
    .select({ event: moderationEvents, appeal: moderationAppeals })
    .from(moderationAppeals)
    .innerJoin(moderationEvents, eq(moderationEvents.id, moderationAppeals.eventId))
    .where(or(eq(moderationAppeals.tokenHash, tokenHash), eq(moderationAppeals.noticeTokenHash, tokenHash)));
  const [row] = lock ? await query.for('update', { of: moderationAppeals }) : await query;
  return row;
}

/** The appeal of the case's last notified action, if the member made one. */
export async function lastAppealOfCase(db: DbOrTx, caseId: string) {
  const [row] = await db
    .select({ event: moderationEvents, appeal: moderationAppeals })
    .from(moderationAppeals)
    .innerJoin(moderationEvents, eq(moderationEvents.id, moderationAppeals.eventId))
    .where(eq(moderationEvents.caseId, caseId))
    .orderBy(desc(moderationEvents.createdAt))
    .limit(1);
  return row;
}

export async function recordAppeal(db: DbOrTx, eventId: string, text: string, at: Date) {
  await db
    .update(moderationAppeals)
    .set({ text, appealedAt: at })
    .where(eq(moderationAppeals.eventId, eventId));
}

export async function banIdentifiers(
  db: DbOrTx,
  identifiers: { kind: 'email' | 'phone' | 'payout'; value: string }[],
  caseId: string,
  at: Date,
) {
  if (identifiers.length === 0) return;
  await db
    .insert(bannedIdentifiers)
    .values(identifiers.map((identifier) => ({ ...identifier, caseId, createdAt: at })))
    .onConflictDoNothing();
}

/** The notices list's token of an appeal, replacing the one it gave before. */
export async function setNoticeToken(db: DbOrTx, eventId: string, tokenHash: string) {
  await db
    .update(moderationAppeals)
    .set({ noticeTokenHash: tokenHash })
    .where(eq(moderationAppeals.eventId, eventId));
}
