import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { migrationBed } from '../../../test/migration-bed.ts';

// Migration ledger_entry_sources applied, as on a running deployment, over the entries the app
// posted before it: a payment's settlement and its refund's reversal, keyed as the payments core
// keys them, and a reversal under a key of another shape.

const bed = migrationBed('0036_ledger_entry_sources');
const database = () => bed.database();

/** An entry as the app posted it before the migration (Dr clearing / Cr revenue, or the opposite). */
async function postBefore(key: string, amount: number, reverses: string | null = null): Promise<string> {
  const client = await database().pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO ledger_accounts (name, currency, kind, may_go_negative)
       VALUES ('platform:flexpay_clearing', 'USD', 'asset', true), ('platform:revenue', 'USD', 'revenue', true)
       ON CONFLICT DO NOTHING`,
    );
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO journal_entries (idempotency_key, fingerprint, kind, description, reverses_entry_id)
       VALUES ($1, '-', $2, 'before the migration', $3) RETURNING id`,
      [key, reverses ? 'reversal' : 'payment_settled', reverses],
    );
    const id = rows[0]!.id;
    await client.query(
      `INSERT INTO postings (entry_id, account_id, currency, amount_minor)
       SELECT $1, id, 'USD', CASE WHEN name = 'platform:flexpay_clearing' THEN $2::bigint ELSE -$2::bigint END
         FROM ledger_accounts WHERE currency = 'USD' AND name IN ('platform:flexpay_clearing', 'platform:revenue')`,
      [id, amount],
    );
    await client.query('COMMIT');
    return id;
  } finally {
    client.release();
  }
}

describe('migration ledger_entry_sources', () => {
  it('names the payment each entry stored before it comes from, and keeps the entries append-only', async () => {
    const refunded = randomUUID();
    const settled = randomUUID();
    const refundedEntry = await postBefore(`payment:${refunded}:settled`, 499);
    await postBefore(`payment:${refunded}:refunded`, -499, refundedEntry);
    await postBefore(`payment:${settled}:settled`, 999);
    const corrected = await postBefore(`payment:${randomUUID()}:settled`, 100);
    const correctedBy = `correction:${randomUUID()}`;
    await postBefore(correctedBy, -100, corrected);
    const { rows: beforeRows } = await database().pool.query('SELECT * FROM postings ORDER BY id');

    await bed.apply();

    const { rows } = await database().pool.query<{ key: string; source: string }>(
      `SELECT idempotency_key AS key, source_kind || ':' || source_id AS source FROM journal_entries`,
    );
    const sourceOf = new Map(rows.map((row) => [row.key, row.source]));
    expect(rows).toHaveLength(5);
    expect(sourceOf.get(`payment:${refunded}:settled`)).toBe(`payment:${refunded}`);
    expect(sourceOf.get(`payment:${refunded}:refunded`)).toBe(`payment:${refunded}`);
    expect(sourceOf.get(`payment:${settled}:settled`)).toBe(`payment:${settled}`);
    // A reversal whose key says nothing takes the source of the entry it reverses.
    const { rows: original } = await database().pool.query<{ source: string }>(
      `SELECT source_kind || ':' || source_id AS source FROM journal_entries WHERE id = $1`,
      [corrected],
    );
    expect(sourceOf.get(correctedBy)).toBe(original[0]!.source);
    expect(await database().pool.query('SELECT * FROM postings ORDER BY id')).toMatchObject({
      rows: beforeRows,
    });
    // The backfill stepped aside for itself alone: an edit is refused again.
    await expect(
      database().pool.query(`UPDATE journal_entries SET source_id = $1`, [randomUUID()]),
    ).rejects.toMatchObject({ code: '23001' });
  });
});
