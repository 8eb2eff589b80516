import { JOURNALS_PAGE_SIZE, type Journal } from '@motema/shared/partnership';
import type { DbOrTx } from '../../db/client.ts';
import { listMemberEntries, type MemberEntry } from './partnership-ledger.repository.ts';
import { publicName } from './partnership.presenter.ts';
import { findPayments } from './partnership.repository.ts';

/** The ledger entries' kinds a journal shows, by what they record (a reversal: by what it reverses). */
const SHOWN_KINDS = ['commission', 'commission_release'] as const;

/**
 * A journal line from its entry (packages/shared/src/partnership.ts): what the member is owed grew
 * (> 0) or shrank (< 0); a release moved the amount from pending to available (> 0), and a release
 * taken back by a refund moved it back (the same kind, < 0).
 */
function lineOf(entry: MemberEntry): Pick<Journal, 'kind' | 'amount'> {
  const reversal = entry.kind === 'reversal';
  const kind = entry.reversedKind ?? entry.kind;
  if (kind === 'commission') return { kind: reversal ? 'commission_reversed' : 'commission', amount: -entry.net };
  return { kind: 'release', amount: reversal ? -entry.moved : entry.moved };
}

/** The member's journal, newest first: only their own entries (Z1), each with its payment and child. */
export async function listJournals(
  db: DbOrTx,
  userId: string,
  { skip, limit = JOURNALS_PAGE_SIZE }: { skip: number; limit?: number | undefined },
): Promise<{ journals: Journal[]; count: number }> {
  const { entries, count } = await listMemberEntries(db, userId, { skip, limit, kinds: SHOWN_KINDS });
  const paymentIds = entries.filter((e) => e.sourceKind === 'payment').map((e) => e.sourceId);
  const paymentsById = new Map((await findPayments(db, [...new Set(paymentIds)])).map((p) => [p.id, p]));
  const journals = entries.map((entry): Journal => {
    const payment = entry.sourceKind === 'payment' ? paymentsById.get(entry.sourceId) : undefined;
    return {
      _id: entry.id,
      createdAt: entry.createdAt.toISOString(),
      ...lineOf(entry),
      currency: entry.currency,
      child: payment?.userId ? { _id: payment.userId, name: publicName(payment) } : null,
      payment: payment ? { _id: payment.id, reference: payment.reference } : null,
      withdrawal: null,
    };
  });
  return { journals, count };
}
