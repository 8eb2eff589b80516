import type { AppDeps } from '../../../deps.ts';
import type { RateLimiter } from '../../../lib/rate-limiter.ts';
import type { PaymentProvider } from '../../money/providers/payment-provider.ts';

/** What the payments core works with: the app's database, queue, event port and payment hooks, and the provider. */
export type PaymentsDeps = Pick<AppDeps, 'db' | 'jobs' | 'events' | 'paymentHooks'> & {
  provider: PaymentProvider;
  /** FlexPay's merchant fee in percent, booked with each settlement (FLEXPAY_FEE_PERCENT). */
  feePercent: number;
  /** An operator must look (an amount that differs from the one asked, P8): logged as an error. */
  alert: (message: string, fields: Record<string, unknown>) => void;
};

/** Payment starts' limits (P5): per member, and pushes per payer's phone, each an hour long. */
export type PaymentLimits = { startsPerHour: number; pushesPerPhonePerHour: number };

export type PaymentStartDeps = PaymentsDeps & { limiter: RateLimiter; limits: PaymentLimits };
