import { BILLING_PAGE_SIZE } from '@motema/shared/billing';
import type { DbOrTx } from '../../../db/client.ts';
import type { UserSubscriptionRow } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import { clock } from '../../../lib/clock.ts';
import { findPlan, type Plan } from '../plans/plans.service.ts';
import * as repo from './passes.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type Pass = UserSubscriptionRow;
export type PassWithPlan = repo.PassWithPlan;

/**
 * Grants the pass a settled payment bought, in the payments core's transaction (`tx`): exactly once
 * per payment (a second call, a concurrent one included, finds the first pass: `created` false, P11).
 * Prepaid passes follow one another (decision 0026): the new one starts when the member's last
 * unrevoked pass ends, or at `at` when none runs later, and lasts the plan's days.
 */
export async function grantPass(
  tx: DbOrTx,
  grant: { paymentId: string; userId: string; planId: string; at: Date },
): Promise<{ pass: Pass; created: boolean }> {
  // Under the member's lock: a grant of the same payment committed meanwhile is seen below.
  await repo.lockMemberPasses(tx, grant.userId);
  const granted = await repo.findPassByPayment(tx, grant.paymentId);
  if (granted) return { pass: granted, created: false };
  const plan = await findPlan(tx, grant.planId);
  if (!plan) throw new Error(`grantPass: no plan ${grant.planId}`);
  const last = await repo.lastPassEnd(tx, grant.userId);
  const startsAt = last && last > grant.at ? last : grant.at;
  const inserted = await repo.insertPass(tx, {
    userId: grant.userId,
    planId: plan.id,
    paymentId: grant.paymentId,
    startsAt,
    endsAt: new Date(startsAt.getTime() + plan.days * DAY_MS),
    createdAt: grant.at,
  });
  if (inserted) return { pass: inserted, created: true };
  // Granted meanwhile for another member (a caller's bug the unique payment id still stops): its pass.
  const raced = await repo.findPassByPayment(tx, grant.paymentId);
  if (!raced) throw new Error(`grantPass: payment ${grant.paymentId} neither granted nor granting`);
  return { pass: raced, created: false };
}

/**
 * A refund (P18), in the payments core's transaction: the pass the payment granted ends at `at`
 * (at its start if it had not begun), and the member's later passes move earlier by the days it no
 * longer takes, so no other paid day is lost. Undefined when the payment granted nothing; a pass
 * already revoked is returned as it is.
 */
export async function revokePass(
  tx: DbOrTx,
  revoke: { paymentId: string; at: Date },
): Promise<Pass | undefined> {
  const found = await repo.findPassByPayment(tx, revoke.paymentId);
  if (!found) return undefined;
  // A deleted member's pass (no member any more) is still revoked: it stays beside its payment.
  if (found.userId) await repo.lockMemberPasses(tx, found.userId);
  const pass = await repo.findPassByPayment(tx, revoke.paymentId);
  if (!pass || pass.revokedAt) return pass;
  const revoked = await repo.markRevoked(tx, pass.id, revoke.at);
  const freedMs = pass.endsAt.getTime() - Math.max(revoke.at.getTime(), pass.startsAt.getTime());
  if (pass.userId && freedMs > 0) await repo.movePassesEarlier(tx, pass.userId, pass.endsAt, freedMs);
  return revoked;
}

/**
 * The member's entitlement at `at`: the plan of the pass running then (not revoked; a cancelled one
 * until its end, decision 0026), or undefined.
 */
export function activePlan(db: DbOrTx, userId: string, at: Date): Promise<Plan | undefined> {
  return repo.runningPlan(db, userId, at);
}

/** The member's passes with their plans, by creation (`+createdAt`: oldest first). */
export async function listPasses(
  db: DbOrTx,
  userId: string,
  query: { sort: '+createdAt' | '-createdAt'; skip: number; limit?: number | undefined },
): Promise<{ passes: PassWithPlan[]; count: number }> {
  const page = {
    order: query.sort === '-createdAt' ? ('desc' as const) : ('asc' as const),
    skip: query.skip,
    limit: query.limit ?? BILLING_PAGE_SIZE,
  };
  const [passes, count] = await Promise.all([
    repo.listPassRows(db, userId, page),
    repo.countPasses(db, userId),
  ]);
  return { passes, count };
}

export const passNotFound = () => new AppError(404, 'not_found');

/**
 * Cancels one of the member's passes (decision 0026): it is marked, and runs to its end all the
 * same, since it was paid for and nothing renews. Idempotent; 404 for a pass that is not theirs.
 */
export async function cancelPass(db: DbOrTx, userId: string, id: string): Promise<PassWithPlan> {
  if (!(await repo.findOwnPass(db, userId, id))) throw passNotFound();
  await repo.markCanceled(db, userId, id, clock.now());
  const canceled = await repo.findOwnPass(db, userId, id);
  if (!canceled) throw passNotFound();
  return canceled;
}
