import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentRow } from '../../../db/schema.ts';
import { passesOf, paymentIn, planOf } from '../../../test/billing-factories.ts';
import { createMember } from '../../../test/factories.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { clock } from '../../../lib/clock.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import { passesPaymentHook } from '../passes/passes-payment-hook.ts';
import { settleSideEffects } from './payment-settlement.service.ts';
import * as repo from './payments.repository.ts';

// A payment's move and what it books go in one transaction: the ledger takes only the caller's.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** A pending payment of a new member's, ready to be settled. */
async function pendingPayment(): Promise<PaymentRow> {
  const member = await createMember({ db: database.db });
  return paymentIn(database.db, 'PENDING', member.user.id, await planOf(database.db, 'month'));
}

/** Moves the payment to SUCCESS with its side effects in one transaction, then runs `after` in it. */
function settle(payment: PaymentRow, after: () => void = () => {}, feePercent = 0) {
  return database.db.transaction(async (tx) => {
    const now = clock.now();
    const moved = await repo.moveState(tx, payment.id, 'PENDING', {
      status: 'SUCCESS',
      settledAt: now,
      updatedAt: now,
    });
    // The jobs are not reached: the pass sends none.
    const settlement = { paymentHooks: [passesPaymentHook], jobs: {} as JobQueue, feePercent };
    await settleSideEffects(settlement, tx, moved!, 'PENDING', now);
    after();
  });
}

async function booked(paymentId: string) {
  const { rows } = await database.pool.query<{ key: string; source: string; postings: string }>(
    `SELECT e.idempotency_key AS key, e.source_kind || ':' || e.source_id AS source, count(p.id)::text AS postings
       FROM journal_entries e JOIN postings p ON p.entry_id = e.id
      WHERE e.source_id = $1 OR e.idempotency_key LIKE 'payment:' || $1 || ':%'
      GROUP BY e.id`,
    [paymentId],
  );
  return rows;
}

describe('a settlement and its entry', () => {
  it('commit together: the entry names the payment it comes from', async () => {
    const payment = await pendingPayment();
    await settle(payment);
    expect(await booked(payment.id)).toEqual([
      { key: `payment:${payment.id}:settled`, source: `payment:${payment.id}`, postings: '2' },
    ]);
    expect(await passesOf(database.db, payment.userId!)).toHaveLength(1);
  });

  it('roll back together: a failure after the posting leaves no entry, no posting and no pass', async () => {
    const payment = await pendingPayment();
    await expect(
      settle(payment, () => {
        throw new Error('the settlement failed after the posting');
      }),
    ).rejects.toThrow('the settlement failed');
    expect(await booked(payment.id)).toEqual([]);
    expect(await passesOf(database.db, payment.userId!)).toEqual([]);
    const { rows } = await database.pool.query('SELECT status FROM payments WHERE id = $1', [payment.id]);
    expect(rows).toEqual([{ status: 'PENDING' }]);
  });

  it("book FlexPay's fee with the settlement and return it with the refund", async () => {
    const payment = await pendingPayment();
    await settle(payment, () => {}, 2.5);
    const fee = Math.round((payment.amountMinor * 2.5) / 100);
    expect(fee).toBeGreaterThan(0);
    const lines = async (key: string) =>
      (
        await database.pool.query<{ account: string; amount: string }>(
          `SELECT a.name AS account, p.amount_minor::text AS amount FROM journal_entries e
             JOIN postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
            WHERE e.idempotency_key = $1 ORDER BY a.name`,
          [key],
        )
      ).rows;
    expect(await lines(`payment:${payment.id}:fee`)).toEqual([
      { account: 'platform:fees', amount: String(fee) },
      { account: 'platform:flexpay_clearing', amount: String(-fee) },
    ]);
    await database.db.transaction(async (tx) => {
      const now = clock.now();
      const refunded = await repo.moveState(tx, payment.id, 'SUCCESS', {
        status: 'REFUNDED',
        updatedAt: now,
      });
      const settlement = { paymentHooks: [passesPaymentHook], jobs: {} as JobQueue, feePercent: 2.5 };
      await settleSideEffects(settlement, tx, refunded!, 'SUCCESS', now);
    });
    expect(await lines(`payment:${payment.id}:fee_returned`)).toEqual([
      { account: 'platform:fees', amount: String(-fee) },
      { account: 'platform:flexpay_clearing', amount: String(fee) },
    ]);
  });

  it('book no fee at a 0 rate, and a refund then returns none', async () => {
    const payment = await pendingPayment();
    await settle(payment);
    expect((await booked(payment.id)).map((entry) => entry.key)).toEqual([`payment:${payment.id}:settled`]);
  });
});
