import { BILLING_PAGE_SIZE, comparePlans } from '@motema/shared/billing';
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
 * It lasts the plan's days and starts at the first moment from `at` when the member's best plan
 * (plan-rank.ts) ranks below it (decision 0026, amended): at once when it is better than what covers
 * `at`, so the member reaches at once whom they paid to reach; otherwise when the passes as good as
 * it end, which is when the last one ends unless weaker passes wait there. The member's passes
 * running across that start are lengthened by its days and those starting later move by them, so
 * every paid day is still had.
 */
export async function grantPass(
  tx: DbOrTx,
  grant: { paymentId: string; userId: string; planId: string; at: Date },
): Promise<{ pass: Pass; created: boolean }> {
  // Under the member's lock: a grant of the same payment committed meanwhile is seen below, and the
  // passes read here stay as read until this transaction ends.
  await repo.lockMemberPasses(tx, grant.userId);
  const granted = await repo.findPassByPayment(tx, grant.paymentId);
  if (granted) return { pass: granted, created: false };
  const plan = await findPlan(tx, grant.planId);
  if (!plan) throw new Error(`grantPass: no plan ${grant.planId}`);
  const at = await inTurn(tx, grant.userId, grant.at);
  const live = await repo.livePasses(tx, grant.userId, at);
  const startsAt = new Date(firstBelow(live, plan, at.getTime()));
  const ms = plan.days * DAY_MS;
  const inserted = await repo.insertPass(tx, {
    userId: grant.userId,
    planId: plan.id,
    paymentId: grant.paymentId,
    startsAt,
    endsAt: new Date(startsAt.getTime() + ms),
    createdAt: at,
  });
  if (inserted) {
    if (live.some(({ pass }) => pass.endsAt > startsAt)) {
      await repo.shiftPasses(tx, { userId: grant.userId, from: startsAt, ms, exceptId: inserted.id });
    }
    return { pass: inserted, created: true };
  }
  // Granted meanwhile for another member (a caller's bug the unique payment id still stops): its pass.
  const raced = await repo.findPassByPayment(tx, grant.paymentId);
  if (!raced) throw new Error(`grantPass: payment ${grant.paymentId} neither granted nor granting`);
  return { pass: raced, created: false };
}

/**
 * When a grant or a refund of the member's passes takes effect, under the member's lock: at `at`, or
 * at the last one's moment if that was later. Two nodes' clocks, or a payment that waited for the
 * lock, bring moments out of order by a few milliseconds; the rules of decision 0026 (a pass given
 * way to runs across the new one, one queued starts after it) hold only for moves taken in turn.
 */
async function inTurn(tx: DbOrTx, userId: string, at: Date): Promise<Date> {
  const last = await repo.lastMoveAt(tx, userId);
  return last && last > at ? last : at;
}

/** The best plan among the passes covering `at` (the entitlement then). */
function bestCovering(passes: PassWithPlan[], at: number): Plan | undefined {
  return passes
    .filter(({ pass }) => pass.startsAt.getTime() <= at && pass.endsAt.getTime() > at)
    .map(({ plan }) => plan)
    .reduce<Plan | undefined>(
      (best, plan) => (!best || comparePlans(plan, best) > 0 ? plan : best),
      undefined,
    );
}

/**
 * The first moment from `at` when the best plan covering it ranks below `plan` (none covering does):
 * the entitlement changes only where a pass starts or ends, so those are the moments to try.
 */
function firstBelow(live: PassWithPlan[], plan: Plan, at: number): number {
  const moments = [at, ...live.flatMap(({ pass }) => [pass.startsAt.getTime(), pass.endsAt.getTime()])]
    .filter((moment) => moment >= at)
    .sort((x, y) => x - y);
  for (const moment of moments) {
    const best = bestCovering(live, moment);
    if (!best || comparePlans(plan, best) > 0) return moment;
  }
  // The last end is covered by nothing: the loop returns there at the latest.
  throw new Error('grantPass: no moment without a pass');
}

/**
 * How long of [from, end) is a pass's own: not covered by the passes inside its window (better ones
 * that started while it ran, and made it longer by their days).
 */
function ownMs(pass: Pass, inside: Pass[], from: number): number {
  const end = pass.endsAt.getTime();
  const spans = inside
    .map((other): [number, number] => [
      Math.max(other.startsAt.getTime(), from),
      Math.min(other.endsAt.getTime(), end),
    ])
    .filter(([start, stop]) => start < stop)
    .sort((x, y) => x[0] - y[0]);
  // Their union's length (they nest or follow one another, but a union needs no such promise).
  let covered = 0;
  let reach = from;
  for (const [start, stop] of spans) {
    if (stop <= reach) continue;
    covered += stop - Math.max(start, reach);
    reach = stop;
  }
  return end - from - covered;
}

/**
 * A refund (P18), in the payments core's transaction: the pass the payment granted ends at `at` (at
 * its start if it had not begun), and gives back the days it still owned: the member's passes that
 * gave way to it (decision 0026, amended: lengthened while it ran, or queued after it) move back by
 * them, so no other paid day is lost. Days inside its window that better passes took stay theirs.
 * Undefined when the payment granted nothing; a pass already revoked is returned as it is.
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
  const at = pass.userId ? await inTurn(tx, pass.userId, revoke.at) : revoke.at;
  const revoked = await repo.markRevoked(tx, pass.id, at);
  const from = Math.max(at.getTime(), pass.startsAt.getTime());
  if (!pass.userId || pass.endsAt.getTime() <= from) return revoked;
  const live = await repo.livePasses(tx, pass.userId, new Date(from));
  const inside = live
    .map((row) => row.pass)
    .filter(
      (other) => other.id !== pass.id && other.startsAt >= pass.startsAt && other.endsAt <= pass.endsAt,
    );
  const freedMs = ownMs(pass, inside, from);
  if (freedMs > 0) {
    await repo.shiftPasses(tx, { userId: pass.userId, from: pass.endsAt, ms: -freedMs, exceptId: pass.id });
  }
  return revoked;
}

/**
 * The member's entitlement at `at`: the best plan (plan-rank.ts) among the passes covering it, not
 * revoked (a cancelled one until its end, decision 0026), or undefined. The paywall's SQL
 * (paywall.policy.ts) reads the same.
 */
export function activePlan(db: DbOrTx, userId: string, at: Date): Promise<Plan | undefined> {
  return repo.bestPlanAt(db, userId, at);
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
