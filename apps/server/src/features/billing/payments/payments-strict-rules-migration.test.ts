import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { migrationBed } from '../../../test/migration-bed.ts';
import { PAYMENT_STATES } from '../../../db/schema/billing-payments.ts';
import { newReference } from './payment-secrets.ts';

// Migration payments_strict_rules applied, as on a running deployment, over payments the app wrote
// before it: every state, with settled_at as the code set it, and two rows written by hand that its
// CHECK would refuse.

const bed = migrationBed('0035_payments_strict_rules');
const database = () => bed.database();
const MONTH = '5a0d3c1e-7b21-4c59-9f0e-000000000030';

const insert = (status: string, settledAt: Date | null) =>
  database().pool.query<{ id: string }>(
    `INSERT INTO payments (reference, plan_id, method, amount_minor, currency, callback_token_hash, status,
       settled_at, updated_at)
     VALUES ($1, $2, 'card', 499, 'USD', $3, $4, $5, '2026-01-02T03:04:05Z') RETURNING id`,
    [newReference(), MONTH, randomUUID(), status, settledAt],
  );

describe('migration payments_strict_rules', () => {
  it('applies over the payments stored before it, keeping each and settling only what was paid', async () => {
    const paidAt = new Date('2026-01-01T10:00:00Z');
    const settled = ['SUCCESS', 'REFUND_PENDING', 'REFUNDED'];
    for (const status of PAYMENT_STATES) await insert(status, settled.includes(status) ? paidAt : null);
    const { id: unsettledSuccess } = (await insert('SUCCESS', null)).rows[0]!;
    const { id: settledFailure } = (await insert('FAILED', paidAt)).rows[0]!;

    await bed.apply();

    const { rows } = await database().pool.query<{ id: string; status: string; settled_at: Date | null }>(
      'SELECT id, status, settled_at FROM payments',
    );
    expect(rows).toHaveLength(PAYMENT_STATES.length + 2);
    for (const row of rows) {
      if (row.id === unsettledSuccess) expect(row.settled_at).toEqual(new Date('2026-01-02T03:04:05Z'));
      else if (row.id === settledFailure) expect(row.settled_at).toBeNull();
      else expect(row.settled_at, row.status).toEqual(settled.includes(row.status) ? paidAt : null);
    }
    const { rows: types } = await database().pool.query(
      `SELECT data_type FROM information_schema.columns WHERE table_name = 'payments' AND column_name = 'plan_id'`,
    );
    expect(types).toEqual([{ data_type: 'uuid' }]);
  });
});
