import type { LedgerAccountKind } from '../../../db/schema.ts';

/**
 * The ledger's chart of accounts (PAYMENTS.md A4). An account is opened on its first posting, so
 * the names are known here instead: a misspelt name is refused, never opened as a stray account.
 * Each account exists once per currency ('platform:revenue' in USD and in CDF).
 */
export type LedgerAccountRule = {
  /** Assets and expenses grow with debits; liabilities and revenue with credits. */
  kind: LedgerAccountKind;
  /** false: the database refuses a posting that would take its balance below 0 (M2). */
  mayGoNegative: boolean;
};

const PLATFORM_ACCOUNTS: Record<string, LedgerAccountRule> = {
  /** What FlexPay collected for us and has not paid out yet: debited when a payment settles. */
  'platform:flexpay_clearing': { kind: 'asset', mayGoNegative: true },
  /** Premium sold: credited when a payment settles, debited back by a refund's reversal. */
  'platform:revenue': { kind: 'revenue', mayGoNegative: true },
  /** Commissions earned by affiliates (the partnership issue). */
  'platform:commission_expense': { kind: 'expense', mayGoNegative: true },
  /** The provider's fees: debited with each settlement at FLEXPAY_FEE_PERCENT, credited back by a refund. */
  'platform:fees': { kind: 'expense', mayGoNegative: true },
  /** Our bank account: debited when FlexPay transfers what it collected (`npm run payments -- settlement`). */
  'platform:bank': { kind: 'asset', mayGoNegative: true },
  /**
   * Money FlexPay reports received for a payment under review (another amount, currency or
   * reference): owed to someone until an operator accepts it (to revenue) or returns it.
   */
  'platform:suspense': { kind: 'liability', mayGoNegative: true },
};

/** A member's accounts, named `user:<id>:<suffix>`: what Motema owes them (liabilities). */
const MEMBER_ACCOUNTS = {
  /** Commission on hold; a refund's reversal may take it below 0 (P18), which blocks withdrawals. */
  aff_pending: { kind: 'liability', mayGoNegative: true },
  /** Commission the member may withdraw: never below 0 (M2). */
  aff_available: { kind: 'liability', mayGoNegative: false },
  /** Withdrawals asked for and not yet paid out: reserved, never below 0. */
  aff_payout_in_flight: { kind: 'liability', mayGoNegative: false },
} satisfies Record<string, LedgerAccountRule>;

export type MemberAccountSuffix = keyof typeof MEMBER_ACCOUNTS;

const MEMBER_ACCOUNT = /^user:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):(\w+)$/;

/** The rule of the account named `name`, or undefined when the chart has no such account. */
export function ledgerAccountRule(name: string): LedgerAccountRule | undefined {
  if (Object.hasOwn(PLATFORM_ACCOUNTS, name)) return PLATFORM_ACCOUNTS[name];
  const suffix = MEMBER_ACCOUNT.exec(name)?.[2];
  return suffix !== undefined && Object.hasOwn(MEMBER_ACCOUNTS, suffix)
    ? MEMBER_ACCOUNTS[suffix as MemberAccountSuffix]
    : undefined;
}

/** The name of a member's account: `memberAccount(id, 'aff_available')` is 'user:<id>:aff_available'. */
export function memberAccount(userId: string, suffix: MemberAccountSuffix): string {
  return `user:${userId}:${suffix}`;
}

/** +1 when a debit raises the account's balance, -1 when a credit does. */
export function normalSign(kind: LedgerAccountKind): 1 | -1 {
  return kind === 'asset' || kind === 'expense' ? 1 : -1;
}
