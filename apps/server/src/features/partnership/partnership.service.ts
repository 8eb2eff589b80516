import { withdrawalMinimum } from '@motema/shared/partnership';
import { CURRENCIES } from '@motema/shared/billing';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { PartnershipRow } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { clock } from '../../lib/clock.ts';
import { balanceOf, memberAccount } from '../money/ledger/ledger.service.ts';
import { revenueOf } from './partnership-ledger.repository.ts';
import * as repo from './partnership.repository.ts';
import { newReferralCode } from './referral-code.ts';
import { withdrawalAccountOf } from './withdrawals/withdrawal-account.service.ts';
import { findOpenWithdrawal } from './withdrawals/withdrawals.repository.ts';

export type PartnershipTerms = Pick<
  Env,
  'PARTNERSHIP_PERCENTAGE' | 'PARTNERSHIP_HOLD_DAYS' | 'WITHDRAWAL_MINIMUM_CDF_MINOR'
>;

/** Codes drawn before giving up: with 32^8 codes, a second clash in a row means something else is wrong. */
const CODE_TRIES = 5;

/**
 * Joins the programme: a partnership from now, on the configured terms, under a fresh code (drawn
 * again on a clash). Joining again answers the partnership already there: two calls at once make one.
 */
export async function joinPartnership(
  db: Db,
  terms: PartnershipTerms,
  userId: string,
): Promise<PartnershipRow> {
  for (let tries = 0; tries < CODE_TRIES; tries++) {
    const existing = await repo.findPartnership(db, userId);
    if (existing) return existing;
    const inserted = await repo.insertPartnership(db, {
      userId,
      code: newReferralCode(),
      startDate: clock.now(),
      percentage: terms.PARTNERSHIP_PERCENTAGE,
      holdDays: terms.PARTNERSHIP_HOLD_DAYS,
    });
    if (inserted) return inserted;
  }
  throw new Error(`no free referral code after ${CODE_TRIES} tries`);
}

/**
 * The partnership fetch: the terms, and per currency what the ledger's accounts hold, what the
 * commissions earned, less reversals, and the smallest withdrawal. Every currency, held or not: a
 * child pays in any of them (the plans' prices, `CURRENCIES`), so any partner may earn and withdraw in
 * each, and a partner with nothing yet is told each one's minimum.
 */
export async function partnershipAnswer(db: DbOrTx, terms: PartnershipTerms, userId: string) {
  const partnership = await repo.findPartnership(db, userId);
  const revenue = await revenueOf(db, userId);
  const balances = await Promise.all(
    CURRENCIES.map(async (currency) => ({
      currency,
      pending: await balanceOf(db, memberAccount(userId, 'aff_pending'), currency),
      available: await balanceOf(db, memberAccount(userId, 'aff_available'), currency),
      inFlight: await balanceOf(db, memberAccount(userId, 'aff_payout_in_flight'), currency),
      revenue: revenue.get(currency) ?? 0,
      minimum: withdrawalMinimum(currency, terms.WITHDRAWAL_MINIMUM_CDF_MINOR),
    })),
  );
  return {
    partnership,
    balances,
    children: await repo.countChildren(db, userId),
    withdrawalAccount: await withdrawalAccountOf({ db }, userId),
    withdrawal: await findOpenWithdrawal(db, userId),
  };
}
