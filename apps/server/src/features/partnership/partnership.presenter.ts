import type {
  ChildAccount,
  ChildAccountsAnswerSchema,
  Journal,
  Partnership,
  PartnershipAnswer,
} from '@motema/shared/partnership';
import type { z } from 'zod';
import type { PartnershipRow } from '../../db/schema.ts';
import type { listChildAccounts } from './child-accounts.service.ts';
import type { JournalEntry } from './journals.service.ts';
import type { partnershipAnswer } from './partnership.service.ts';
import { presentWithdrawal, presentWithdrawalAccount } from './withdrawals/withdrawals.presenter.ts';

export function presentPartnership(row: PartnershipRow): Partnership {
  return {
    _id: row.id,
    code: row.code,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate?.toISOString() ?? null,
    percentage: row.percentage,
    holdDays: row.holdDays,
  };
}

export function presentPartnershipAnswer({
  partnership,
  balances,
  children,
  withdrawalAccount,
  withdrawal,
}: Awaited<ReturnType<typeof partnershipAnswer>>): PartnershipAnswer {
  return {
    partnership: partnership ? presentPartnership(partnership) : null,
    balances,
    children,
    withdrawalAccount: withdrawalAccount ? presentWithdrawalAccount(withdrawalAccount) : null,
    withdrawal: withdrawal ? presentWithdrawal(withdrawal) : null,
  };
}

/** The public name: the first name, else the username; never the last name. */
const publicName = (member: { username: string | null; firstName: string | null }) =>
  member.firstName || member.username || '';

export function presentChildAccounts(
  found: NonNullable<Awaited<ReturnType<typeof listChildAccounts>>>,
): z.output<typeof ChildAccountsAnswerSchema> {
  return {
    users: found.children.map(({ child, revenue }): ChildAccount => ({
      _id: child.id,
      username: child.username,
      name: publicName(child),
      joinedAt: child.joinedAt.toISOString(),
      revenue: revenue.map((r) => ({ amount: r.revenue, currency: r.currency })),
    })),
    count: found.count,
  };
}

/**
 * A journal line from its entry (packages/shared/src/partnership.ts): `amount` is what it did to the
 * member's balance, on hold and available (so the lines add up to it): a commission or a proof
 * credited back, or a failed withdrawal returned, adds; a commission taken back, or a withdrawal asked
 * (from available to being paid out), takes; a release (on hold to available, or back) and a
 * withdrawal paid (out of being paid out) leave it as it was: 0. `moved`: the entry's amount.
 */
function lineOf({ entry }: JournalEntry): Pick<Journal, 'kind' | 'amount' | 'moved'> {
  const reversal = entry.kind === 'reversal';
  const kind = entry.reversedKind ?? entry.kind;
  const change = { amount: -entry.held || 0, moved: entry.moved };
  if (kind === 'commission') return { kind: reversal ? 'commission_reversed' : 'commission', ...change };
  if (kind === 'withdrawal_reserved')
    return { kind: reversal ? 'withdrawal_released' : 'withdrawal_reserved', ...change };
  if (kind === 'withdrawal_paid' || kind === 'proof_credited') return { kind, ...change };
  return { kind: 'release', ...change };
}

export function presentJournal(line: JournalEntry): Journal {
  const { entry, payment } = line;
  return {
    _id: entry.id,
    createdAt: entry.createdAt.toISOString(),
    ...lineOf(line),
    currency: entry.currency,
    child: payment?.userId ? { _id: payment.userId, name: publicName(payment) } : null,
    payment: payment ? { _id: payment.id, reference: payment.reference } : null,
    withdrawal: entry.sourceKind === 'payout' ? { _id: entry.sourceId } : null,
  };
}
