import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { INDEXES_ONLY, STORE_BATCH } from './messages-batch.repository.ts';

/**
 * The group statement's plan (decision 0025). A named statement keeps the plan made from the
 * statistics of its first executions; made while `messages` was empty, a sequential scan for the
 * client id check was kept and ran for every send as the table grew. The test database's tables hold
 * a handful of rows, where PostgreSQL prefers sequential scans just the same.
 */
describe('chat_store_batch_v3', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('reads every table by key through an index, however few rows the tables hold', async () => {
    const client = await t.db.$client.connect();
    try {
      await client.query('BEGIN');
      await client.query(INDEXES_ONLY);
      // The plan any set of sends gets once the connection has made its generic plan.
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (GENERIC_PLAN) ${STORE_BATCH.text}`,
      );
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toContain('messages_sender_client_key');
      expect(plan).toContain('messages_pkey');
      expect(plan).not.toMatch(/Seq Scan|hashed SubPlan/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
