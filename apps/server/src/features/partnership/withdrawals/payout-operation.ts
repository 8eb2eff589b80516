import type { WithdrawalRow } from '../../../db/schema.ts';
import type { Tx } from '../../../db/client.ts';
import { memberAccount, postEntry, reverseEntry } from '../../money/ledger/ledger.service.ts';
import type { OperationKind } from '../../money/operations/operation-kind.ts';
import { operationRows } from '../../money/operations/operation-reconciler.service.ts';
import type { ProviderStatus } from '../../money/providers/payment-provider.ts';
import { checkAtProvider } from './provider-check.ts';
import { afterCheck, backoffMs, CHECK_FOR_MS, FINAL_OPERATION_STATES } from './withdrawal-rules.ts';
import type { WithdrawalsDeps } from './withdrawals-deps.ts';
import * as repo from './withdrawals.repository.ts';

type Move = { status: WithdrawalRow['status'] };

/** The ledger keys of a withdrawal: its reservation, its payment, its release. */
export const reservedKey = (id: string) => `withdrawal:${id}:reserved`;
const paidKey = (id: string) => `withdrawal:${id}:paid`;
const releasedKey = (id: string) => `withdrawal:${id}:released`;

/**
 * A withdrawal's payout as an operation the money reconciler drives: checked at FlexPay by its order
 * number; SUCCESS books it paid (Dr in flight / Cr clearing), a definitive failure releases the
 * reservation (its reversal); nothing else moves it (P19).
 */
export function payoutOperation(deps: WithdrawalsDeps): OperationKind<WithdrawalRow, ProviderStatus, Move> {
  return {
    name: 'withdrawal',
    ...operationRows<WithdrawalRow>(repo.payoutTable),
    isFinal: (row) => FINAL_OPERATION_STATES.includes(row.status),
    check: checkAtProvider(deps),
    async recordExchange(tx, row, exchange, at) {
      await repo.insertEvent(tx, {
        withdrawalId: row.id,
        kind: 'check',
        httpStatus: exchange.httpStatus,
        latencyMs: Math.round(exchange.latencyMs),
        body: exchange.body,
        createdAt: at,
      });
    },
    async apply(tx, row, observed, at) {
      const move = afterCheck(row.status, observed, {
        reference: row.reference,
        minor: row.amountMinor,
        currency: row.currency,
      });
      if (!move) return null;
      const moved = await settleWithdrawal(tx, row, move, at);
      return { row: moved, move };
    },
    announce: (row) => deps.notifySettled(row),
    backoffMs,
    checkForMs: CHECK_FOR_MS,
  };
}

/**
 * Moves a withdrawal to SUCCESS or FAILED with its ledger entry, in the caller's transaction with the
 * row locked: the reconciler's check, or an operator's decision on an unknown outcome.
 */
export async function settleWithdrawal(
  tx: Tx,
  row: WithdrawalRow,
  move: { status: WithdrawalRow['status']; reason: string | null },
  at: Date,
): Promise<WithdrawalRow> {
  const moved = await repo.moveWithdrawal(tx, row.id, row.status, {
    status: move.status,
    reason: move.reason,
    updatedAt: at,
    nextCheckAt: null,
    ...(move.status === 'SUCCESS' && { settledAt: at }),
  });
  if (!moved) throw new Error(`withdrawal ${row.id} moved under its lock`);
  const source = { kind: 'payout' as const, id: row.id };
  if (move.status === 'SUCCESS') {
    await postEntry(tx, {
      key: paidKey(row.id),
      kind: 'withdrawal_paid',
      source,
      description: `Withdrawal ${row.reference} paid out`,
      lines: [
        {
          account: memberAccount(row.userId, 'aff_payout_in_flight'),
          amount: row.amountMinor,
          currency: row.currency,
        },
        { account: 'platform:flexpay_clearing', amount: -row.amountMinor, currency: row.currency },
      ],
    });
  } else {
    await reverseEntry(tx, { key: reservedKey(row.id), reversalKey: releasedKey(row.id), source });
  }
  await repo.insertEvent(tx, {
    withdrawalId: row.id,
    kind: 'transition',
    httpStatus: null,
    latencyMs: null,
    body: JSON.stringify({ from: row.status, to: move.status }),
    createdAt: at,
  });
  return moved;
}
