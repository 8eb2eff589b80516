import type { AppDeps } from '../../../deps.ts';
import type { WithdrawalRow } from '../../../db/schema.ts';
import type { PaymentProvider } from '../../money/providers/payment-provider.ts';
import type { OperatorLimits } from './withdrawal-rules.ts';

/** What proofs, withdrawals and payouts work with (built once by the partnership module). */
export type WithdrawalsDeps = Pick<AppDeps, 'db' | 'jobs'> & {
  provider: PaymentProvider;
  /** The app's public origin, where FlexPay calls back: PUBLIC_URL, or outside production this server's address. */
  origin: () => string;
  proof: { minor: number; currency: 'USD' | 'CDF' };
  cooldownMs: number;
  cdfMinimumMinor: number;
  limits: OperatorLimits;
  /** Tells the member their withdrawal was paid or failed, after the commit. */
  notifySettled: (withdrawal: WithdrawalRow) => Promise<void>;
  /** An operator must look: logged at error. */
  alert: (message: string, fields: Record<string, unknown>) => void;
};
