import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_STATES, type PaymentState } from '../../../db/schema/billing-payments.ts';
import { createMember } from '../../../test/factories.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { newReference } from './payment-secrets.ts';

// The payments' rules hold in the database itself (migration payments_rules): these tests write SQL
// by hand, as code with a bug could, and see it refused.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

async function paymentIn(status: PaymentState, userId?: string) {
  const owner = userId ?? (await createMember({ db: database.db })).user.id;
  const { rows } = await database.pool.query<{ id: string }>(
    `INSERT INTO payments (reference, user_id, plan_id, method, amount_minor, currency, payer_phone,
       callback_token_hash, status)
     VALUES ($1, $2, $3, 'mobile_money', 499, 'USD', '243812345678', $4, $5) RETURNING id`,
    // A plan of its own each time: the one-open-payment index must not answer first.
    [newReference(), owner, randomUUID(), randomUUID(), status],
  );
  return rows[0]!.id;
}

const move = (id: string, status: PaymentState) =>
  database.pool.query('UPDATE payments SET status = $2 WHERE id = $1', [id, status]);

/** The moves the state machine may make (payment-transitions.ts), and those a person may make from REVIEW. */
function allowed(from: PaymentState, to: PaymentState): boolean {
  if (from === 'SUCCESS') return to === 'REFUND_PENDING' || to === 'REFUNDED';
  if (from === 'REFUND_PENDING') return to === 'REFUNDED';
  return !['FAILED', 'CANCELLED', 'REFUNDED'].includes(from);
}

describe('the payments rules in the database', () => {
  it('refuses every move out of SUCCESS but to a refund state, and every move out of a final state (P10)', async () => {
    const member = await createMember({ db: database.db });
    for (const from of PAYMENT_STATES) {
      for (const to of PAYMENT_STATES.filter((state) => state !== from)) {
        const id = await paymentIn(from, member.user.id);
        const tried = move(id, to);
        if (allowed(from, to)) await expect(tried, `${from} -> ${to}`).resolves.toBeDefined();
        else
          await expect(tried, `${from} -> ${to}`).rejects.toMatchObject({ constraint: 'payments_monotonic' });
      }
    }
  });

  it("keeps the payments of a deleted account without the payer's number", async () => {
    const member = await createMember({ db: database.db });
    const id = await paymentIn('SUCCESS', member.user.id);
    await database.pool.query('DELETE FROM users WHERE id = $1', [member.user.id]);
    const { rows } = await database.pool.query(
      'SELECT user_id, payer_phone, status FROM payments WHERE id = $1',
      [id],
    );
    expect(rows).toEqual([{ user_id: null, payer_phone: null, status: 'SUCCESS' }]);
  });

  it('keeps the audit trail append-only (P21)', async () => {
    const id = await paymentIn('PENDING');
    const { rows } = await database.pool.query<{ id: string }>(
      "INSERT INTO payment_events (payment_id, kind, body) VALUES ($1, 'check', '{}') RETURNING id",
      [id],
    );
    const eventId = rows[0]!.id;
    await expect(
      database.pool.query("UPDATE payment_events SET body = 'x' WHERE id = $1", [eventId]),
    ).rejects.toThrow(/append-only/);
    await expect(database.pool.query('DELETE FROM payment_events WHERE id = $1', [eventId])).rejects.toThrow(
      /append-only/,
    );
  });
});
