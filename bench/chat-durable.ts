/**
 * B3's durable reference: a bare Socket.IO + `pg` server that stores every message before acking it,
 * run as its own process by chat.bench.ts
 * (`node --import tsx bench/chat-durable.ts PORT DATABASE_URL [GROUP_MAX]`).
 * What it shares with the app is what QUALITY's B3 names as the guarantees, and nothing else:
 * - a message is stored once per (sender, client id): a send already stored is answered with the
 *   stored row (same id and sequence), never stored twice (a unique index backs it);
 * - each conversation's sequence is gap-free, allocated in the same transaction as the insert, in
 *   each sender's order (a socket's sends are stored one after the other, as the app does);
 * - the ack goes out only after COMMIT (fsync on, PostgreSQL's defaults), then the message goes to
 *   the other member's room.
 * Otherwise it is as bare as the relay (chat-relay.ts, same socket.io options): the handshake's `auth`
 * says who a socket is and its conversation (no session lookup, no validation, no blocks, no unread
 * counts, no echo to the sender's other devices), on minimal tables of its own (schema `chat_durable`:
 * no foreign keys). It stores as a competent bare server would, by group commit: the sends that arrive
 * while earlier groups are being stored form the next group (no timer; up to 3 groups in flight, 500
 * messages each), one statement in one transaction a group, the app's own scheme (decision 0020), so
 * the ratio measures what the app spends around the storing and not a different way of storing.
 * With GROUP_MAX 1 (the bench's `--durable-group 1`) each message is its own transaction instead, up
 * to the pool's 20 at once: the straightforward server, for comparison.
 * With `checked` after GROUP_MAX it is the **checked** reference (decision 0054; the bench's server
 * `checked`, tables in schema `chat_checked`): the same group commit, whose statement also stores only
 * the sends of a member of the conversation (a `members` row, written when the member's socket
 * connects) with no block either way between the two (`blocks`, empty in the bench but read by key),
 * as any chat server that refuses a non-member must. A send refused so is answered as not stored.
 * Prints `listening PORT` when ready.
 */
import { createServer } from 'node:http';
import pg from 'pg';
import { Server } from 'socket.io';
import { acceptReferenceSocket, referenceMessage, type Ack, type SendPayload } from './chat-reference.ts';

type Row = { id: string; seq: number; senderId: string; clientId: string; createdAt: Date };
type Pending = { senderId: string; payload: SendPayload; done: (row: Row | Error) => void };

const BATCH_MAX = Number(process.argv[4] ?? 500);
const CHECKED = process.argv[5] === 'checked';
/** Each reference's tables in a schema of its own: the bench runs both on one database. */
const S = CHECKED ? 'chat_checked' : 'chat_durable';
const POOL_SIZE = 20;
/** Three groups in flight, as the app; one message a transaction fills the pool instead. */
const BATCHES_IN_FLIGHT = BATCH_MAX === 1 ? POOL_SIZE : 3;

/** The checked reference's own tables: who is in a conversation, and who blocked whom. */
const CHECKED_TABLES = `
  CREATE TABLE IF NOT EXISTS ${S}.members (conversation_id uuid, user_id uuid, PRIMARY KEY (conversation_id, user_id));
  CREATE TABLE IF NOT EXISTS ${S}.blocks (blocker_id uuid, blocked_id uuid, PRIMARY KEY (blocker_id, blocked_id));`;

const SCHEMA = `
  CREATE SCHEMA IF NOT EXISTS ${S};${CHECKED ? CHECKED_TABLES : ''}
  CREATE TABLE IF NOT EXISTS ${S}.conversations (id uuid PRIMARY KEY, last_seq integer NOT NULL);
  CREATE TABLE IF NOT EXISTS ${S}.messages (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    conversation_id uuid NOT NULL,
    seq integer NOT NULL,
    sender_id uuid NOT NULL,
    client_id uuid NOT NULL,
    text text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (conversation_id, seq),
    UNIQUE (sender_id, client_id));`;

/** The checked reference's reads of a send, by key: its sender a member, no block either way. */
const MEMBER_UNBLOCKED = `
        AND EXISTS (SELECT 1 FROM ${S}.members me
          WHERE me.conversation_id = i.conversation_id AND me.user_id = i.sender_id)
        AND NOT EXISTS (SELECT 1 FROM ${S}.members other
          WHERE other.conversation_id = i.conversation_id AND other.user_id <> i.sender_id
            AND (EXISTS (SELECT 1 FROM ${S}.blocks b WHERE b.blocker_id = other.user_id AND b.blocked_id = i.sender_id)
              OR EXISTS (SELECT 1 FROM ${S}.blocks b WHERE b.blocker_id = i.sender_id AND b.blocked_id = other.user_id)))`;

/**
 * One group: the sends not already stored are numbered after their conversation's `last_seq` in
 * arrival order (the upsert locks each conversation row, in id order, so groups never deadlock) and
 * inserted. A send whose client id another group stores meanwhile breaks the unique index: the
 * transaction rolls back whole and the group is tried again, when it finds that row.
 */
