import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  OPEN_PAYMENT_STATES,
  paymentEvents,
  payments,
  type PaymentRow,
  type PaymentState,
} from '../../../db/schema/billing-payments.ts';
import { journalEntries } from '../../../db/schema/billing-ledger.ts';

export type NewPayment = Pick<
  typeof payments.$inferInsert,
  | 'reference'
  | 'userId'
  | 'planId'
  | 'method'
  | 'amountMinor'
  | 'currency'
  | 'payerPhone'
  | 'callbackTokenHash'
  | 'createdAt'
  | 'updatedAt'
>;

/** Stores a new payment in CREATED; undefined when the member has an open one of this plan already (P5). */
export async function insertPayment(db: DbOrTx, values: NewPayment): Promise<PaymentRow | undefined> {
  const [row] = await db
    .insert(payments)
    .values({ ...values, status: 'CREATED' })
    .onConflictDoNothing({
      target: [payments.userId, payments.planId],
      where: sql`${payments.status} IN ('CREATED', 'PENDING', 'INIT_UNKNOWN')`,
    })
    .returning();
  return row;
}

export async function findPaymentById(db: DbOrTx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

export async function findPaymentByReference(db: DbOrTx, reference: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.reference, reference));
  return row;
}

export async function findPaymentByTokenHash(db: DbOrTx, hash: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.callbackTokenHash, hash));
  return row;
}

/** The payment, locked until the transaction ends: its settlement is applied by one writer at a time. */
export async function lockPayment(db: DbOrTx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

/** A member's payments, newest first. */
export function listPaymentsOf(db: DbOrTx, userId: string, page: { skip: number; limit: number }) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .offset(page.skip)
    .limit(page.limit);
}

export async function countPaymentsOf(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(payments).where(eq(payments.userId, userId));
  return row?.n ?? 0;
}

type StateChange = Partial<
  Pick<PaymentRow, 'reason' | 'providerRef' | 'redirectUrl' | 'nextCheckAt' | 'settledAt'>
> & { status: PaymentState; updatedAt: Date };

/**
 * Moves the payment from `from` to the change's status, only if it is still in `from` (P10): of two
 * writers racing, the second finds nothing to update. Returns the row after, or undefined.
 */
export async function moveState(
  db: DbOrTx,
  id: string,
  from: PaymentState,
  change: StateChange,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set(change)
    .where(and(eq(payments.id, id), eq(payments.status, from)))
    .returning();
  return row;
}

/** The provider's order number, learnt late (an init that timed out, then a callback): only if unknown. */
export async function setProviderRef(db: DbOrTx, id: string, providerRef: string): Promise<void> {
  await db
    .update(payments)
    .set({ providerRef })
    .where(and(eq(payments.id, id), isNull(payments.providerRef)));
}

/** The card's hosted page, for a payment whose init answer came after its settlement began. */
export async function setRedirectUrl(db: DbOrTx, id: string, redirectUrl: string): Promise<void> {
  await db.update(payments).set({ redirectUrl }).where(eq(payments.id, id));
}

/**
 * Takes the payment's check lease: one status check in flight per payment, across nodes. Refused
 * while another's lease runs, or when the last check is more recent than `checkedBefore` (if given).
 */
export async function takeCheckLease(
  db: DbOrTx,
  id: string,
  now: Date,
  leaseUntil: Date,
  checkedBefore: Date | null,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ checkLeaseUntil: leaseUntil, lastCheckedAt: now })
    .where(
      and(
        eq(payments.id, id),
        or(isNull(payments.checkLeaseUntil), lte(payments.checkLeaseUntil, now)),
        checkedBefore
          ? or(isNull(payments.lastCheckedAt), lte(payments.lastCheckedAt, checkedBefore))
          : undefined,
      ),
    )
    .returning();
  return row;
}

/** Gives the lease back, if it is still this one (one that outlived its time may be another's now). */
export async function releaseCheckLease(db: DbOrTx, id: string, leaseUntil: Date): Promise<void> {
  await db
    .update(payments)
    .set({ checkLeaseUntil: null })
    .where(and(eq(payments.id, id), eq(payments.checkLeaseUntil, leaseUntil)));
}

/**
 * Payments the sweeper is due to check (next_check_at passed, younger than `since`), locked so that
 * another node's sweeper skips them; the caller moves their next check in the same transaction.
 */
