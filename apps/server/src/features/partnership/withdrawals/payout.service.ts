import { clock } from '../../../lib/clock.ts';
import {
  reconcileOperation,
  sweepDueOperations,
} from '../../money/operations/operation-reconciler.service.ts';
import type { InitOutcome, ProviderExchange } from '../../money/providers/payment-provider.ts';
import { payoutOperation, settleWithdrawal } from './payout-operation.ts';
import { proofOperation } from './proof-operation.ts';
import { afterInit, backoffMs, INIT_BUDGET_MS } from './withdrawal-rules.ts';
import type { WithdrawalsDeps } from './withdrawals-deps.ts';
import type { PayoutJob } from './withdrawals.service.ts';
import * as repo from './withdrawals.repository.ts';

/**
 * The payout job: FlexPay's payout, outside any transaction, for a withdrawal still CREATED; its
 * outcome recorded. Accepted: checked from now on by the reconciler. Refused: the reservation
 * released. Unknown (a timeout, an HTML page): the money may have gone, and without an order number
 * nothing can be checked: it stays UNKNOWN, PENDING to the member, until an operator decides (P19).
 * A job run twice finds the row moved and sends nothing: never two payouts for one withdrawal.
 */
export async function runPayout(deps: WithdrawalsDeps, { withdrawalId, origin }: PayoutJob): Promise<void> {
  const claimed = await repo.moveWithdrawal(deps.db, withdrawalId, 'CREATED', {
    status: 'UNKNOWN',
    updatedAt: clock.now(),
  });
  // Taken to UNKNOWN before the call: a crash during it leaves what an operator must look at, never a resend.
  if (!claimed) return;
  const exchanges: ProviderExchange[] = [];
  let outcome: InitOutcome;
  try {
    outcome = await deps.provider.initPayout(
      {
        reference: claimed.reference,
        payee: claimed.phone,
        amount: { minor: claimed.amountMinor, currency: claimed.currency },
        callbackUrl: `${origin}/api/withdrawals/callback/flexpay`,
      },
      { signal: AbortSignal.timeout(INIT_BUDGET_MS), onExchange: (exchange) => exchanges.push(exchange) },
    );
  } catch (error) {
    outcome = { kind: 'UNKNOWN', error: error instanceof Error ? error.message : String(error) };
  }
  const now = clock.now();
  for (const exchange of exchanges) {
    await repo.insertEvent(deps.db, {
      withdrawalId,
      kind: 'payout',
      httpStatus: exchange.httpStatus,
      latencyMs: Math.round(exchange.latencyMs),
      body: exchange.body,
      createdAt: now,
    });
  }
  const move = afterInit(outcome);
  // The outcome as concluded, beside the exchanges (a timeout has none): what an operator reads first.
  await repo.insertEvent(deps.db, {
    withdrawalId,
    kind: 'payout_outcome',
    httpStatus: null,
    latencyMs: null,
    body: JSON.stringify(outcome.kind === 'REJECTED' ? outcome : { kind: outcome.kind }),
    createdAt: now,
  });
  if (move.status === 'PENDING' && outcome.kind === 'ACCEPTED') {
    await repo.moveWithdrawal(deps.db, withdrawalId, 'UNKNOWN', {
      status: 'PENDING',
      providerRef: outcome.providerRef,
      nextCheckAt: new Date(now.getTime() + backoffMs(1)),
      updatedAt: now,
    });
  } else if (move.status === 'FAILED') {
    const failed = await deps.db.transaction(async (tx) => {
      const row = await repo.lockWithdrawal(tx, withdrawalId);
      return row?.status === 'UNKNOWN' ? settleWithdrawal(tx, row, move, now) : undefined;
    });
    if (failed) await deps.notifySettled(failed);
  } else {
    deps.alert("a payout's outcome is unknown: resolve it with npm run partners -- payouts-unknown", {
      withdrawalId,
    });
  }
}

/** A withdrawal's payout checked now (the member's screen polls GET /api/withdrawals/:id). */
export function checkPayout(deps: WithdrawalsDeps, withdrawalId: string, minIntervalMs = 5_000) {
  return reconcileOperation(deps.db, payoutOperation(deps), withdrawalId, { minIntervalMs, budgetMs: 3_000 });
}

/** The sweep of proofs and payouts due a check (their back-off), as payments' sweeper does for payments. */
export async function sweepWithdrawals(deps: WithdrawalsDeps) {
  const limits = { batch: 100, concurrency: 4 };
  const proofs = await sweepDueOperations(deps.db, proofOperation(deps), limits);
  const payouts = await sweepDueOperations(deps.db, payoutOperation(deps), limits);
  return { proofs: proofs.length, payouts: payouts.length };
}
