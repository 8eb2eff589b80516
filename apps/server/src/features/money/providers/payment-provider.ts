import type { Currency } from '@motema/shared/billing';

/**
 * What the payments core asks of a payment provider (PAYMENTS.md A4). Adapters are stateless
 * translators: they report observations and never change state. The core trusts only
 * `checkStatus` for money decisions; a callback only triggers a check (P7, P8).
 */

/** Integer minor units of one currency (M1): 499 USD is $4.99. */
export type Money = { minor: number; currency: Currency };

/** A payer's or payee's number, normalised to 243 + 9 digits (`normalisePayerPhone`). */
export type Msisdn = string;

export type ProviderStatus =
  /** Paid, as the provider reports it: the core compares `paid` and `reference` with its own record (P8). */
  | { kind: 'SUCCESS'; paid: Money; reference: string; channel?: string }
  | { kind: 'FAILED'; reason: string }
  | { kind: 'CANCELLED'; reason?: string }
  /** The provider says "not yet" (status 2). */
  | { kind: 'PENDING' }
  | { kind: 'REFUND_PENDING' }
  | { kind: 'REFUNDED' }
  /** Nothing can be concluded: not found (right after init), transport error, unparseable body, unknown status. */
  | { kind: 'INDETERMINATE'; why: 'not_found' | 'transport' | 'unparseable' | 'unknown_status' };

export type InitOutcome =
  /** The provider took the request; `providerRef` is its order number (personal data: it holds the phone). */
  | { kind: 'ACCEPTED'; providerRef: string; redirectUrl?: string }
  /** Definitive: no money can move (e.g. "Insufficient funds"). */
  | { kind: 'REJECTED'; code: string; message: string }
  /** Timeout, 5xx, HTML or unparseable answer: money MAY move, so the payment is reconciled (P6). */
  | { kind: 'UNKNOWN'; error: string };

/** One exchange with the provider, for `payment_events` (P21): never holds the merchant token. */
export type ProviderExchange = {
  operation: 'init' | 'check' | 'payout';
  httpStatus: number | null;
  latencyMs: number;
  /** The answer's body as received (secrets stripped), or the transport error. */
  body: string;
};

export type ProviderCallOptions = {
  signal: AbortSignal;
  /** Told of each HTTP exchange, for the audit trail (P21). */
  onExchange?: (exchange: ProviderExchange) => void;
};

export type CollectionRequest = {
  /** Our reference, ≤ 20 chars [A-Z0-9] (P1). */
  reference: string;
  method: 'mobile_money' | 'card';
  /** Mobile money only. */
  payer?: Msisdn;
  amount: Money;
  description: string;
  /** Public URL carrying the payment's secret callback token (P7). */
  callbackUrl: string;
  /** Card only: where the provider's hosted page sends the browser back (they only trigger a check, P14). */
  browserReturn?: { approve: string; decline: string; cancel: string; home: string };
};

export interface PaymentProvider {
  readonly id: 'flexpay';
  initCollection(request: CollectionRequest, options: ProviderCallOptions): Promise<InitOutcome>;
  checkStatus(
    query: { reference: string; providerRef: string },
    options: ProviderCallOptions,
  ): Promise<ProviderStatus>;
  /** Payouts (the partnership issue's withdrawals). */
  initPayout(
    request: { reference: string; payee: Msisdn; amount: Money; callbackUrl: string },
    options: ProviderCallOptions,
  ): Promise<InitOutcome>;
}