export function lockDuePayments(db: DbOrTx, now: Date, since: Date, limit: number) {
  return db
    .select({ id: payments.id, checkAttempts: payments.checkAttempts })
    .from(payments)
    .where(
      and(isNotNull(payments.nextCheckAt), lte(payments.nextCheckAt, now), gt(payments.createdAt, since)),
    )
    .orderBy(payments.nextCheckAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function scheduleCheck(db: DbOrTx, id: string, at: Date | null, attempts: number) {
  await db.update(payments).set({ nextCheckAt: at, checkAttempts: attempts }).where(eq(payments.id, id));
}

/** Stops checking payments older than `since` that never settled (P12's 48 hours). */
export async function stopCheckingBefore(db: DbOrTx, since: Date): Promise<void> {
  await db
    .update(payments)
    .set({ nextCheckAt: null })
    .where(and(isNotNull(payments.nextCheckAt), lte(payments.createdAt, since)));
}

/** Open payments created before `before`: EXPIRED to the member now, still checked (P12). */
export function expireOpenBefore(db: DbOrTx, before: Date, now: Date) {
  return db
    .update(payments)
    .set({ status: 'EXPIRED', reason: 'expired', updatedAt: now })
    .where(and(inArray(payments.status, OPEN_PAYMENT_STATES), lt(payments.createdAt, before)))
    .returning({ id: payments.id, userId: payments.userId });
}

/**
 * Payments still CREATED though stored before `before`: their init's process died before the
 * provider's answer was written (the call may have reached it). INIT_UNKNOWN from now, checked at once.
 */
export function abandonCreatedBefore(db: DbOrTx, before: Date, now: Date) {
  return db
    .update(payments)
    .set({ status: 'INIT_UNKNOWN', updatedAt: now, nextCheckAt: now })
    .where(and(eq(payments.status, 'CREATED'), lt(payments.createdAt, before)))
    .returning();
}

/**
 * Payments whose outcome no check can learn, created between `since` and `before`: the init never
 * answered and no callback brought the provider's order number (INIT_UNKNOWN, or EXPIRED since).
 */
export function listUnknownOutcomes(db: DbOrTx, since: Date, before: Date) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.status, ['INIT_UNKNOWN', 'EXPIRED']),
        isNull(payments.providerRef),
        gt(payments.createdAt, since),
        lt(payments.createdAt, before),
      ),
    )
    .orderBy(payments.createdAt);
}

/** A payment whose state calls for ledger entries or that has some: its state and its entries' kinds. */
export type PaymentEntries = {
  id: string;
  reference: string;
  status: PaymentState;
  /** FlexPay reported it paid when it went to REVIEW (its transition's alert): money was held in suspense. */
  reportedPaid: boolean;
  /** The last part of each of its entries' keys (`settled`, `refunded`, `review`...). */
  entries: string[];
};

/**
 * Every payment in a settled or review state, and every payment with a ledger entry, with the entries
 * it has (the daily check holds each to its state). The ledger's journal is read as its owner allows.
 */
export async function listPaymentEntries(db: DbOrTx): Promise<PaymentEntries[]> {
  const { rows } = await db.execute<PaymentEntries>(sql`
    SELECT p.id, p.reference, p.status,
           EXISTS (SELECT 1 FROM ${paymentEvents} v WHERE v.payment_id = p.id AND v.kind = 'alert'
                     AND v.body LIKE '{"alert":"paid_amount_differs","observed":{"kind":"SUCCESS"%') AS "reportedPaid",
           coalesce(array_agg(split_part(e.idempotency_key, ':', 3)) FILTER (WHERE e.id IS NOT NULL), '{}') AS entries
      FROM ${payments} p
      LEFT JOIN ${journalEntries} e ON e.source_kind = 'payment' AND e.source_id = p.id
     WHERE p.status IN ('SUCCESS', 'REFUND_PENDING', 'REFUNDED', 'REVIEW') OR e.id IS NOT NULL
     GROUP BY p.id`);
  return rows;
}

/** Payments under review (REVIEW), oldest first: an operator decides each. */
export function listInReview(db: DbOrTx) {
  return db.select().from(payments).where(eq(payments.status, 'REVIEW')).orderBy(payments.createdAt);
}

/**
 * Payments the daily check compares with the provider (P22): created since `since`, with an order
 * number, settled to us: SUCCESS, FAILED, CANCELLED, REFUNDED, and EXPIRED ones created before
 * `expiredBefore` (the sweeper has stopped checking them).
 */
export function listSettledSince(db: DbOrTx, since: Date, expiredBefore: Date) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        gt(payments.createdAt, since),
        isNotNull(payments.providerRef),
        or(
          inArray(payments.status, ['SUCCESS', 'FAILED', 'CANCELLED', 'REFUNDED']),
          and(eq(payments.status, 'EXPIRED'), lte(payments.createdAt, expiredBefore)),
        ),
      ),
    )
    .orderBy(payments.createdAt);
}

export type NewPaymentEvent = Pick<
  typeof paymentEvents.$inferInsert,
  'paymentId' | 'kind' | 'httpStatus' | 'latencyMs' | 'body' | 'dedupeKey' | 'createdAt'
>;

/** Appends to the audit trail (P21); false when an event of the same dedupe key is there already. */
export async function insertPaymentEvent(db: DbOrTx, event: NewPaymentEvent): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing({ target: paymentEvents.dedupeKey })
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

export function listPaymentEvents(db: DbOrTx, paymentId: string) {
  return db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, paymentId))
    .orderBy(paymentEvents.createdAt);
}
