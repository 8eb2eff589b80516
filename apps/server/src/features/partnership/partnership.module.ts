import { routes, type FeatureModule } from '../../modules/feature-module.ts';
import type { ChildAccounts } from '../../child-accounts-port.ts';
import { listChildAccounts } from './child-accounts.service.ts';
import { presentChildAccounts } from './partnership.presenter.ts';
import {
  COMMISSION_RELEASE_QUEUE,
  commissionPaymentHook,
  releaseCommission,
  SHARED_PAYER_ALERT_QUEUE,
  type CommissionRelease,
  type SharedPayerAlert,
} from './commission.service.ts';
import { partnershipRoutes } from './partnership.routes.ts';
import { referralAccountHook } from './referral-account-hook.ts';
import { PAYOUT_QUEUE, type PayoutJob } from './withdrawals/withdrawals.service.ts';
import { runPayout, sweepWithdrawals } from './withdrawals/payout.service.ts';
import { withdrawalsDepsOf } from './withdrawals/withdrawals-deps-of.ts';
import { withdrawalsRoutes } from './withdrawals/withdrawals.routes.ts';

/** How often each node checks the proofs and payouts due a check (their back-off decides which). */
const SWEEP_EVERY_MS = 30_000;

/** A partner's children, presented, for discovery's GET /api/users?parent-id= (null: another's id, 404). */
const childAccounts: ChildAccounts = {
  list: async (db, memberId, query) => {
    const found = await listChildAccounts(db, memberId, query);
    return found && presentChildAccounts(found);
  },
};

export const partnershipModule: FeatureModule = {
  name: 'partnership',
  routes: [routes(partnershipRoutes), routes(withdrawalsRoutes)],
  // FlexPay's payout and proof callbacks carry no session (their body only asks for a check).
  publicRoutes: ['POST /api/withdrawals/callback/flexpay'],
  crossOriginRoutes: ['POST /api/withdrawals/callback/flexpay'],
  // A new account through a partner's link or code becomes their child, in its own transaction.
  accountHooks: [referralAccountHook],
  // A child's settled payment credits the partner's commission; its refund takes it back.
  paymentHooks: [commissionPaymentHook],
  // Discovery's GET /api/users?parent-id= answers the partner's children from here.
  provides: { childAccounts },
  workers: async ({ deps, log }) => {
    await deps.jobs.work<CommissionRelease>(COMMISSION_RELEASE_QUEUE, (release) =>
      deps.db.transaction((tx) => releaseCommission(tx, release)),
    );
    // A withdrawal's payout, sent in the withdrawal's transaction: FlexPay is called outside any.
    deps.jobs.define(PAYOUT_QUEUE, {
      retryLimit: 3,
      retryDelaySeconds: 10,
      retryBackoff: true,
      expireInSeconds: 120,
    });
    await deps.jobs.work<PayoutJob>(PAYOUT_QUEUE, (job) => runPayout(withdrawalsDepsOf(deps, log), job));
    // The operators' alert: a log line at error, as the payments' daily check raises its own.
    await deps.jobs.work<SharedPayerAlert>(SHARED_PAYER_ALERT_QUEUE, async (flag) => {
      log.error(flag, 'children of one partner paid from the same number: review the flag');
    });
  },
  periodic: [
    {
      name: 'the withdrawals sweep',
      everyMs: SWEEP_EVERY_MS,
      atStart: true,
      run: ({ deps, log }) => sweepWithdrawals(withdrawalsDepsOf(deps, log)),
    },
  ],
};
