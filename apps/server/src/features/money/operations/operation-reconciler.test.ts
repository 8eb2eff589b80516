import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../../db/client.ts';
import { ledgerTestDatabase } from '../../../test/ledger-bed.ts';
import type { OperationKind } from './operation-kind.ts';
import { reconcileOperation, sweepDueOperations } from './operation-reconciler.service.ts';

/**
 * The reconciler over an operation kind that is neither a payment nor a payout: a tiny table of the
 * test's own and a provider answering from a map. What a kind writes is all the reconciler needs.
 */
const database = ledgerTestDatabase();

type Row = { id: string; state: string; attempts: number };
type Observed = 'paid' | 'unknown';

beforeAll(async () => {
  await database.db.execute(sql`
    CREATE TABLE test_operations (
      id text PRIMARY KEY, state text NOT NULL, lease_until timestamptz, last_checked_at timestamptz,
      next_check_at timestamptz, check_attempts int NOT NULL DEFAULT 0, created_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE test_operation_events (id serial PRIMARY KEY, operation_id text NOT NULL, body text NOT NULL);`);
});

const rows = async (db: DbOrTx, query: ReturnType<typeof sql>) => (await db.execute(query)).rows as Row[];

/** A kind over test_operations; `answers` is the provider, `announced` what it said after commits. */
function testKind(answers: Map<string, Observed>, options: { failApply?: number; code?: string } = {}) {
  const announced: string[] = [];
  const asked: string[] = [];
  let failures = options.failApply ?? 0;
  const select = sql`id, state, check_attempts AS attempts`;
  const kind: OperationKind<Row, Observed, string> = {
    name: 'test operation',
    takeLease: async (db, id, now, leaseUntil, checkedBefore) =>
      (
        await rows(
          db,
          sql`UPDATE test_operations SET lease_until = ${leaseUntil}, last_checked_at = ${now}
              WHERE id = ${id} AND (lease_until IS NULL OR lease_until <= ${now})
              AND (${checkedBefore}::timestamptz IS NULL OR last_checked_at IS NULL OR last_checked_at <= ${checkedBefore})
              RETURNING ${select}`,
        )
      )[0],
    releaseLease: async (db, id, leaseUntil) => {
      await db.execute(
        sql`UPDATE test_operations SET lease_until = NULL WHERE id = ${id} AND lease_until = ${leaseUntil}`,
      );
    },
    isFinal: (row) => row.state === 'done',
    check: async (row, { onExchange }) => {
      asked.push(row.id);
      onExchange({ operation: 'check', httpStatus: 200, latencyMs: 1, body: `asked ${row.id}` });
      return answers.get(row.id) ?? 'unknown';
    },
    lock: async (tx, id) =>
      (await rows(tx, sql`SELECT ${select} FROM test_operations WHERE id = ${id} FOR UPDATE`))[0],
    recordExchange: async (tx, row, exchange) => {
      await tx.execute(
        sql`INSERT INTO test_operation_events (operation_id, body) VALUES (${row.id}, ${exchange.body})`,
      );
    },
    apply: async (tx, row, observed) => {
      if (observed !== 'paid') return null;
      const [moved] = await rows(
        tx,
        sql`UPDATE test_operations SET state = 'done', next_check_at = NULL WHERE id = ${row.id} AND state = ${row.state} RETURNING ${select}`,
      );
      if (failures-- > 0) throw Object.assign(new Error('planted'), { code: options.code ?? '40001' });
      return { row: moved!, move: `${row.state}->done` };
    },
    announce: async (row, move) => {
      announced.push(`${row.id} ${move}`);
    },
    backoffMs: (attempts) => 60_000 * (attempts + 1),
    checkForMs: 3_600_000,
    lockDue: async (tx, now, since, limit) =>
      (
        await tx.execute(sql`SELECT id, check_attempts AS "checkAttempts" FROM test_operations
          WHERE next_check_at <= ${now} AND created_at > ${since} ORDER BY next_check_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`)
      ).rows as { id: string; checkAttempts: number }[],
    schedule: async (tx, id, at, attempts) => {
      await tx.execute(
        sql`UPDATE test_operations SET next_check_at = ${at}, check_attempts = ${attempts} WHERE id = ${id}`,
      );
    },
    stopCheckingBefore: async (db, since) => {
      await db.execute(sql`UPDATE test_operations SET next_check_at = NULL WHERE created_at <= ${since}`);
    },
  };
  return { kind, announced, asked };
}

