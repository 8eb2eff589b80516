import { withdrawalMinimum } from '@motema/shared/partnership';
import type { Currency } from '@motema/shared/billing';
import type { Tx } from '../../../db/client.ts';
import type { WithdrawalRow } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import { clock } from '../../../lib/clock.ts';
import { sha256 } from '../../../lib/tokens.ts';
import { balanceOf, LedgerError, memberAccount, postEntry } from '../../money/ledger/ledger.service.ts';
import { lockPartnership } from '../partnership.repository.ts';
import { reservedKey } from './payout-operation.ts';
import { operatorOf } from './withdrawal-rules.ts';
import type { WithdrawalsDeps } from './withdrawals-deps.ts';
import { newReference } from './withdrawal-reference.ts';
import * as repo from './withdrawals.repository.ts';

export const PAYOUT_QUEUE = 'partnership.payout';
/** `origin`: where FlexPay calls back, as the request that made the withdrawal knew it. */
export type PayoutJob = { withdrawalId: string; origin: string };

const DAY = 24 * 3_600_000;

export type WithdrawalRequest = {
  userId: string;
  idempotencyKey: string;
  amount: number;
  currency: Currency;
};

/**
 * POST /api/withdrawals (M7, P19), in ONE transaction: the partnership and the withdrawal account
 * locked (a commission's release, a refund and a change of number queue on them), every rule checked
 * under those locks, the withdrawal stored (the database allows one in flight), its amount reserved
 * in the ledger (Dr available / Cr in flight, the ledger's own lock on the balances refusing an
 * overdraft) and its payout job sent, all committed together. The same Idempotency-Key with the same
 * body answers the same withdrawal; with another body, 422. A refusal stores nothing.
 */
export async function requestWithdrawal(
  deps: WithdrawalsDeps,
  request: WithdrawalRequest,
): Promise<WithdrawalRow> {
  const fingerprint = sha256(JSON.stringify([request.amount, request.currency]));
  const known = await repo.findWithdrawalByKey(deps.db, request.userId, request.idempotencyKey);
  if (known) return sameRequest(known, fingerprint);
  try {
    const made = await deps.db.transaction(async (tx) => {
      if (!(await lockPartnership(tx, request.userId))) throw new AppError(403, 'partnership_required');
      const account = await repo.lockAccount(tx, request.userId);
      // A request with the same key that committed while this one waited for the locks.
      const raced = await repo.findWithdrawalByKey(tx, request.userId, request.idempotencyKey);
      if (raced) return raced;
      await checkRules(deps, tx, request, account);
      const withdrawal = await repo.insertWithdrawal(tx, {
        userId: request.userId,
        idempotencyKey: request.idempotencyKey,
        fingerprint,
        reference: newReference(),
        phone: account!.phone,
        amountMinor: request.amount,
        currency: request.currency,
        createdAt: clock.now(),
      });
      await reserve(tx, withdrawal);
      await deps.jobs.sendIn<PayoutJob>(tx, PAYOUT_QUEUE, {
        withdrawalId: withdrawal.id,
        origin: deps.origin(),
      });
      return withdrawal;
    });
    return sameRequest(made, fingerprint);
  } catch (error) {
    // The partial unique index: another withdrawal in flight, whatever the race.
    if (isUniqueViolation(error)) {
      const again = await repo.findWithdrawalByKey(deps.db, request.userId, request.idempotencyKey);
      if (again) return sameRequest(again, fingerprint);
      throw new AppError(409, 'withdrawal_in_flight');
    }
    throw error;
  }
}

/** PostgreSQL's unique_violation, as thrown by pg or wrapped by Drizzle. */
function isUniqueViolation(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505';
}

function sameRequest(withdrawal: WithdrawalRow, fingerprint: string): WithdrawalRow {
  if (withdrawal.fingerprint !== fingerprint) throw new AppError(422, 'idempotency_key_reused');
  return withdrawal;
}

/** M7's rules, under the transaction's locks; each refusal one of WITHDRAWAL_ERRORS. */
async function checkRules(
  deps: WithdrawalsDeps,
  tx: Tx,
  request: WithdrawalRequest,
  account: Awaited<ReturnType<typeof repo.lockAccount>>,
) {
  const now = clock.now();
  if (!account?.provenAt || !account.withdrawableFrom) throw new AppError(400, 'withdrawal_account_required');
  if (account.withdrawableFrom > now) {
    throw new AppError(403, 'withdrawal_cooldown', { until: account.withdrawableFrom.toISOString() });
  }
  if (request.amount < withdrawalMinimum(request.currency, deps.cdfMinimumMinor)) {
    throw new AppError(400, 'withdrawal_minimum');
  }
  if (await repo.findOpenWithdrawal(tx, request.userId)) throw new AppError(409, 'withdrawal_in_flight');
  // A refund that took back a released commission left the pending balance below 0 (P18): nothing
  // may be withdrawn until new commissions cover it.
  const pending = await balanceOf(tx, memberAccount(request.userId, 'aff_pending'), request.currency);
  if (pending < 0) throw new AppError(400, 'insufficient_balance');
  const caps = deps.limits[operatorOf(account.phone)];
  const sentToday = await repo.sentToPhoneSince(
    tx,
    account.phone,
    request.currency,
    new Date(now.getTime() - DAY),
  );
  if (sentToday + request.amount > caps.daily[request.currency]) {
    throw new AppError(400, 'operator_limit', { limit: 'daily' });
  }
  const sentThisMonth = await repo.sentToPhoneSince(
    tx,
    account.phone,
    request.currency,
    new Date(now.getTime() - 30 * DAY),
  );
  if (sentThisMonth + request.amount > caps.monthly[request.currency]) {
    throw new AppError(400, 'operator_limit', { limit: 'monthly' });
  }
}

/**
 * The reservation (Dr aff_available / Cr aff_payout_in_flight), in the withdrawal's transaction: the
 * ledger locks the balances and refuses an overdraft, so two withdrawals never spend one amount (M2).
 */
export async function reserve(tx: Tx, withdrawal: WithdrawalRow): Promise<void> {
  try {
    await postEntry(tx, {
      key: reservedKey(withdrawal.id),
      kind: 'withdrawal_reserved',
      source: { kind: 'payout', id: withdrawal.id },
      description: `Withdrawal ${withdrawal.reference} asked`,
      lines: [
        {
          account: memberAccount(withdrawal.userId, 'aff_available'),
          amount: withdrawal.amountMinor,
          currency: withdrawal.currency,
        },
        {
          account: memberAccount(withdrawal.userId, 'aff_payout_in_flight'),
          amount: -withdrawal.amountMinor,
          currency: withdrawal.currency,
        },
      ],
    });
  } catch (error) {
    if (error instanceof LedgerError && error.reason === 'overdraft')
      throw new AppError(400, 'insufficient_balance');
    throw error;
  }
}

/** GET /api/withdrawals/:id: the member's own only (another's, or none: 404, Z1). */
export async function withdrawalOf(deps: Pick<WithdrawalsDeps, 'db'>, userId: string, id: string) {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const withdrawal = UUID.test(id) ? await repo.findWithdrawal(deps.db, id) : undefined;
  if (!withdrawal || withdrawal.userId !== userId) throw new AppError(404, 'not_found');
  return withdrawal;
}
