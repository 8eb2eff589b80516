import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ZoneBanListQuery, ZoneMemberListQuery, ZoneRole } from '@motema/shared/zones';
import type { DbOrTx } from '../../db/client.ts';
import { users, zoneBans, zoneDeclines, zoneMembers } from '../../db/schema.ts';
import { shownInListsTo } from '../discovery/discovery.policy.ts';
import { notBlockedWith } from '../safety/safety.policy.ts';

export type MembershipRow = typeof zoneMembers.$inferSelect;

const one = (zoneId: string, userId: string | typeof users.id) =>
  and(eq(zoneMembers.zoneId, zoneId), eq(zoneMembers.userId, userId));

export async function findMembership(
  db: DbOrTx,
  zoneId: string,
  userId: string,
  lock = false,
): Promise<MembershipRow | null> {
  const query = db.select().from(zoneMembers).where(one(zoneId, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * A member as `viewerId` may see them through the zone: their username, place in it (or none) and
 * ban; null for an unknown or unconfirmed account, or one blocked by or blocking the viewer (Z3).
 */
export async function memberSeenBy(db: DbOrTx, zoneId: string, viewerId: string, userId: string) {
  const [row] = await db
    .select({
      userId: users.id,
      username: users.username,
      role: zoneMembers.role,
      since: zoneMembers.since,
      banned: sql<boolean>`${zoneBans.userId} IS NOT NULL`,
    })
    .from(users)
    .leftJoin(zoneMembers, one(zoneId, users.id))
    .leftJoin(zoneBans, and(eq(zoneBans.zoneId, zoneId), eq(zoneBans.userId, users.id)))
    .where(and(eq(users.id, userId), ne(users.status, 'pending'), notBlockedWith(viewerId, users.id)));
  return row ?? null;
}

export async function isBanned(db: DbOrTx, zoneId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: zoneBans.userId })
    .from(zoneBans)
    .where(and(eq(zoneBans.zoneId, zoneId), eq(zoneBans.userId, userId)));
  return rows.length > 0;
}

export async function declineReasonOf(db: DbOrTx, zoneId: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ reason: zoneDeclines.reason })
    .from(zoneDeclines)
    .where(and(eq(zoneDeclines.zoneId, zoneId), eq(zoneDeclines.userId, userId)));
  return row?.reason ?? null;
}

/**
 * The zones a member is in or waits to enter. In a transaction, it first takes the member's zones
 * lock (an advisory lock until the commit): two joins at once count one after the other, so the
 * member never passes the limit.
 */
