import { z } from 'zod';
import { CurrencySchema, type Currency } from './billing.ts';
import { LimitSchema, SkipSchema } from './paging.ts';

/**
 * The partnership programme (SPEC sections 1, 3, 5, 6, 7; docs/partnership.md): a member who brings
 * others earns a share of what they pay, sees it in journals and withdraws it to a proven
 * mobile-money number. Amounts are integer minor units of their currency, as everywhere (M1).
 *
 * Routes (all for the signed-in member, about their own partnership only):
 * - GET /api/partnership -> PartnershipAnswer; POST /api/partnership (join; again: the same) -> PartnershipAnswer
 * - GET /api/users?parent-id=<own id>&search&skip&limit -> ChildAccountsAnswer (another's id: 404)
 * - GET /api/journals?skip&limit -> JournalsAnswer
 * - PUT /api/partnership/withdrawal-account (WithdrawalAccountInput) -> WithdrawalAccount, `proving`:
 *   a small collection is pushed to the number; 400 `wrong_password` with an issue on `password` (as
 *   every password check, auth's require-password.ts: a 401 would end the member's session in the
 *   web app), 400 `phone_invalid`
 * - POST /api/partnership/withdrawal-account/verify -> WithdrawalAccount (its proof checked now)
 * - POST /api/partnership/withdrawal-account/retry -> WithdrawalAccount (`proving` again, a new collection)
 * - POST /api/withdrawals (WithdrawalInput, Idempotency-Key header) -> 201 Withdrawal, or one of WITHDRAWAL_ERRORS
 * - GET /api/withdrawals/:id -> Withdrawal (another's: 404)
 */

/** SPEC section 5 and 9: a withdrawal is of at least $10. CDF's floor is its equivalent, by configuration. */
export const WITHDRAWAL_MINIMUM_USD_MINOR = 1_000;

/** A referral code: what a partner says aloud ("MOTEMA-K7P2QX" is not needed: K7P2QX). No 0, O, 1 or I. */
export const REFERRAL_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{6,10}$/;
export const ReferralCodeSchema = z
  .string({ error: 'invalid_value' })
  .trim()
  .toUpperCase()
  .regex(REFERRAL_CODE_PATTERN, { error: 'referral_code_invalid' });

/** The path a referral link opens: the registration page, which keeps the code until the account exists. */
export const referralPath = (code: string) => `/register?ref=${code}`;

/** SPEC "Partnership: startDate, endDate, percentage value". */
export const PartnershipSchema = z.object({
  _id: z.string(),
  /** The short code for word of mouth; the link is `referralPath(code)` on the app's origin. */
  code: z.string(),
  startDate: z.string(),
  /** Null: open-ended. After it, new payments of children earn nothing. */
  endDate: z.string().nullable(),
  /** The share of each settled payment of a child, in percent (e.g. 10, or 12.5). */
  percentage: z.number(),
  /** Days a commission stays pending before it can be withdrawn (a refund within them reverses it). */
  holdDays: z.int(),
});
export type Partnership = z.infer<typeof PartnershipSchema>;

/** What the member is owed in one currency, from the ledger's postings (never a stored number). */
export const PartnerBalanceSchema = z.object({
  currency: CurrencySchema,
  /** On hold; may be below 0 after a refund reversed a released commission (then nothing can be withdrawn). */
  pending: z.int(),
  /** What may be withdrawn now. */
  available: z.int(),
  /** Asked for and not yet paid out. */
  inFlight: z.int(),
  /** All commission earned, less reversals: the partnership's revenue. */
  revenue: z.int(),
  /** The smallest withdrawal in this currency. */
  minimum: z.int(),
});
export type PartnerBalance = z.infer<typeof PartnerBalanceSchema>;

/**
 * The number withdrawals go to. `proving`: a small collection from that number waits for its holder's
 * approval (only they can approve it: that proves the number); `failed`: it was declined or expired
 * (retry); `proven`: withdrawals may go there from `withdrawableFrom` (a cooldown after a change, P20).
 */
export const WITHDRAWAL_ACCOUNT_STATUSES = ['proving', 'failed', 'proven'] as const;
export const WithdrawalAccountSchema = z.object({
  phone: z.string(),
  status: z.enum(WITHDRAWAL_ACCOUNT_STATUSES),
  provenAt: z.string().nullable(),
  withdrawableFrom: z.string().nullable(),
  /** The small collection's amount, credited back once it settles. */
  proofAmount: z.object({ amount: z.int(), currency: CurrencySchema }),
});
export type WithdrawalAccount = z.infer<typeof WithdrawalAccountSchema>;

