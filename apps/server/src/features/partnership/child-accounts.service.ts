import type { ChildAccounts } from '../../child-accounts-port.ts';
import { revenueByChild } from './partnership-ledger.repository.ts';
import { presentChild } from './partnership.presenter.ts';
import { listChildren } from './partnership.repository.ts';

/** A page of children when the query names no limit. */
const CHILDREN_PAGE_SIZE = 20;

/**
 * The partner's children for discovery's GET /api/users?parent-id= (child-accounts-port.ts): for the
 * member's own id only; another member's id answers nothing (404, Z1), whether they are a partner or
 * not, so that the answer tells nothing about them.
 */
export const childAccounts: ChildAccounts = {
  async list(db, memberId, query) {
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
    const users = rows.map((row) =>
      presentChild(
        row,
        revenue.filter((r) => r.childId === row.id).map((r) => ({ amount: r.revenue, currency: r.currency })),
      ),
    );
    return { users, count };
  },
};