export async function countMemberships(tx: DbOrTx, userId: string): Promise<number> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`zones:${userId}`}, 0))`);
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(zoneMembers)
    .where(eq(zoneMembers.userId, userId));
  return row?.count ?? 0;
}

export async function countRole(tx: DbOrTx, zoneId: string, role: ZoneRole): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(zoneMembers)
    .where(and(eq(zoneMembers.zoneId, zoneId), eq(zoneMembers.role, role)));
  return row?.count ?? 0;
}

export async function insertMember(
  tx: DbOrTx,
  row: { zoneId: string; userId: string; role: ZoneRole; since: Date; answers?: string[] },
): Promise<MembershipRow> {
  const [inserted] = await tx.insert(zoneMembers).values(row).returning();
  await tx
    .delete(zoneDeclines)
    .where(and(eq(zoneDeclines.zoneId, row.zoneId), eq(zoneDeclines.userId, row.userId)));
  return inserted!;
}

export async function setRole(
  tx: DbOrTx,
  zoneId: string,
  userId: string,
  role: ZoneRole,
  since?: Date,
): Promise<void> {
  await tx
    .update(zoneMembers)
    .set(since ? { role, since, answers: [] } : { role })
    .where(one(zoneId, userId));
}

/** A waiting request made a membership by an admin or a manager: `approvedAt` is what its notification tells. */
export async function approveMember(tx: DbOrTx, zoneId: string, userId: string, at: Date): Promise<void> {
  await tx
    .update(zoneMembers)
    .set({ role: 'member', since: at, answers: [], approvedAt: at })
    .where(one(zoneId, userId));
}

/** The zone's admins and managers: who is told of its requests. */
export async function moderatorIds(db: DbOrTx, zoneId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: zoneMembers.userId })
    .from(zoneMembers)
    .where(and(eq(zoneMembers.zoneId, zoneId), inArray(zoneMembers.role, ['admin', 'manager'])));
  return rows.map((row) => row.userId);
}

/** The zone's admins, managers and members (not the waiting) but `exceptId`: who is told of its posts. */
export async function memberIdsBut(db: DbOrTx, zoneId: string, exceptId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: zoneMembers.userId })
    .from(zoneMembers)
    .where(
      and(
        eq(zoneMembers.zoneId, zoneId),
        inArray(zoneMembers.role, ['admin', 'manager', 'member']),
        ne(zoneMembers.userId, exceptId),
      ),
    );
  return rows.map((row) => row.userId);
}

export async function setReminder(tx: DbOrTx, zoneId: string, userId: string, at: Date): Promise<void> {
  await tx.update(zoneMembers).set({ lastReminderAt: at }).where(one(zoneId, userId));
}

export async function deleteMember(tx: DbOrTx, zoneId: string, userId: string): Promise<void> {
  await tx.delete(zoneMembers).where(one(zoneId, userId));
}

export async function insertDecline(
  tx: DbOrTx,
  row: { zoneId: string; userId: string; reason: string; declinedAt: Date },
): Promise<void> {
  await tx
    .insert(zoneDeclines)
    .values(row)
    .onConflictDoUpdate({
      target: [zoneDeclines.zoneId, zoneDeclines.userId],
      set: { reason: row.reason, declinedAt: row.declinedAt },
    });
}

export async function insertBan(tx: DbOrTx, zoneId: string, userId: string, at: Date): Promise<void> {
  await tx.insert(zoneBans).values({ zoneId, userId, bannedAt: at }).onConflictDoNothing();
}

export async function deleteBan(tx: DbOrTx, zoneId: string, userId: string): Promise<void> {
  await tx.delete(zoneBans).where(and(eq(zoneBans.zoneId, zoneId), eq(zoneBans.userId, userId)));
}

/** Every waiting request approved (a zone turned public): the members it made. */
export async function acceptWaiting(tx: DbOrTx, zoneId: string, at: Date): Promise<string[]> {
  const rows = await tx
    .update(zoneMembers)
    .set({ role: 'member', since: at, answers: [], approvedAt: at })
    .where(and(eq(zoneMembers.zoneId, zoneId), eq(zoneMembers.role, 'waiting')))
    .returning({ userId: zoneMembers.userId });
  return rows.map((row) => row.userId);
}

const MEMBER_ORDER: Record<ZoneMemberListQuery['sort'], SQL[]> = {
  '+since': [asc(zoneMembers.since), asc(zoneMembers.userId)],
  '-since': [desc(zoneMembers.since), asc(zoneMembers.userId)],
  '+username': [asc(users.username), asc(zoneMembers.userId)],
};

/**
 * A zone's members seen by the viewer: those of `roles` (and `role` if asked), never a member
 * blocked by or blocking the viewer (Z3), whose username starts with `q` if given. Its members
 * (not its waiting, whom its admins and managers must answer) as discovery lists members: one in
 * discreet mode only for their matches and conversations, none asked by a moderator to verify.
 */
export async function listMembers(
  db: DbOrTx,
  zoneId: string,
  viewerId: string,
  roles: readonly ZoneRole[],
  query: ZoneMemberListQuery,
) {
  const where = and(
    eq(zoneMembers.zoneId, zoneId),
    inArray(zoneMembers.role, query.role ? roles.filter((role) => role === query.role) : [...roles]),
    ne(users.status, 'pending'),
    notBlockedWith(viewerId, zoneMembers.userId),
    roles.includes('waiting') ? undefined : shownInListsTo(viewerId),
    query.q
      ? sql`lower(${users.username}) LIKE ${`${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: zoneMembers.userId,
        username: users.username,
        role: zoneMembers.role,
        since: zoneMembers.since,
        answers: zoneMembers.answers,
        lastReminderAt: zoneMembers.lastReminderAt,
      })
      .from(zoneMembers)
      .innerJoin(users, eq(users.id, zoneMembers.userId))
      .where(where)
      .orderBy(...MEMBER_ORDER[query.sort])
      .offset(query.skip)
      .limit(query.limit),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(zoneMembers)
      .innerJoin(users, eq(users.id, zoneMembers.userId))
      .where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

/**
 * The zone's banned members seen by the viewer, newest ban first: never one blocked by or blocking
 * the viewer (Z3), nor an account gone back to pending. A zone bans a handful: its primary key
 * (zone, user) finds them, sorted after.
 */
export async function listBans(db: DbOrTx, zoneId: string, viewerId: string, page: ZoneBanListQuery) {
  const where = and(
    eq(zoneBans.zoneId, zoneId),
    ne(users.status, 'pending'),
    notBlockedWith(viewerId, zoneBans.userId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ userId: zoneBans.userId, username: users.username, bannedAt: zoneBans.bannedAt })
      .from(zoneBans)
      .innerJoin(users, eq(users.id, zoneBans.userId))
      .where(where)
      .orderBy(desc(zoneBans.bannedAt), asc(zoneBans.userId))
      .offset(page.skip)
      .limit(page.limit),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(zoneBans)
      .innerJoin(users, eq(users.id, zoneBans.userId))
      .where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}
