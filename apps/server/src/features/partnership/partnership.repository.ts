import { and, count, desc, eq, ilike, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  deviceMembers,
  partnerships,
  payments,
  referrals,
  sharedPayerFlags,
  users,
  withdrawalProofs,
  type PartnershipRow,
} from '../../db/schema.ts';

export async function findPartnership(db: DbOrTx, userId: string): Promise<PartnershipRow | undefined> {
  const [row] = await db.select().from(partnerships).where(eq(partnerships.userId, userId));
  return row;
}

export async function findPartnershipByCode(db: DbOrTx, code: string): Promise<PartnershipRow | undefined> {
  const [row] = await db.select().from(partnerships).where(eq(partnerships.code, code));
  return row;
}

/** The member's partnership, locked until the transaction ends: a commission's release and its reversal queue on it. */
export async function lockPartnership(tx: Tx, userId: string): Promise<PartnershipRow | undefined> {
  const [row] = await tx.select().from(partnerships).where(eq(partnerships.userId, userId)).for('update');
  return row;
}

/** Stores a partnership; undefined when the member has one already or the code is taken. */
export async function insertPartnership(
  db: DbOrTx,
  row: Pick<PartnershipRow, 'userId' | 'code' | 'startDate' | 'percentage' | 'holdDays'>,
): Promise<PartnershipRow | undefined> {
  const [inserted] = await db.insert(partnerships).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updatePartnership(
  db: DbOrTx,
  userId: string,
  set: Partial<Pick<PartnershipRow, 'percentage' | 'endDate'>>,
): Promise<PartnershipRow | undefined> {
  const [row] = await db.update(partnerships).set(set).where(eq(partnerships.userId, userId)).returning();
  return row;
}

/** Every partnership with its member's username and children count, oldest first (the operators' list). */
export function listPartnerships(db: DbOrTx) {
  return db
    .select({
      username: users.username,
      code: partnerships.code,
      startDate: partnerships.startDate,
      endDate: partnerships.endDate,
      percentage: partnerships.percentage,
      holdDays: partnerships.holdDays,
      children: sql<number>`(SELECT count(*)::int FROM ${referrals} WHERE ${referrals.partnerId} = ${partnerships.userId})`,
    })
    .from(partnerships)
    .innerJoin(users, eq(users.id, partnerships.userId))
    .orderBy(partnerships.createdAt);
}

export async function findUserIdByUsername(db: DbOrTx, username: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row?.id;
}

/** Links the child to the partner; false when the child has one already (one partner, for good). */
export async function insertReferral(
  tx: Tx,
  referral: { childId: string; partnerId: string; createdAt: Date },
): Promise<boolean> {
  const rows = await tx.insert(referrals).values(referral).onConflictDoNothing().returning();
  return rows.length > 0;
}

/** The partnership of the member who brought `childId`, if any. */
export async function findPartnershipOfChild(
  db: DbOrTx,
  childId: string,
): Promise<PartnershipRow | undefined> {
  const [row] = await db
    .select({ partnership: partnerships })
    .from(referrals)
    .innerJoin(partnerships, eq(partnerships.userId, referrals.partnerId))
    .where(eq(referrals.childId, childId));
  return row?.partnership;
}

export async function countChildren(db: DbOrTx, partnerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(referrals).where(eq(referrals.partnerId, partnerId));
  return row?.n ?? 0;
}

/** The partner's children whose username or first name starts with `search` (all without it), newest first. */
export async function listChildren(
  db: DbOrTx,
  partnerId: string,
  { search, skip, limit }: { search: string | undefined; skip: number; limit: number },
) {
  const pattern = search ? `${search.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const where = and(
    eq(referrals.partnerId, partnerId),
    pattern ? or(ilike(users.username, pattern), ilike(users.firstName, pattern)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        firstName: users.firstName,
        joinedAt: referrals.createdAt,
      })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.childId))
      .where(where)
      .orderBy(desc(referrals.createdAt), desc(referrals.childId))
      .offset(skip)
      .limit(limit),
    db.select({ n: count() }).from(referrals).innerJoin(users, eq(users.id, referrals.childId)).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** The member's phone (their own number: a child paying from it earns their partner nothing). */
/**
 * Whether `phone` is the member's: their account's number, or a withdrawal number they ever proved
 * (a proof that succeeded: its wallet answered to them).
 */
export async function isNumberOf(db: DbOrTx, userId: string, phone: string): Promise<boolean> {
  const [row] = await db
    .execute<{ theirs: boolean }>(
      sql`
    SELECT EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} AND ${users.phone} = ${phone})
        OR EXISTS (SELECT 1 FROM ${withdrawalProofs}
                    WHERE ${withdrawalProofs.userId} = ${userId} AND ${withdrawalProofs.phone} = ${phone}
                      AND ${withdrawalProofs.status} = 'SUCCESS') AS theirs`,
    )
    .then((result) => result.rows);
  return row?.theirs === true;
}

/** The partner's other children who paid (a settled payment) from `payerPhone`. */
export async function otherChildrenPaidFrom(
  db: DbOrTx,
  { partnerId, childId, payerPhone }: { partnerId: string; childId: string; payerPhone: string },
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ childId: referrals.childId })
    .from(referrals)
    .innerJoin(payments, eq(payments.userId, referrals.childId))
    .where(
      and(
        eq(referrals.partnerId, partnerId),
        ne(referrals.childId, childId),
        eq(payments.payerPhone, payerPhone),
        isNotNull(payments.settledAt),
      ),
    );
  return rows.map((row) => row.childId);
}

/** Flags the payment for review; false when it was flagged already. */
export async function insertSharedPayerFlag(
  tx: Tx,
  flag: { partnerId: string; paymentId: string; childId: string; otherChildIds: string[]; createdAt: Date },
): Promise<string | undefined> {
  const [row] = await tx
    .insert(sharedPayerFlags)
    .values(flag)
    .onConflictDoNothing()
    .returning({ id: sharedPayerFlags.id });
  return row?.id;
}

export function sharedPayerFlagsOf(db: DbOrTx, partnerId: string) {
  return db.select().from(sharedPayerFlags).where(eq(sharedPayerFlags.partnerId, partnerId));
}

/** The payment's state (a commission is not released once its refund began). */
export async function findPaymentStatus(db: DbOrTx, paymentId: string) {
  const [row] = await db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId));
  return row?.status;
}

/** Payments by id, with their payer (the journals' "from"). */
export function findPayments(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: payments.id,
      reference: payments.reference,
      userId: payments.userId,
      username: users.username,
      firstName: users.firstName,
    })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .where(inArray(payments.id, ids));
}

/** Whether the two members used one install (devices' `device_members`): the partner's phone in the child's hands. */
export async function shareADevice(db: DbOrTx, partnerId: string, childId: string): Promise<boolean> {
  const { rows } = await db.execute<{ shared: boolean }>(sql`
    SELECT EXISTS (
      SELECT 1 FROM ${deviceMembers} a JOIN ${deviceMembers} b ON b.device_id = a.device_id
       WHERE a.user_id = ${partnerId} AND b.user_id = ${childId}) AS shared`);
  return rows[0]?.shared ?? false;
}
