import type { Currency } from '@motema/shared/billing';
import type { ProviderOperationState } from '../../../db/schema.ts';
import type { InitOutcome, ProviderStatus } from '../../money/providers/payment-provider.ts';

/**
 * The DRC's mobile-money operators by the number's prefix (243 + two digits): Vodacom M-Pesa 81, 82,
 * 83; Orange Money 80, 84, 85, 89; Airtel Money 97, 98, 99; Africell Money 90. A number of another
 * prefix is held to the strictest caps (`other`).
 */
const OPERATOR_PREFIXES: Record<string, Operator> = {
  '81': 'vodacom',
  '82': 'vodacom',
  '83': 'vodacom',
  '80': 'orange',
  '84': 'orange',
  '85': 'orange',
  '89': 'orange',
  '97': 'airtel',
  '98': 'airtel',
  '99': 'airtel',
  '90': 'africell',
};
export type Operator = 'vodacom' | 'orange' | 'airtel' | 'africell' | 'other';

export const operatorOf = (phone: string): Operator => OPERATOR_PREFIXES[phone.slice(3, 5)] ?? 'other';

export type Caps = Record<'daily' | 'monthly', Record<Currency, number>>;
export type OperatorLimits = Record<Operator, Caps>;

/**
 * What one wallet may receive, per operator, until FlexPay and the operators state theirs (PAYMENTS.md
 * Q3): $2,500 a day and $10,000 a month (7,000,000 FC and 28,000,000 FC), in minor units.
 * WITHDRAWAL_OPERATOR_LIMITS overrides any of them.
 */
const DEFAULT_CAPS: Caps = {
  daily: { USD: 250_000, CDF: 700_000_000 },
  monthly: { USD: 1_000_000, CDF: 2_800_000_000 },
};

export function operatorLimits(configured: string | undefined): OperatorLimits {
  const given = configured ? (JSON.parse(configured) as Partial<Record<Operator, Partial<Caps>>>) : {};
  const operators: Operator[] = ['vodacom', 'orange', 'airtel', 'africell', 'other'];
  return Object.fromEntries(
    operators.map((operator) => [
      operator,
      {
        daily: { ...DEFAULT_CAPS.daily, ...given[operator]?.daily },
        monthly: { ...DEFAULT_CAPS.monthly, ...given[operator]?.monthly },
      },
    ]),
  ) as OperatorLimits;
}

/** The states in which nothing more can happen to a proof or a withdrawal. */
export const FINAL_OPERATION_STATES: readonly ProviderOperationState[] = ['SUCCESS', 'FAILED'];

/**
 * After the provider's init: taken (PENDING, its order number kept), refused (FAILED: no money can
 * move), or unknown (the money may move and nothing can be checked without the order number: an
 * operator decides, P19).
 */
export function afterInit(outcome: InitOutcome): { status: ProviderOperationState; reason: string | null } {
  if (outcome.kind === 'ACCEPTED') return { status: 'PENDING', reason: null };
  if (outcome.kind === 'REJECTED') return { status: 'FAILED', reason: outcome.message.slice(0, 200) };
  return { status: 'UNKNOWN', reason: null };
}

/**
 * After a status check, from PENDING or UNKNOWN: SUCCESS only when the provider names our reference,
 * amount and currency (P8); FAILED only on a definitive failure; anything else moves nothing (P9).
 * A success of another amount moves nothing either: an operator looks (the sweeper's alert).
 */
export function afterCheck(
  current: ProviderOperationState,
  observed: ProviderStatus,
  expected: { reference: string; minor: number; currency: Currency },
): { status: ProviderOperationState; reason: string | null } | null {
  if (current !== 'PENDING' && current !== 'UNKNOWN') return null;
  if (observed.kind === 'SUCCESS') {
    const matches =
      observed.reference === expected.reference &&
      observed.paid.minor === expected.minor &&
      observed.paid.currency === expected.currency;
    return matches ? { status: 'SUCCESS', reason: null } : null;
  }
  if (observed.kind === 'FAILED') return { status: 'FAILED', reason: observed.reason.slice(0, 200) };
  if (observed.kind === 'CANCELLED') return { status: 'FAILED', reason: 'cancelled' };
  return null;
}

/** The sweeper's back-off: 30 s, 1 min, 2 min, 5 min, 10 min, 30 min, then hourly. */
export function backoffMs(attempts: number): number {
  const steps = [30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000];
  return steps[attempts - 1] ?? 3_600_000;
}

/** Proofs and payouts are checked for 48 h; a payout still unknown after that is the operators' (P19). */
export const CHECK_FOR_MS = 48 * 3_600_000;
/** The provider's init's budget. */
export const INIT_BUDGET_MS = 15_000;
