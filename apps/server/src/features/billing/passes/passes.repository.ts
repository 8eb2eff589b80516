import { and, asc, count, desc, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  subscriptionPlans,
  userSubscriptions,
  type SubscriptionPlanRow,
  type UserSubscriptionRow,
} from '../../../db/schema.ts';
import { planRankOrderSql } from '../plans/plan-rank.ts';

/** Any fixed number: the first key of the advisory locks that queue one member's grants and refunds. */
const PASSES_LOCK_CLASS = 74_160_515;

/**
 * Serialises, to the end of the transaction, what moves one member's passes (grants, refunds): two
 * payments settling together would otherwise both read the same last end and overlap their days.
 * A lock of the member's own, not of a row: the member may have no pass yet.
 */
export async function lockMemberPasses(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${PASSES_LOCK_CLASS}, hashtext(${userId}))`);
}

/**
 * The latest moment a grant or a refund of the member's passes took effect at (their `created_at`
 * and `revoked_at`), or undefined when they have none.
 */
export async function lastMoveAt(tx: DbOrTx, userId: string): Promise<Date | undefined> {
  const [row] = await tx
    .select({
      at: sql<Date | null>`GREATEST(MAX(${userSubscriptions.createdAt}), MAX(${userSubscriptions.revokedAt}))`.mapWith(
        (value: string | Date | null) => (value === null ? null : new Date(value)),
      ),
    })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId));
  return row?.at ?? undefined;
}

export async function findPassByPayment(
  db: DbOrTx,
  paymentId: string,
): Promise<UserSubscriptionRow | undefined> {
  const [row] = await db.select().from(userSubscriptions).where(eq(userSubscriptions.paymentId, paymentId));
  return row;
}

/**
 * The member's unrevoked passes still running after `after` (ending later), with their plans, by
 * start: the ones a grant or a refund may move, by the index (user, end).
 */
export async function livePasses(db: DbOrTx, userId: string, after: Date): Promise<PassWithPlan[]> {
  return db
    .select({ pass: userSubscriptions, plan: subscriptionPlans })
    .from(userSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        isNull(userSubscriptions.revokedAt),
        gt(userSubscriptions.endsAt, after),
      ),
    )
    .orderBy(asc(userSubscriptions.startsAt), asc(userSubscriptions.id));
}

export type NewPass = {
  userId: string;
  planId: string;
  paymentId: string;
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
};

/** Stores a pass unless its payment already has one (undefined then: the unique payment id, P11). */
export async function insertPass(tx: DbOrTx, pass: NewPass): Promise<UserSubscriptionRow | undefined> {
  const [row] = await tx
    .insert(userSubscriptions)
    .values(pass)
    .onConflictDoNothing({ target: userSubscriptions.paymentId })
    .returning();
  return row;
}

/** Marks a pass revoked at `at`, ending it there if it ran later (`startsAt` at the latest). */
export async function markRevoked(
  tx: DbOrTx,
  id: string,
  at: Date,
): Promise<UserSubscriptionRow | undefined> {
  const [row] = await tx
    .update(userSubscriptions)
    .set({
      revokedAt: at,
      endsAt: sql`GREATEST(${userSubscriptions.startsAt}, LEAST(${userSubscriptions.endsAt}, ${at}::timestamptz))`,
    })
    .where(and(eq(userSubscriptions.id, id), isNull(userSubscriptions.revokedAt)))
    .returning();
  return row;
}

const interval = (ms: number) => sql`make_interval(secs => ${ms / 1000}::float8)`;

/**
 * Moves the member's other unrevoked passes still running after `from` by `ms` (signed), except
 * `exceptId`: one begun before `from` only ends `ms` later (its start stays true), one starting at
 * or after `from` starts and ends `ms` later. Positive when a pass that takes `ms` starts at `from`
 * and the others give way to it (decision 0026, amended: their days left resume after it); negative
 * to undo that for a refunded pass that used to end at `from` and gave back `ms` of its own.
 */
export async function shiftPasses(
  tx: DbOrTx,
  move: { userId: string; from: Date; ms: number; exceptId: string },
): Promise<void> {
  const shift = interval(move.ms);
  await tx
    .update(userSubscriptions)
    .set({
      startsAt: sql`CASE WHEN ${userSubscriptions.startsAt} >= ${move.from}::timestamptz
        THEN ${userSubscriptions.startsAt} + ${shift} ELSE ${userSubscriptions.startsAt} END`,
      endsAt: sql`${userSubscriptions.endsAt} + ${shift}`,
    })
    .where(
      and(
        eq(userSubscriptions.userId, move.userId),
        isNull(userSubscriptions.revokedAt),
        gt(userSubscriptions.endsAt, move.from),
        ne(userSubscriptions.id, move.exceptId),
      ),
    );
}

export type PassWithPlan = { pass: UserSubscriptionRow; plan: SubscriptionPlanRow };

/** A page of the member's passes with their plans, by creation. */
export async function listPassRows(
  db: DbOrTx,
  userId: string,
  page: { order: 'asc' | 'desc'; skip: number; limit: number },
): Promise<PassWithPlan[]> {
  const by = page.order === 'asc' ? asc : desc;
  return db
    .select({ pass: userSubscriptions, plan: subscriptionPlans })
    .from(userSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
    .where(eq(userSubscriptions.userId, userId))
    .orderBy(by(userSubscriptions.createdAt), by(userSubscriptions.id))
    .offset(page.skip)
    .limit(page.limit);
}

export async function countPasses(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId));
  return row?.n ?? 0;
}

/** The member's own pass with its plan; undefined for anyone else's (the caller answers 404). */
export async function findOwnPass(db: DbOrTx, userId: string, id: string): Promise<PassWithPlan | undefined> {
  const [row] = await db
    .select({ pass: userSubscriptions, plan: subscriptionPlans })
    .from(userSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
    .where(and(eq(userSubscriptions.id, id), eq(userSubscriptions.userId, userId)));
  return row;
}

/** Sets `canceled_at` once (a second cancel keeps the first date). */
export async function markCanceled(db: DbOrTx, userId: string, id: string, at: Date): Promise<void> {
  await db
    .update(userSubscriptions)
    .set({ canceledAt: at })
    .where(
      and(
        eq(userSubscriptions.id, id),
        eq(userSubscriptions.userId, userId),
        isNull(userSubscriptions.canceledAt),
      ),
    );
}

/**
 * The best plan (plan-rank.ts) among the member's unrevoked passes covering `at`, if any; by the
 * index (user, end). Windows overlap where a better pass runs inside a weaker one it lengthened.
 */
export async function bestPlanAt(
  db: DbOrTx,
  userId: string,
  at: Date,
): Promise<SubscriptionPlanRow | undefined> {
  const [row] = await db
    .select({ plan: subscriptionPlans })
    .from(userSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        isNull(userSubscriptions.revokedAt),
        lte(userSubscriptions.startsAt, at),
        gt(userSubscriptions.endsAt, at),
      ),
    )
    .orderBy(sql.raw(planRankOrderSql('"subscription_plans"')))
    .limit(1);
  return row?.plan;
}