async function operation(id: string, fields: { createdAgoMs?: number; due?: boolean } = {}) {
  const created = new Date(Date.now() - (fields.createdAgoMs ?? 0));
  await database.db.execute(sql`INSERT INTO test_operations (id, state, created_at, next_check_at)
    VALUES (${id}, 'open', ${created}, ${fields.due ? created : null})`);
}
const stored = async (id: string) =>
  (
    await rows(
      database.db,
      sql`SELECT id, state, check_attempts AS attempts FROM test_operations WHERE id = ${id}`,
    )
  )[0];
const events = async (id: string) =>
  (await database.db.execute(sql`SELECT body FROM test_operation_events WHERE operation_id = ${id}`)).rows;

describe('the reconciler over any operation kind', () => {
  it('checks at the provider, moves the row with its audit events in one transaction, then announces', async () => {
    await operation('a');
    const { kind, announced } = testKind(new Map([['a', 'paid']]));
    expect(await reconcileOperation(database.db, kind, 'a')).toMatchObject({ ran: true, move: 'open->done' });
    expect(await stored('a')).toMatchObject({ state: 'done' });
    expect(await events('a')).toEqual([{ body: 'asked a' }]);
    expect(announced).toEqual(['a open->done']);
    // A final row is not checked again.
    const again = testKind(new Map([['a', 'paid']]));
    expect(await reconcileOperation(database.db, again.kind, 'a')).toMatchObject({ ran: true, move: null });
    expect(again.asked).toEqual([]);
  });

  it('one check at a time: a row whose last check is too recent is not asked again', async () => {
    await operation('b');
    const { kind, asked } = testKind(new Map());
    expect(await reconcileOperation(database.db, kind, 'b')).toMatchObject({ ran: true, move: null });
    expect(await reconcileOperation(database.db, kind, 'b', { minIntervalMs: 60_000 })).toEqual({
      ran: false,
    });
    expect(asked).toEqual(['b']);
  });

  it('retries a serialisation failure: the move and its events are stored once', async () => {
    await operation('c');
    const { kind, announced } = testKind(new Map([['c', 'paid']]), { failApply: 2 });
    expect(await reconcileOperation(database.db, kind, 'c')).toMatchObject({ ran: true, move: 'open->done' });
    expect(await events('c')).toHaveLength(1);
    expect(announced).toEqual(['c open->done']);
  });

  it('any other failure rolls the whole move back and announces nothing', async () => {
    await operation('d');
    const { kind, announced } = testKind(new Map([['d', 'paid']]), { failApply: 1, code: '23505' });
    await expect(reconcileOperation(database.db, kind, 'd')).rejects.toThrow('planted');
    expect(await stored('d')).toMatchObject({ state: 'open' });
    expect(await events('d')).toEqual([]);
    expect(announced).toEqual([]);
  });

  it('sweeps the due rows along the back-off and stops checking those older than the kind allows', async () => {
    await operation('due-1', { due: true, createdAgoMs: 1_000 });
    await operation('due-2', { due: true, createdAgoMs: 1_000 });
    await operation('too-old', { due: true, createdAgoMs: 2 * 3_600_000 });
    await operation('not-due');
    const { kind, asked } = testKind(new Map([['due-1', 'paid']]));
    const due = await sweepDueOperations(database.db, kind, { batch: 10, concurrency: 2 });
    expect(due.map((row) => row.id).sort()).toEqual(['due-1', 'due-2']);
    expect(asked.sort()).toEqual(['due-1', 'due-2']);
    expect(await stored('due-1')).toMatchObject({ state: 'done', attempts: 1 });
    const [next] = (
      await database.db
        .execute(sql`SELECT next_check_at - now() > interval '100 seconds' AS later, check_attempts
        FROM test_operations WHERE id = 'due-2'`)
    ).rows;
    expect(next).toEqual({ later: true, check_attempts: 1 });
    const [old] = (
      await database.db.execute(sql`SELECT next_check_at FROM test_operations WHERE id = 'too-old'`)
    ).rows;
    expect(old).toEqual({ next_check_at: null });
  });
});
