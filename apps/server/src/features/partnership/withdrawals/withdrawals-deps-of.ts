import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../deps.ts';
import type { WithdrawalRow } from '../../../db/schema.ts';
import { publicOrigin } from '../../../env.ts';
import { mailMember } from '../../auth/member-security.service.ts';
import { operatorLimits } from './withdrawal-rules.ts';
import type { WithdrawalsDeps } from './withdrawals-deps.ts';

const HOUR = 3_600_000;

/** Proofs', withdrawals' and payouts' dependencies, made of the app's (routes, workers and the sweep alike). */
export function withdrawalsDepsOf(deps: AppDeps, log: Pick<FastifyBaseLogger, 'error'>): WithdrawalsDeps {
  const { env } = deps;
  return {
    db: deps.db,
    jobs: deps.jobs,
    provider: deps.paymentProvider,
    origin: () => publicOrigin(env, { port: env.PORT, tls: false }),
    proof: {
      currency: env.WITHDRAWAL_PROOF_CURRENCY,
      minor:
        env.WITHDRAWAL_PROOF_CURRENCY === 'USD'
          ? env.WITHDRAWAL_PROOF_USD_MINOR
          : env.WITHDRAWAL_PROOF_CDF_MINOR,
    },
    cooldownMs: env.WITHDRAWAL_NUMBER_COOLDOWN_HOURS * HOUR,
    cdfMinimumMinor: env.WITHDRAWAL_MINIMUM_CDF_MINOR,
    limits: operatorLimits(env.WITHDRAWAL_OPERATOR_LIMITS),
    // The member's mail, in their language, as auth's security mails (the cheapest way to tell them).
    notifySettled: async (withdrawal: WithdrawalRow) => {
      if (withdrawal.status !== 'SUCCESS' && withdrawal.status !== 'FAILED') return;
      await mailMember(
        deps,
        withdrawal.userId,
        withdrawal.status === 'SUCCESS' ? 'withdrawal_paid' : 'withdrawal_failed',
        {
          // Written in the member's language by the mail, as the app writes money.
          amount: { minor: withdrawal.amountMinor, currency: withdrawal.currency },
          phone: `+${withdrawal.phone}`,
        },
      );
    },
    alert: (message, fields) => log.error(fields, message),
  };
}

/** The mail telling a member their proven withdrawal number was replaced (P20). */
export async function mailNumberChanged(deps: AppDeps, userId: string, phone: string): Promise<void> {
  await mailMember(deps, userId, 'withdrawal_number_changed', {
    phone: `+${phone}`,
    hours: deps.env.WITHDRAWAL_NUMBER_COOLDOWN_HOURS,
  });
}
