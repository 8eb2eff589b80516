import type { WithdrawalProofRow } from '../../../db/schema.ts';
import { memberAccount, postEntry } from '../../money/ledger/ledger.service.ts';
import type { OperationKind } from '../../money/operations/operation-kind.ts';
import { operationRows } from '../../money/operations/operation-reconciler.service.ts';
import type { ProviderStatus } from '../../money/providers/payment-provider.ts';
import { checkAtProvider } from './provider-check.ts';
import { afterCheck, backoffMs, FINAL_OPERATION_STATES } from './withdrawal-rules.ts';
import type { WithdrawalsDeps } from './withdrawals-deps.ts';
import * as repo from './withdrawals.repository.ts';

type Move = { status: WithdrawalProofRow['status'] };

/** A proof's push waits for its holder a while (PAYMENTS.md Q5); checked for a day, then retried by the member. */
const PROOF_CHECK_FOR_MS = 24 * 3_600_000;

/**
 * A withdrawal number's proof as an operation the money reconciler drives: a SUCCESS from that
 * number proves it (the account proven, its cooldown set) and credits the small amount back to the
 * member's available balance (Dr clearing / Cr aff_available); a failure leaves the number unproven.
 */
export function proofOperation(
  deps: WithdrawalsDeps,
): OperationKind<WithdrawalProofRow, ProviderStatus, Move> {
  return {
    name: 'withdrawal proof',
    ...operationRows<WithdrawalProofRow>(repo.proofTable),
    isFinal: (row) => FINAL_OPERATION_STATES.includes(row.status),
    check: checkAtProvider(deps),
    async recordExchange(tx, row, exchange, at) {
      await repo.insertEvent(tx, {
        proofId: row.id,
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
      const moved = await repo.moveProof(tx, row.id, row.status, {
        status: move.status,
        reason: move.reason,
        nextCheckAt: null,
        updatedAt: at,
      });
      if (!moved) throw new Error(`proof ${row.id} moved under its lock`);
      if (move.status === 'SUCCESS') {
        await repo.markProven(tx, row.id, at, deps.cooldownMs);
        await postEntry(tx, {
          key: `withdrawal_proof:${row.id}:credited`,
          kind: 'proof_credited',
          source: { kind: 'withdrawal_proof', id: row.id },
          description: `Withdrawal number's proof ${row.reference} credited back`,
          lines: [
            { account: 'platform:flexpay_clearing', amount: row.amountMinor, currency: row.currency },
            {
              account: memberAccount(row.userId, 'aff_available'),
              amount: -row.amountMinor,
              currency: row.currency,
            },
          ],
        });
      }
      await repo.insertEvent(tx, {
        proofId: row.id,
        kind: 'transition',
        httpStatus: null,
        latencyMs: null,
        body: JSON.stringify({ from: row.status, to: move.status }),
        createdAt: at,
      });
      return { row: moved, move };
    },
    announce: async () => {},
    backoffMs,
    checkForMs: PROOF_CHECK_FOR_MS,
  };
}
