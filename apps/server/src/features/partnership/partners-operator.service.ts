import type { DbOrTx } from '../../db/client.ts';
import type { PartnershipRow } from '../../db/schema.ts';
import { clock } from '../../lib/clock.ts';
import * as repo from './partnership.repository.ts';

/** Why an operator's command changed nothing, in words for the terminal. */
export class PartnersRefused extends Error {}

async function partnershipOf(db: DbOrTx, username: string) {
  const userId = await repo.findUserIdByUsername(db, username);
  if (!userId) throw new PartnersRefused(`no member is named ${username}`);
  const partnership = await repo.findPartnership(db, userId);
  if (!partnership) throw new PartnersRefused(`${username} has not joined the partnership programme`);
  return partnership;
}

/** Another share for one partner (docs/partnership.md): payments settled from now on earn it. */
export async function setPercentage(
  db: DbOrTx,
  username: string,
  percentage: number,
): Promise<PartnershipRow> {
  if (
    !Number.isFinite(percentage) ||
    percentage < 0 ||
    percentage > 100 ||
    Math.round(percentage * 100) !== percentage * 100
  ) {
    throw new PartnersRefused(`${percentage} is not a percentage from 0 to 100 with at most two decimals`);
  }
  const { userId } = await partnershipOf(db, username);
  return (await repo.updatePartnership(db, userId, { percentage }))!;
}

/** Ends a partnership at `at` (now by default): children's payments settled after it earn nothing. */
export async function endPartnership(
  db: DbOrTx,
  username: string,
  at: Date = clock.now(),
): Promise<PartnershipRow> {
  if (Number.isNaN(at.getTime()))
    throw new PartnersRefused('the end date is not a date (2026-12-31 or an ISO time)');
  const { userId, startDate } = await partnershipOf(db, username);
  if (at < startDate)
    throw new PartnersRefused(`the end comes before the start (${startDate.toISOString()})`);
  return (await repo.updatePartnership(db, userId, { endDate: at }))!;
}

export const listPartners = (db: DbOrTx) => repo.listPartnerships(db);
