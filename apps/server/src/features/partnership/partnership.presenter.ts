import type { ChildAccount, Partnership } from '@motema/shared/partnership';
import type { PartnershipRow } from '../../db/schema.ts';

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

/** The public name: the first name, else the username; never the last name. */
export const publicName = (member: { username: string | null; firstName: string | null }) =>
  member.firstName || member.username || '';

export function presentChild(
  child: { id: string; username: string; firstName: string | null; joinedAt: Date },
  revenue: ChildAccount['revenue'],
): ChildAccount {
  return {
    _id: child.id,
    username: child.username,
    name: publicName(child),
    joinedAt: child.joinedAt.toISOString(),
    revenue,
  };
}
