import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { connectDatabase } from '../../../db/client.ts';
import { chatPair, sent, textMessage } from '../../../test/chat-factories.ts';
import { createMember } from '../../../test/factories.ts';
import { plansOf } from '../../../test/plan-cache.ts';
import { socketTestBed } from '../../../test/socket-test-bed.ts';
import { SHIELD_CONTEXTS, shieldContext } from './shield-context.repository.ts';

// The shield reads the contexts of the sends of one moment in one statement (QUALITY B3): each send
// still gets its own, in its own conversation, a non-member none.

describe('the scam shield’s context of sends read together', () => {
  const bed = socketTestBed();

  it('reads the sends of one moment in one statement, each its own context', async () => {
    const { t } = bed;
    const one = await chatPair(t);
    const two = await chatPair(t);
    const outsider = await createMember(t);
    const first = textMessage(one.conversationId, 'hello');
    const stored = await sent(await bed.socketOf(one.a), first);
    const query = vi.spyOn(pg.Client.prototype, 'query');
    try {
      const [retry, answer, other, stranger] = await Promise.all([
        shieldContext(t.db, one.conversationId, one.a.user.id, first.clientId),
        shieldContext(t.db, one.conversationId, one.b.user.id, randomUUID()),
        shieldContext(t.db, two.conversationId, two.a.user.id, randomUUID()),
        shieldContext(t.db, two.conversationId, outsider.user.id, randomUUID()),
      ]);
      const statements = query.mock.calls.filter(
        ([config]) => (config as { name?: string }).name === 'chat_shield_contexts_v1',
      );
      expect(statements).toHaveLength(1);
      // The sender of the first message retries it: not heard from yet, the stored message found.
      expect(retry).toMatchObject({
        otherId: one.b.user.id,
        heard: false,
        storedId: stored._id,
        heldId: null,
        verificationRequired: false,
      });
      expect(retry?.startedAt).toBeInstanceOf(Date);
      expect(answer).toMatchObject({ otherId: one.a.user.id, heard: true, storedId: null });
      expect(other).toMatchObject({ otherId: two.b.user.id, heard: false, storedId: null });
      expect(stranger).toBeUndefined();
    } finally {
      query.mockRestore();
    }
  });

  it('reads in one round trip: the statement alone on its connection, no transaction around it', async () => {
    const { t } = bed;
    const { a, conversationId } = await chatPair(t);
    const query = vi.spyOn(pg.Client.prototype, 'query');
    try {
      await shieldContext(t.db, conversationId, a.user.id, randomUUID());
      const nameOf = (config: unknown) =>
        typeof config === 'string' ? config : (config as { name?: string }).name;
      const read = query.mock.calls.findIndex(([config]) => nameOf(config) === SHIELD_CONTEXTS.name);
      const connection = query.mock.contexts[read];
      // What the read's connection was asked meanwhile (a transaction's BEGIN and COMMIT would be there).
      const asked = query.mock.calls.filter((_, i) => query.mock.contexts[i] === connection);
      expect(asked.map(([config]) => nameOf(config))).toEqual([SHIELD_CONTEXTS.name]);
    } finally {
      query.mockRestore();
    }
  });

  it('keeps its generic plan on a connection whose first reads held one send each', async () => {
    const { t } = bed;
    const { a, b, conversationId } = await chatPair(t);
    const one = connectDatabase(t.databaseUrl, { max: 1 });
    try {
      for (let i = 0; i < 7; i += 1) {
        const context = await shieldContext(one.db, conversationId, a.user.id, randomUUID());
        expect(context?.otherId).toBe(b.user.id);
      }
      expect(await plansOf(one, 'chat_shield_contexts_v1')).toEqual({ generic: 7, custom: 0 });
    } finally {
      await one.close();
    }
  });

  it('reads messages by key with a plan made while the table was empty', async () => {
    // A keyed connection, as the shield's read borrows it: its settings are the connection's own.
    const client = await bed.t.db.$keyed.connect();
    try {
      await client.query('BEGIN');
      // A new database's first seconds: no message yet, and statistics that say so.
      await client.query('DELETE FROM messages');
      await client.query('ANALYZE messages');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (GENERIC_PLAN) ${SHIELD_CONTEXTS.text}`,
      );
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toContain('messages_sender_client_key');
      expect(plan).not.toMatch(/Seq Scan/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
