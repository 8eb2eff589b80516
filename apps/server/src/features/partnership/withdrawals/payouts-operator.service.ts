import type { Db } from '../../../db/client.ts';
import { clock } from '../../../lib/clock.ts';
import { PartnersRefused } from '../partners-operator.service.ts';
import { settleWithdrawal } from './payout-operation.ts';
import * as repo from './withdrawals.repository.ts';

/** Withdrawals whose payout's outcome is unknown (P19): no order number to check them by, oldest first. */
export const listUnknownPayouts = (db: Db) => repo.listUnknownWithdrawals(db);

/**
 * An operator's word on a payout of unknown outcome, after looking it up at FlexPay by its reference
 * (`npm run partners -- payout-resolve <reference> paid|failed`): paid books it (Dr in flight / Cr
 * clearing), failed releases the reservation, in one transaction with the row locked. Only those
 * `listUnknownPayouts` gives can be resolved: one a check can still reach is the reconciler's.
 */
export async function resolvePayout(db: Db, reference: string, outcome: 'paid' | 'failed') {
  const found = await repo.findWithdrawalByReference(db, reference);
  if (!found) throw new PartnersRefused(`no withdrawal has the reference ${reference}`);
  const settled = await db.transaction(async (tx) => {
    const row = (await repo.lockWithdrawal(tx, found.id))!;
    const stopped = row.status === 'PENDING' && row.nextCheckAt === null;
    if (row.status !== 'UNKNOWN' && !stopped) {
      throw new PartnersRefused(
        `withdrawal ${reference} is ${row.status}: only an UNKNOWN one, or a PENDING one no longer checked, is resolved by hand`,
      );
    }
    const moved = await settleWithdrawal(
      tx,
      row,
      { status: outcome === 'paid' ? 'SUCCESS' : 'FAILED', reason: outcome === 'failed' ? 'operator' : null },
      clock.now(),
    );
    await repo.insertEvent(tx, {
      withdrawalId: row.id,
      kind: 'resolved',
      httpStatus: null,
      latencyMs: null,
      body: JSON.stringify({ by: 'operator', outcome }),
      createdAt: clock.now(),
    });
    return moved;
  });
  return settled;
}
