import { normalisePayerPhone } from '@motema/shared/billing';
import type { DbOrTx } from '../../../db/client.ts';
import type { WithdrawalAccountRow, WithdrawalProofRow } from '../../../db/schema.ts';
import { AppError, fieldIssue, invalidFields } from '../../../lib/app-error.ts';
import { clock } from '../../../lib/clock.ts';
import { refuseOverLimit, type RateLimiter } from '../../../lib/rate-limiter.ts';
import { requirePassword } from '../../auth/member-security.service.ts';
import { reconcileOperation } from '../../money/operations/operation-reconciler.service.ts';
import type { InitOutcome, ProviderExchange } from '../../money/providers/payment-provider.ts';
import { proofOperation } from './proof-operation.ts';
import { afterInit, backoffMs, INIT_BUDGET_MS } from './withdrawal-rules.ts';
import type { WithdrawalsDeps } from './withdrawals-deps.ts';
import { newReference } from './withdrawal-reference.ts';
import { findPartnership } from '../partnership.repository.ts';
import * as repo from './withdrawals.repository.ts';

const HOUR = 3_600_000;
/** Proofs a member may start in an hour (a new number or a retry): each is a push to a phone. */
const PROOFS_PER_HOUR = 5;
/** A member's Verify asks FlexPay at most this often. */
const VERIFY_EVERY_MS = 3_000;

export type WithdrawalAccountView = { account: WithdrawalAccountRow; proof: WithdrawalProofRow };
export type ProofDeps = WithdrawalsDeps & {
  limiter: RateLimiter;
  /** Tells the member by mail that their proven number was replaced by `phone`. */
  mailNumberChanged: (userId: string, phone: string) => Promise<void>;
};

/**
 * PUT /api/partnership/withdrawal-account: the password (S5), then the number, normalised, pushed a
 * small collection that only its holder can approve (P20). A change of a proven number is mailed to
 * the member and opens to withdrawals only after the cooldown. The account row is locked meanwhile:
 * a withdrawal asked at the same time waits for it and then finds the new number unproven (M7).
 */
export async function setWithdrawalAccount(
  deps: ProofDeps,
  userId: string,
  input: { phone: string; password: string },
): Promise<WithdrawalAccountView> {
  if (!(await findPartnership(deps.db, userId))) throw new AppError(403, 'partnership_required');
  await requirePassword(deps.db, userId, input.password, 'password');
  const phone = normalisePayerPhone(input.phone);
  if (!phone) throw invalidFields(fieldIssue('phone', 'phone_invalid'));
  // The proven number given again: nothing to prove, no cooldown to start.
  const known = await withdrawalAccountOf(deps, userId);
  if (known?.account.provenAt && known.account.phone === phone) return known;
  const { proof, replacedProven } = await deps.db.transaction(async (tx) => {
    await refuseOverLimit(deps.limiter, `withdrawal-proofs:${userId}`, PROOFS_PER_HOUR, HOUR);
    const current = await repo.lockAccount(tx, userId);
    const proof = await newProof(deps, tx, userId, phone);
    // The cooldown is for a change: a first number, or one never proven, waits for nothing more.
    const changed = Boolean(current && (current.changed || current.provenAt));
    await repo.saveAccount(tx, { userId, phone, proofId: proof.id, changed, updatedAt: proof.createdAt });
    return { proof, replacedProven: Boolean(current?.provenAt) };
  });
  if (replacedProven) await deps.mailNumberChanged(userId, phone);
  return { account: (await repo.findAccount(deps.db, userId))!, proof: await pushProof(deps, proof) };
}

/** POST .../retry: a new collection to the same number (a declined or expired one cannot be approved again). */
export async function retryProof(deps: ProofDeps, userId: string): Promise<WithdrawalAccountView> {
  const proof = await deps.db.transaction(async (tx) => {
    const current = await repo.lockAccount(tx, userId);
    if (!current) return undefined;
    if (current.provenAt) return null;
    await refuseOverLimit(deps.limiter, `withdrawal-proofs:${userId}`, PROOFS_PER_HOUR, HOUR);
    const proof = await newProof(deps, tx, userId, current.phone);
    await repo.saveAccount(tx, { ...current, proofId: proof.id, updatedAt: proof.createdAt });
    return proof;
  });
  if (proof === undefined) return notFound();
  if (proof) await pushProof(deps, proof);
  return (await withdrawalAccountOf(deps, userId)) ?? notFound();
}

/** POST .../verify: the proof checked now (single-flight: one check at a time, at most every 3 s). */
export async function verifyProof(deps: WithdrawalsDeps, userId: string): Promise<WithdrawalAccountView> {
  const view = (await withdrawalAccountOf(deps, userId)) ?? notFound();
  await reconcileOperation(deps.db, proofOperation(deps), view.proof.id, {
    minIntervalMs: VERIFY_EVERY_MS,
    budgetMs: 5_000,
  });
  return (await withdrawalAccountOf(deps, userId)) ?? notFound();
}

export async function withdrawalAccountOf(
  deps: { db: DbOrTx },
  userId: string,
): Promise<WithdrawalAccountView | undefined> {
  const account = await repo.findAccount(deps.db, userId);
  if (!account) return undefined;
  return { account, proof: (await repo.findProof(deps.db, account.proofId))! };
}

/** Verify or retry before any number was given: there is nothing to prove. */
function notFound(): never {
  throw new AppError(404, 'not_found');
}

async function newProof(
  deps: WithdrawalsDeps,
  tx: Parameters<typeof repo.insertProof>[0],
  userId: string,
  phone: string,
) {
  return repo.insertProof(tx, {
    userId,
    phone,
    reference: newReference(),
    amountMinor: deps.proof.minor,
    currency: deps.proof.currency,
    createdAt: clock.now(),
  });
}

/** The collection, outside any transaction; its outcome recorded and its checks scheduled. */
async function pushProof(deps: WithdrawalsDeps, proof: WithdrawalProofRow): Promise<WithdrawalProofRow> {
  const exchanges: ProviderExchange[] = [];
  let outcome: InitOutcome;
  try {
    outcome = await deps.provider.initCollection(
      {
        reference: proof.reference,
        method: 'mobile_money',
        payer: proof.phone,
        amount: { minor: proof.amountMinor, currency: proof.currency },
        description: `Motema withdrawal number ${proof.reference}`,
        callbackUrl: `${deps.origin()}/api/withdrawals/callback/flexpay`,
      },
      { signal: AbortSignal.timeout(INIT_BUDGET_MS), onExchange: (exchange) => exchanges.push(exchange) },
    );
  } catch (error) {
    outcome = { kind: 'UNKNOWN', error: error instanceof Error ? error.message : String(error) };
  }
  const now = clock.now();
  for (const exchange of exchanges) {
    await repo.insertEvent(deps.db, {
      proofId: proof.id,
      kind: 'init',
      httpStatus: exchange.httpStatus,
      latencyMs: Math.round(exchange.latencyMs),
      body: exchange.body,
      createdAt: now,
    });
  }
  const move = afterInit(outcome);
  const moved = await repo.moveProof(deps.db, proof.id, 'CREATED', {
    status: move.status,
    reason: move.reason,
    ...(outcome.kind === 'ACCEPTED' && { providerRef: outcome.providerRef }),
    nextCheckAt: move.status === 'PENDING' ? new Date(now.getTime() + backoffMs(1)) : null,
    updatedAt: now,
  });
  return moved ?? proof;
}
