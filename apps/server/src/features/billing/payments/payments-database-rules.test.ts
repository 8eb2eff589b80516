import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_STATES, type PaymentState } from '../../../db/schema/billing-payments.ts';
import { paymentIn, planOf } from '../../../test/billing-factories.ts';
import { createMember } from '../../../test/factories.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { newReference } from './payment-secrets.ts';
import { INITIAL_STATES, SETTLED_STATES, TRANSITIONS } from './payment-transitions.ts';

// The payments' rules hold in the database itself (migrations payments_rules and
// payments_strict_rules): these tests write SQL by hand, as code with a bug could, and see it refused.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** A payment in `status`, got there the code's way; of no one by default, so that the one-open-payment index never answers first. */
async function storedIn(status: PaymentState, userId: string | null = null) {
  return (await paymentIn(database.db, status, userId, await planOf(database.db, 'month'))).id;
}

const insertIn = (status: PaymentState, planId: string, settledAt: Date | null = null) =>
  database.pool.query(
    `INSERT INTO payments (reference, plan_id, method, amount_minor, currency, payer_phone,
       callback_token_hash, status, settled_at)
     VALUES ($1, $2, 'mobile_money', 499, 'USD', '243812345678', $3, $4, $5) RETURNING id`,
    [newReference(), planId, randomUUID(), status, settledAt],
  );

/** A bare move, with `settled_at` as the CHECK wants it for `to`: only the transitions' trigger may answer. */
const move = (id: string, to: PaymentState) =>
  database.pool.query(
    `UPDATE payments SET status = $2::text,
       settled_at = CASE WHEN $2::text = ANY($3::text[]) THEN coalesce(settled_at, now()) END
     WHERE id = $1`,
    [id, to, SETTLED_STATES],
  );

/** 'done', or the name of the constraint that refused the statement. */
const answerOf = (statement: Promise<unknown>) =>
  statement.then(
    () => 'done',
    (error: { constraint?: string; message: string }) => error.constraint ?? error.message,
  );

describe('the payments rules in the database', () => {
  it('allows exactly the moves of the state machine (payment-transitions.ts TRANSITIONS) and refuses every other (P10)', async () => {
    const differences: string[] = [];
    for (const from of PAYMENT_STATES) {
      for (const to of PAYMENT_STATES.filter((state) => state !== from)) {
        const answer = await answerOf(move(await storedIn(from), to));
        if (answer !== (TRANSITIONS[from].includes(to) ? 'done' : 'payments_monotonic'))
          differences.push(`${from} -> ${to}: ${answer}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('stores a payment only in its initial state', async () => {
    const plan = await planOf(database.db, 'week');
    const differences: string[] = [];
    for (const status of PAYMENT_STATES) {
      const settledAt = SETTLED_STATES.includes(status) ? new Date() : null;
      const answer = await answerOf(insertIn(status, plan.id, settledAt));
      if (answer !== (INITIAL_STATES.includes(status) ? 'done' : 'payments_monotonic'))
        differences.push(`INSERT ${status}: ${answer}`);
    }
    expect(differences).toEqual([]);
  });

  it('ties settled_at to the states whose money was received', async () => {
    const success = await storedIn('PENDING');
    await expect(
      database.pool.query("UPDATE payments SET status = 'SUCCESS' WHERE id = $1", [success]),
    ).rejects.toMatchObject({ constraint: 'payments_settled_at_when_settled' });
    const pending = await storedIn('PENDING');
    await expect(
      database.pool.query('UPDATE payments SET settled_at = now() WHERE id = $1', [pending]),
    ).rejects.toMatchObject({ constraint: 'payments_settled_at_when_settled' });
    const settled = await storedIn('SUCCESS');
    await expect(
      database.pool.query('UPDATE payments SET settled_at = NULL WHERE id = $1', [settled]),
    ).rejects.toMatchObject({ constraint: 'payments_settled_at_when_settled' });
    // A refund keeps the settlement it undoes.
    await expect(
      database.pool.query("UPDATE payments SET status = 'REFUNDED' WHERE id = $1", [settled]),
    ).resolves.toBeDefined();
  });

  it('refuses a payment of a plan that does not exist, and the deletion of a plan that was paid for', async () => {
    await expect(insertIn('CREATED', randomUUID())).rejects.toMatchObject({
      constraint: 'payments_plan_id_subscription_plans_id_fk',
    });
    await storedIn('FAILED');
    const plan = await planOf(database.db, 'month');
    await expect(
      database.pool.query('DELETE FROM subscription_plans WHERE id = $1', [plan.id]),
    ).rejects.toMatchObject({ constraint: 'payments_plan_id_subscription_plans_id_fk' });
  });

  it('keeps every amount of money in one integer type (M1)', async () => {
    const { rows } = await database.pool.query<{ column: string; type: string }>(
      `SELECT table_name || '.' || column_name AS column, data_type AS type FROM information_schema.columns
        WHERE table_schema = 'public'
          AND (table_name, column_name) IN (('payments', 'amount_minor'), ('postings', 'amount_minor'),
            ('account_balances', 'balance_minor'), ('subscription_plans', 'cost_usd'),
            ('subscription_plans', 'cost_cdf'))`,
    );
    expect(rows).toHaveLength(5);
    expect(rows.filter((row) => row.type !== 'bigint')).toEqual([]);
  });

  it("keeps the payments of a deleted account without the payer's number", async () => {
    const member = await createMember({ db: database.db });
    const id = await storedIn('SUCCESS', member.user.id);
    await database.pool.query("UPDATE payments SET payer_phone = '243812345678' WHERE id = $1", [id]);
    await database.pool.query('DELETE FROM users WHERE id = $1', [member.user.id]);
    const { rows } = await database.pool.query(
      'SELECT user_id, payer_phone, status FROM payments WHERE id = $1',
      [id],
    );
    expect(rows).toEqual([{ user_id: null, payer_phone: null, status: 'SUCCESS' }]);
  });

  it('keeps the audit trail append-only (P21)', async () => {
    const id = await storedIn('PENDING');
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