const INSERT_GROUP = {
  name: `${S}_insert_group`,
  text: `
    WITH i AS (
      SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[]) WITH ORDINALITY
        AS i(conversation_id, sender_id, client_id, text, ord)
    ), fresh AS (
      SELECT i.*, row_number() OVER (PARTITION BY i.conversation_id ORDER BY i.ord) AS rank FROM i
      WHERE NOT EXISTS (SELECT 1 FROM ${S}.messages m
        WHERE m.sender_id = i.sender_id AND m.client_id = i.client_id)${CHECKED ? MEMBER_UNBLOCKED : ''}
    ), counts AS (
      SELECT conversation_id, count(*)::int AS n FROM fresh GROUP BY conversation_id
    ), next AS (
      INSERT INTO ${S}.conversations AS c (id, last_seq)
      SELECT conversation_id, n FROM counts ORDER BY conversation_id
      ON CONFLICT (id) DO UPDATE SET last_seq = c.last_seq + excluded.last_seq
      RETURNING c.id, c.last_seq
    )
    INSERT INTO ${S}.messages (conversation_id, seq, sender_id, client_id, text)
    SELECT f.conversation_id, next.last_seq - counts.n + f.rank, f.sender_id, f.client_id, f.text
    FROM fresh f JOIN counts USING (conversation_id) JOIN next ON next.id = f.conversation_id
    ORDER BY f.ord
    RETURNING id, seq, sender_id AS "senderId", client_id AS "clientId", created_at AS "createdAt"`,
};
/** The rows already stored under these client ids (retries), read after the group's commit. */
const STORED = {
  name: `${S}_stored`,
  text: `
    SELECT m.id, m.seq, m.sender_id AS "senderId", m.client_id AS "clientId", m.created_at AS "createdAt"
    FROM unnest($1::uuid[], $2::uuid[]) AS i(sender_id, client_id)
    JOIN ${S}.messages m ON m.sender_id = i.sender_id AND m.client_id = i.client_id`,
};

const pool = new pg.Pool({ connectionString: process.argv[3], max: POOL_SIZE });
const queue: Pending[] = [];
let inFlight = 0;
let scheduled = false;

async function insertGroup(group: readonly Pending[]): Promise<Row[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Planned once per connection from the statistics of that moment (an empty table at the start),
    // the client id check would keep a sequential scan of the whole table for every group as it grows:
    // the app's group statement reads by index the same way (messages-batch.repository.ts).
    await client.query('SET LOCAL enable_seqscan = off');
    const { rows } = await client.query<Row>({
      ...INSERT_GROUP,
      values: [
        group.map((send) => send.payload.conversationId),
        group.map((send) => send.senderId),
        group.map((send) => send.payload.clientId),
        group.map((send) => send.payload.text),
      ],
    });
    await client.query('COMMIT');
    client.release();
    return rows;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    client.release(true);
    throw error;
  }
}

/** Stores a group and answers each of its sends, after the commit. */
async function storeGroup(group: readonly Pending[]): Promise<void> {
  let rows: Row[];
  try {
    rows = await insertGroup(group);
  } catch (error) {
    // 23505: a client id stored by another group meanwhile; tried again, it is found.
    if ((error as { code?: string }).code !== '23505') throw error;
    rows = await insertGroup(group);
  }
  const byKey = new Map(rows.map((row) => [`${row.senderId}:${row.clientId}`, row]));
  const missing = group.filter((send) => !byKey.has(`${send.senderId}:${send.payload.clientId}`));
  if (missing.length > 0) {
    const { rows: found } = await pool.query<Row>({
      ...STORED,
      values: [missing.map((send) => send.senderId), missing.map((send) => send.payload.clientId)],
    });
    for (const row of found) byKey.set(`${row.senderId}:${row.clientId}`, row);
  }
  for (const send of group) {
    const row = byKey.get(`${send.senderId}:${send.payload.clientId}`);
    send.done(row ?? new Error('not stored'));
  }
}

function start(): void {
  scheduled = false;
  while (inFlight < BATCHES_IN_FLIGHT && queue.length > 0) {
    const group = queue.splice(0, BATCH_MAX);
    inFlight += 1;
    storeGroup(group)
      .catch((error: unknown) => {
        for (const send of group) send.done(error instanceof Error ? error : new Error(String(error)));
      })
      .finally(() => {
        inFlight -= 1;
        start();
      });
  }
}

function store(senderId: string, payload: SendPayload): Promise<Row> {
  return new Promise((resolve, reject) => {
    queue.push({ senderId, payload, done: (row) => (row instanceof Error ? reject(row) : resolve(row)) });
    if (!scheduled && inFlight < BATCHES_IN_FLIGHT) {
      scheduled = true;
      setImmediate(start);
    }
  });
}

const http = createServer();
const io = new Server(http, { path: '/socket.io', maxHttpBufferSize: 64 * 1024, serveClient: false });
/** conversation id -> the ids of its two members, learnt from the handshakes. */
const members = new Map<string, Set<string>>();

io.on('connection', (socket) => {
  const { auth, sender } = acceptReferenceSocket(socket, members);
  // A socket's sends one after the other: a sender's messages are numbered in the order sent. The
  // checked reference's first waits for its member's row.
  let sending: Promise<unknown> = CHECKED
    ? pool
        .query(`INSERT INTO ${S}.members VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
          auth.conversationId,
          auth.userId,
        ])
        .catch(() => undefined)
    : Promise.resolve();

  socket.on('chats:messages:send', (payload: SendPayload, ack: Ack) => {
    const peers = members.get(payload.conversationId);
    if (!peers?.has(auth.userId)) return ack({ ok: false, code: 'conversation_not_found' });
    const stored = sending.then(() => store(auth.userId, payload));
    sending = stored.catch(() => undefined);
    stored.then(
      (row) => {
        const message = referenceMessage({
          id: row.id,
          clientId: row.clientId,
          conversationId: payload.conversationId,
          seq: row.seq,
          sender,
          text: payload.text,
          createdAt: row.createdAt,
        });
        ack({ ok: true, message });
        for (const peer of peers)
          if (peer !== auth.userId) io.to(`user:${peer}`).emit('chats:messages:new', message);
      },
      () => ack({ ok: false, code: 'service_unavailable' }),
    );
  });
});

await pool.query(SCHEMA);
http.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  const address = http.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
});
process.on('SIGTERM', () => {
  void io.close();
  void pool.end().finally(() => process.exit(0));
});
