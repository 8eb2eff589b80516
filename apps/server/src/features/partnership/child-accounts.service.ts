import type { DbOrTx } from '../../db/client.ts';
import type { ChildAccountsQuery } from '../../child-accounts-port.ts';
import { revenueByChild } from './partnership-ledger.repository.ts';
import { listChildren } from './partnership.repository.ts';

/** A page of children when the query names no limit. */
const CHILDREN_PAGE_SIZE = 20;

/**
 * The partner's children (discovery's GET /api/users?parent-id=, child-accounts-port.ts), with what
 * each one's payments earned: for the member's own id only. Another member's id finds nothing
 * (answered 404, Z1), whether they are a partner or not, so the answer tells nothing about them.
 */
export async function listChildAccounts(db: DbOrTx, memberId: string, query: ChildAccountsQuery) {
  if (query['parent-id'] !== memberId) return null;
  const { rows, count } = await listChildren(db, memberId, {
    search: query.search || undefined,
    skip: query.skip,
    limit: query.limit ?? CHILDREN_PAGE_SIZE,
  });
  const revenue = await revenueByChild(
    db,
    memberId,
    rows.map((row) => row.id),
  );
  return {
    children: rows.map((child) => ({ child, revenue: revenue.filter((r) => r.childId === child.id) })),
    count,
  };
}