/** What the member sees of a withdrawal: PENDING until a status check says paid or failed (P19). */
export const WITHDRAWAL_STATUSES = ['PENDING', 'SUCCESS', 'FAILED'] as const;
export const WithdrawalSchema = z.object({
  _id: z.string(),
  amount: z.int(),
  currency: CurrencySchema,
  phone: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

/** GET /api/partnership (the SPEC's "partnership fetch"), and POST /api/partnership's answer (joining). */
export const PartnershipAnswerSchema = z.object({
  /** Null until the member joins. */
  partnership: PartnershipSchema.nullable(),
  /**
   * Every currency (`CURRENCIES`), held or not: a child pays in any of them, so every partner may earn
   * and withdraw in each; each says its own minimum.
   */
  balances: z.array(PartnerBalanceSchema),
  /** How many members registered through the member's link or code. */
  children: z.int(),
  withdrawalAccount: WithdrawalAccountSchema.nullable(),
  /** The withdrawal in flight, if any: one at a time. */
  withdrawal: WithdrawalSchema.nullable(),
});
export type PartnershipAnswer = z.infer<typeof PartnershipAnswerSchema>;

/** GET /api/users?parent-id=<own id>&search=&skip=&limit= : the partner's child accounts (another's id: 404). */
export const ChildAccountsQuerySchema = z.object({
  'parent-id': z.string().max(64),
  search: z.string().trim().max(40).optional(),
  skip: SkipSchema,
  limit: LimitSchema.optional(),
});
export const ChildAccountSchema = z.object({
  _id: z.string(),
  username: z.string(),
  /** The public name (first name, else username); never the last name. */
  name: z.string(),
  joinedAt: z.string(),
  /** What the child's payments earned the partner, per currency (reversals deducted). */
  revenue: z.array(z.object({ amount: z.int(), currency: CurrencySchema })),
});
export type ChildAccount = z.infer<typeof ChildAccountSchema>;
export const ChildAccountsAnswerSchema = z.object({ users: z.array(ChildAccountSchema), count: z.int() });

/**
 * A journal line (SPEC "Journal: createdAt"; GET /api/journals?skip&limit answers `{ journals, count }`,
 * newest first): one ledger entry touching the member's balances, from the ledger itself.
 * `amount`: what the entry did to the member's balance, on hold and available together (what is
 * theirs and not yet sent), so that the lines of a currency add up to it: > 0 a credit (a commission,
 * a failed withdrawal returned, a proof credited back), < 0 a debit (a commission taken back, a
 * withdrawal asked: it leaves "available" for "being paid out"), 0 a move that leaves it as it was
 * (a share released from on hold to available, or taken back there by a refund; a withdrawal paid,
 * already out of the balance since it was asked). `moved`: the entry's amount, unsigned, for every line.
 * `proof_credited`: the small collection that proved the withdrawal number, given back as available.
 */
export const JOURNAL_KINDS = [
  'commission',
  'commission_reversed',
  'release',
  'withdrawal_reserved',
  'withdrawal_paid',
  'withdrawal_released',
  'proof_credited',
] as const;
export const JournalSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  kind: z.enum(JOURNAL_KINDS),
  /** The change of the balance (on hold + available): > 0 credit, < 0 debit, 0 a move. */
  amount: z.int(),
  /** What the entry moved, unsigned. */
  moved: z.int().nonnegative(),
  currency: CurrencySchema,
  /** The child whose payment it comes from (a commission, its reversal or release). */
  child: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** The payment's reference, or the withdrawal's id. */
  payment: z.object({ _id: z.string(), reference: z.string() }).nullable(),
  withdrawal: z.object({ _id: z.string() }).nullable(),
});
export type Journal = z.infer<typeof JournalSchema>;
export const JournalsQuerySchema = z.object({ skip: SkipSchema, limit: LimitSchema.optional() });
export const JournalsAnswerSchema = z.object({ journals: z.array(JournalSchema), count: z.int() });
/** Journals page size. */
export const JOURNALS_PAGE_SIZE = 20;

/** PUT /api/partnership/withdrawal-account: the number to prove; the password, since it moves money (S5). */
export const WithdrawalAccountInputSchema = z.object({
  phone: z.string({ error: 'phone_invalid' }).max(32),
  password: z.string({ error: 'password_required' }).min(1, { error: 'password_required' }).max(200),
});

/** POST /api/withdrawals (with an Idempotency-Key header): to the proven number only. */
export const WithdrawalInputSchema = z.object({
  amount: z.int({ error: 'must_be_numeric' }).positive({ error: 'invalid_value' }),
  currency: CurrencySchema,
});

/**
 * Why a withdrawal is refused (each translated; the answer's `error`): below the minimum
 * (`withdrawal_minimum`), more than available (`insufficient_balance`), another in flight
 * (`withdrawal_in_flight`), no proven number (`withdrawal_account_required`), the cooldown after a
 * number change (`withdrawal_cooldown`, 403, with `until`), an operator's wallet cap
 * (`operator_limit`, with `limit`: 'daily' | 'monthly'), not a partner (`partnership_required`).
 */
export const WITHDRAWAL_ERRORS = [
  'withdrawal_minimum',
  'insufficient_balance',
  'withdrawal_in_flight',
  'withdrawal_account_required',
  'withdrawal_cooldown',
  'operator_limit',
  'partnership_required',
] as const;

/** The smallest withdrawal in `currency`: $10, or CDF's configured equivalent. */
export function withdrawalMinimum(currency: Currency, cdfMinimumMinor: number): number {
  return currency === 'USD' ? WITHDRAWAL_MINIMUM_USD_MINOR : cdfMinimumMinor;
}
