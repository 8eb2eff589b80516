import type { Withdrawal, WithdrawalAccount } from '@motema/shared/partnership';
import type { WithdrawalRow } from '../../../db/schema.ts';
import type { WithdrawalAccountView } from './withdrawal-account.service.ts';

/** The number and its proof as the member sees them: proving (waiting, or unknown), failed, or proven. */
export function presentWithdrawalAccount({ account, proof }: WithdrawalAccountView): WithdrawalAccount {
  return {
    phone: account.phone,
    status: account.provenAt ? 'proven' : proof.status === 'FAILED' ? 'failed' : 'proving',
    provenAt: account.provenAt?.toISOString() ?? null,
    withdrawableFrom: account.withdrawableFrom?.toISOString() ?? null,
    proofAmount: { amount: proof.amountMinor, currency: proof.currency },
  };
}

/** PENDING until a status check says paid or failed: an unknown outcome too (P19). */
export function presentWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    _id: row.id,
    amount: row.amountMinor,
    currency: row.currency,
    phone: row.phone,
    status: row.status === 'SUCCESS' ? 'SUCCESS' : row.status === 'FAILED' ? 'FAILED' : 'PENDING',
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}
