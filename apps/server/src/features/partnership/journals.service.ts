import { JOURNALS_PAGE_SIZE } from '@motema/shared/partnership';
import type { DbOrTx } from '../../db/client.ts';
import { listMemberEntries, type MemberEntry } from './partnership-ledger.repository.ts';
import { findPayments } from './partnership.repository.ts';

/** The ledger entries' kinds a journal shows, by what they record (a reversal: by what it reverses). */
const SHOWN_KINDS = [
  'commission',
  'commission_release',
  'withdrawal_reserved',
  'withdrawal_paid',
  'proof_credited',
] as const;

export type JournalPayment = Awaited<ReturnType<typeof findPayments>>[number];
export type JournalEntry = { entry: MemberEntry; payment: JournalPayment | undefined };

/** The member's journal, newest first: only their own entries (Z1), each with the payment it comes from. */
export async function listJournals(
  db: DbOrTx,
  userId: string,
  { skip, limit = JOURNALS_PAGE_SIZE }: { skip: number; limit?: number | undefined },
): Promise<{ entries: JournalEntry[]; count: number }> {
  const { entries, count } = await listMemberEntries(db, userId, { skip, limit, kinds: SHOWN_KINDS });
  const paymentIds = entries.filter((e) => e.sourceKind === 'payment').map((e) => e.sourceId);
  const paymentsById = new Map((await findPayments(db, [...new Set(paymentIds)])).map((p) => [p.id, p]));
  return {
    entries: entries.map((entry) => ({
      entry,
      payment: entry.sourceKind === 'payment' ? paymentsById.get(entry.sourceId) : undefined,
    })),
    count,
  };
}
