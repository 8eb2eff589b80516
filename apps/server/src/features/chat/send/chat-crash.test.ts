// @slow-tier crashes the server's process while messages are sent.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@motema/shared/chat';
import { buildConversation, send } from '../../../test/chat-factories.ts';
import { waitFor } from '../../../test/factories.ts';
import { startServerProcess, type ServerProcess } from '../../../test/server-process.ts';
import { socketClients } from '../../../test/socket-test-bed.ts';
import { createTestDatabase } from '../../../test/test-database.ts';

type Database = Awaited<ReturnType<typeof createTestDatabase>>;

/**
 * kill -9 of the real server process (`main.ts`) around the commit of a message, then the client's
 * retry with the same client id after a restart: exactly one message, whatever the moment (QUALITY C1).
 */
describe('kill -9 of the server around a message commit', () => {
  let database: Database;
  let server: ServerProcess;
  const sockets = socketClients();
  const t = {
    get db() {
      return database.db;
    },
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServerProcess({ databaseUrl: database.url });
  }, 60_000);
  afterAll(async () => {
    await server?.dispose();
    await database?.close();
  });

  const open = (cookie: string) => sockets.open(server.url, cookie);

  async function stored(conversationId: string) {
    const { rows: messages } = await database.pool.query<{ id: string; seq: number; client_id: string }>(
      'select id, seq, client_id from messages where conversation_id = $1 order by seq',
      [conversationId],
    );
    const { rows } = await database.pool.query<{ last_seq: number }>(
      'select last_seq from conversations where id = $1',
      [conversationId],
    );
    return { messages, lastSeq: rows[0]!.last_seq };
  }

  /** Sessions of other processes still working in this database (the dead server's transaction). */
  async function busyBackends() {
    const { rows } = await database.pool.query<{ count: string }>(
      `select count(*) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`,
    );
    return Number(rows[0]!.count);
  }

  it('before the commit: nothing is stored, and the retry after a restart stores it once', async () => {
    const conversation = await buildConversation(t);
    const [, y] = conversation.members;
    const payload = {
      clientId: randomUUID(),
      conversationId: conversation.id,
      text: 'sent as the server died',
    };

    // The test holds the conversation row: the server's send waits inside its transaction.
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('select id from conversations where id = $1 for update', [conversation.id]);
      const socket = await open(y.cookie);
      let acked = false;
      socket.emit('chats:messages:send', payload, () => void (acked = true));
      await waitFor(async () => {
        const { rows } = await database.pool.query<{ count: string }>(
          `select count(*) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return Number(rows[0]!.count) > 0 ? true : undefined;
      }, 'the send to wait for the row lock');

      expect(await server.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
      await locker.query('rollback');
      expect(acked).toBe(false);
    } finally {
      await locker.end();
    }
    // The dead server's transaction is rolled back by PostgreSQL, its sequence number with it.
    await waitFor(
      async () => ((await busyBackends()) === 0 ? true : undefined),
      'the dead transaction to end',
    );
    expect(await stored(conversation.id)).toEqual({ messages: [], lastSeq: 0 });

    await server.restart();
    const socket = await open(y.cookie);
    const ack = await send(socket, payload);
    expect(ack).toMatchObject({
      ok: true,
      message: { seq: 1, clientId: payload.clientId, text: payload.text },
    });
    expect(await send(socket, payload)).toEqual(ack);
    const after = await stored(conversation.id);
    expect(after.messages).toEqual([
      { id: (ack as { message: Message }).message._id, seq: 1, client_id: payload.clientId },
    ]);
    expect(after.lastSeq).toBe(1);
  }, 90_000);

  it('after the commit: the retry after a restart gets the stored message, not a second one', async () => {
    const conversation = await buildConversation(t);
    const [, y] = conversation.members;
    const payload = { clientId: randomUUID(), conversationId: conversation.id, text: 'committed, ack lost' };

    const socket = await open(y.cookie);
    // The client never sees this ack: as if the connection dropped just after the commit.
    socket.emit('chats:messages:send', payload, () => {});
    const row = await waitFor(async () => (await stored(conversation.id)).messages[0], 'the committed row');
    expect(await server.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });

    await server.restart();
    const again = await open(y.cookie);
    const ack = await send(again, payload);
    expect(ack).toMatchObject({
      ok: true,
      message: { _id: row.id, seq: row.seq, clientId: payload.clientId },
    });
    expect(row.seq).toBe(1);
    expect(await send(again, payload)).toEqual(ack);
    expect(await stored(conversation.id)).toEqual({
      messages: [{ id: row.id, seq: 1, client_id: payload.clientId }],
      lastSeq: 1,
    });
    // The next message takes the next number: the crash left no gap.
    const next = await send(again, { ...payload, clientId: randomUUID(), text: 'and the next one' });
    expect(next).toMatchObject({ ok: true, message: { seq: 2 } });
  }, 90_000);
});
