import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../../db/client.ts';
import { KEYED_CONNECTIONS } from '../../../db/keyed.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { chatPair } from '../../../test/chat-factories.ts';
import { plansOf } from '../../../test/plan-cache.ts';
import { SHIELD_READS_IN_FLIGHT } from '../scam-shield/shield-context.repository.ts';
import { SEND_BATCHES_IN_FLIGHT } from './chat-send-batcher.ts';
import { STORE_BATCH, storeBatch } from './messages-batch.repository.ts';

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

  it('has a keyed connection for every group and shield read in flight (db/keyed.ts)', () => {
    expect(KEYED_CONNECTIONS).toBeGreaterThanOrEqual(SEND_BATCHES_IN_FLIGHT + SHIELD_READS_IN_FLIGHT);
  });

  it('reads every table by key through an index, however few rows the tables hold', async () => {
    // A keyed connection, as the group commit borrows it: its settings are the connection's own.
    const client = await t.db.$keyed.connect();
    try {
      await client.query('BEGIN');
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

  it('keeps its generic plan on a connection whose first groups held one send each', async () => {
    const { a, conversationId } = await chatPair(t);
    const one = connectDatabase(t.databaseUrl, { max: 1 });
    try {
      for (let i = 0; i < 7; i += 1) {
        const send = {
          conversationId,
          senderId: a.user.id,
          clientId: randomUUID(),
          text: `hi ${i}`,
          replyToId: null,
        };
        const [result] = (await storeBatch(one.db, [send], new Date())).values();
        expect(result?.stored?.seq).toBe(i + 1);
      }
      // Planned for its parameters, an array of one looked cheaper than the generic plan's guess of
      // ten: every later execution was planned again (2.6 against 0.75 ms a group of one).
      expect(await plansOf(one, STORE_BATCH.name)).toEqual({ generic: 7, custom: 0 });
    } finally {
      await one.close();
    }
  });
});
