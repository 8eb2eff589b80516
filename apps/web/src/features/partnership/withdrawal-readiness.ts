import type { PartnerBalance, PartnershipAnswer } from '@motema/shared/partnership';

/** Why no withdrawal can be asked for now, in the order the member can act on it; null: one can. */
export type WithdrawalBlock = 'in_flight' | 'no_account' | 'not_proven' | 'cooldown' | 'below_minimum';

/** The balances a withdrawal can be taken from: at least the minimum available. */
export const withdrawable = (balances: PartnerBalance[]) =>
  balances.filter((balance) => balance.available >= balance.minimum);

/**
 * What stands between the member and a withdrawal, from the overview the server gave: the server
 * refuses the same cases (WITHDRAWAL_ERRORS), this only says so before the member tries.
 */
export function withdrawalBlock(overview: PartnershipAnswer, now: number): WithdrawalBlock | null {
  const account = overview.withdrawalAccount;
  if (overview.withdrawal?.status === 'PENDING') return 'in_flight';
  if (!account) return 'no_account';
  if (account.status !== 'proven') return 'not_proven';
  if (account.withdrawableFrom && Date.parse(account.withdrawableFrom) > now) return 'cooldown';
  if (withdrawable(overview.balances).length === 0) return 'below_minimum';
  return null;
}
