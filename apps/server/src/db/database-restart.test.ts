// @slow-tier crashes and restarts the database under load.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConversation } from '../test/chat-factories.ts';
import type { Member } from '../test/factories.ts';
import { startResendingChatClient, type ResendingChatClient } from '../test/resending-chat-client.ts';
import { startRestartablePostgres, type RestartablePostgres } from '../test/restartable-postgres.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { within } from '../test/socket-test-bed.ts';
import { connectDatabase } from './client.ts';

const RESTARTS = 20;
const CLIENTS = 20;
/** Each client writes a message this often (2 to 3 a second: under the limit of 300 a minute). */
const SEND_EVERY_MS = 400;
/** Loops asking the API for conversation lists, each pausing this long between two requests. */
const API_LOOPS = 4;
const API_PAUSE_MS = 20;
/** Chat and API load between two restarts (at least: every client is also acknowledged again). */
const LOAD_BETWEEN_MS = 1000;
/**
 * After the database accepts connections again, the app must answer its health check before this: a
 * guard against an app that never comes back, not a timing bar (QUALITY F1 sets none; the test prints
 * the recovery times). CI's shared machines took more than 5 s once, and more than 30 s in two
 * fresh-clone runs of December 4, every health answer a 503 meanwhile and the server logging its
 * pool's "timeout exceeded when trying to connect": a failure now prints what PostgreSQL's
 * connections were doing and its log.
 */
const RECOVERY_LIMIT_MS = 60_000;
const HEALTH_POLL_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Whether the process `pid` still runs (signal 0 only checks). */
function alive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** What each connection to the database is doing (pg_stat_activity), for the message of a failure. */
async function connectionsOf(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query(
      `SELECT application_name, backend_type, state, wait_event_type, wait_event,
              round(extract(epoch FROM now() - state_change) * 1000) AS ms_in_state, left(query, 100) AS query
         FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return rows.map((row) => JSON.stringify(row)).join('\n') || '(none)';
  } catch (error) {
    return `(not read: ${String(error)})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

type Answer = { status: number; code?: string } | { status: 'no answer'; error: string };

/** One request: its status and error code, or 'no answer' when the server did not answer at all. */
async function ask(url: string, cookie?: string): Promise<Answer> {
  try {
    const res = await fetch(url, { headers: cookie ? { cookie } : {}, signal: AbortSignal.timeout(10_000) });
    const body = (await res.json().catch(() => ({}))) as { code?: string };
    return { status: res.status, code: body.code };
  } catch (error) {
    return { status: 'no answer', error: String(error) };
  }
}

/** The answers that are neither a success nor the app's "try again in a moment", by kind. */
function unexpected(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    if (answer.status === 200 || (answer.status === 503 && answer.code === 'service_unavailable')) continue;
    const key =
      answer.status === 'no answer' ? `no answer: ${answer.error}` : `${answer.status} ${answer.code}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/**
 * QUALITY F1: the database crashes and restarts (`pg_ctl restart -m immediate`: every connection cut
 * mid-query, no checkpoint) RESTARTS times under the real server process, while members chat over
 * real sockets (resending as the web app does) and the API is read. The server never goes down,
 * answers 503 service_unavailable while the database is away (never a 500), is healthy again within
 * seconds, and every acknowledged message is stored exactly once.
 */
describe('PostgreSQL restarts under load', () => {
  let postgres: RestartablePostgres;
  let node: ServerProcess;

  beforeAll(async () => {
    postgres = await startRestartablePostgres('motema');
    // The server makes its tables (migrations) on this empty database.
    node = await startServerProcess({ databaseUrl: postgres.url });
  }, 120_000);
  afterAll(async () => {
    await node?.dispose();
    await postgres?.dispose();
  });

  it(`keeps serving through ${RESTARTS} immediate restarts of the database, losing no acknowledged message`, async () => {
    // Members and their conversations (two members each) straight in the database.
    const fixtures = connectDatabase(postgres.url, { max: 4 });
    const members: Member[] = [];
    const conversationOf: string[] = [];
    try {
      for (let i = 0; i < CLIENTS; i += 2) {
        const conversation = await buildConversation({ db: fixtures.db });
        members.push(...conversation.members);
        conversationOf.push(conversation.id, conversation.id);
      }
    } finally {
      await fixtures.close();
    }

    const clients: ResendingChatClient[] = members.map((member, i) =>
      startResendingChatClient(node.url, member.cookie, conversationOf[i]!, SEND_EVERY_MS),
    );

    /** Waits for `done` while checking that the server process still runs. */
    const serving = async (done: () => boolean, what: string, timeoutMs = 30_000) => {
      const deadline = performance.now() + timeoutMs;
      while (!done()) {
        expect(alive(node.pid()), `the server died:\n${node.output()}`).toBe(true);
        if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await sleep(10);
      }
    };

    const apiAnswers: Answer[] = [];
    let loading = true;
    const apiLoad = Array.from({ length: API_LOOPS }, async (_, loop) => {
      for (let i = loop; loading; i += API_LOOPS) {
        apiAnswers.push(await ask(`${node.url}/api/conversations`, members[i % CLIENTS]!.cookie));
        await sleep(API_PAUSE_MS);
      }
    });

    const healthAnswers: Answer[] = [];
    const recoveries: number[] = [];
    const outages: number[] = [];
    const chatRecoveries: number[] = [];
    /** Resolves once every client had a message acknowledged from now on. */
    const everyClientAcked = (what: string) => {
      const before = clients.map((client) => client.acked.size);
      return serving(() => clients.every((client, i) => client.acked.size > before[i]!), what);
    };
    try {
      await everyClientAcked('the first messages');
      for (let restart = 1; restart <= RESTARTS; restart += 1) {
        await sleep(LOAD_BETWEEN_MS);
        // Two members' phones change networks as the database goes away: they connect during the outage.
        clients[restart % CLIENTS]!.drop();
        clients[(restart + CLIENTS / 2) % CLIENTS]!.drop();

        const crashedAt = performance.now();
        let restarting = true;
        const probing = (async () => {
          while (restarting) {
            healthAnswers.push(await ask(`${node.url}/api/health`));
            await sleep(HEALTH_POLL_MS);
          }
        })();
        await postgres.restart();
        const databaseBack = performance.now();
        restarting = false;
        await probing;

        let healthy: Answer = await ask(`${node.url}/api/health`);
        /** The health check's answers since the database was back, for the message of a failure. */
        const sinceBack: string[] = [];
        while (healthy.status !== 200) {
          healthAnswers.push(healthy);
          sinceBack.push(`${(performance.now() - databaseBack).toFixed(0)} ms: ${JSON.stringify(healthy)}`);
          expect(alive(node.pid()), `the server died:\n${node.output()}`).toBe(true);
          if (performance.now() - databaseBack >= RECOVERY_LIMIT_MS) {
            throw new Error(
              `health not back ${RECOVERY_LIMIT_MS} ms after restart ${restart}; its answers since the database was back (last 30):\n${sinceBack.slice(-30).join('\n')}\nthe connections PostgreSQL had:\n${await connectionsOf(postgres.url)}\nthe server's last output:\n${node.output().slice(-3000)}\nPostgreSQL's log:\n${postgres.logTail(4000)}`,
            );
          }
          await sleep(HEALTH_POLL_MS);
          healthy = await ask(`${node.url}/api/health`);
        }
        const healthyAt = performance.now();
        recoveries.push(healthyAt - databaseBack);
        outages.push(healthyAt - crashedAt);
        await everyClientAcked(`chat after restart ${restart}`);
        chatRecoveries.push(performance.now() - databaseBack);
      }
      // Every client's message on its way is acknowledged, then the clients leave.
      await within(Promise.all(clients.map((client) => client.stop())), 'the last messages', 30_000);
    } finally {
      loading = false;
      await Promise.all(apiLoad);
      for (const client of clients) client.close();
    }
    expect(alive(node.pid()), `the server died:\n${node.output()}`).toBe(true);
    expect((await ask(`${node.url}/api/health`)).status).toBe(200);
    // Not even an exception that the process guards pinned on one client (decision 0012).
    expect(node.output()).not.toMatch(/uncaught exception|Unhandled 'error' event/i);

    const check = connectDatabase(postgres.url, { max: 1 });
    let rows: { id: string; sender_id: string; client_id: string; conversation_id: string; seq: number }[];
    try {
      ({ rows } = await check.pool.query(
        'select id, sender_id, client_id, conversation_id, seq from messages order by conversation_id, seq',
      ));
    } finally {
      await check.close();
    }
    const stored = new Map(rows.map((row) => [`${row.sender_id}:${row.client_id}`, row.id]));
    const acked = new Map(
      clients.flatMap((client, i) =>
        [...client.acked].map(([clientId, id]) => [`${members[i]!.user.id}:${clientId}`, id] as const),
      ),
    );
    const refusals = clients.flatMap((client) => client.refusals);
    const unanswered = clients.reduce((sum, client) => sum + client.unanswered(), 0);
    const reconnects = clients.reduce((sum, client) => sum + client.reconnects(), 0);
    const recovery = (values: number[]) =>
      `median ${Math.round(median(values))} ms, max ${Math.round(Math.max(...values))} ms`;
    console.log(
      [
        `database restarts (pg_ctl restart -m immediate): ${recoveries.length}`,
        `messages acknowledged: ${acked.size}, stored: ${rows.length}`,
        `sends refused and tried again: ${refusals.length} (${[...new Set(refusals)].join(', ') || 'none'}), no ack (connection dropped, timeout) and tried again: ${unanswered}`,
        `socket reconnections: ${reconnects}`,
        `API requests: ${apiAnswers.length} (${apiAnswers.filter((a) => a.status === 503).length} answered 503)`,
        `health checks: ${healthAnswers.length + RESTARTS} (${healthAnswers.filter((a) => a.status === 503).length} answered 503)`,
        `health back after the database accepts connections: ${recovery(recoveries)}`,
        `health back after the crash (stop, recovery, start): ${recovery(outages)}`,
        `every chat client acknowledged again after the database is back: ${recovery(chatRecoveries)}`,
      ].join('\n'),
    );

    expect(recoveries).toHaveLength(RESTARTS);
    // Not one acknowledged message lost, none stored twice (the unique client id makes a second row
    // impossible; a retry answered with another id would show here), and nothing stored unacknowledged.
    expect([...acked].filter(([key, id]) => stored.get(key) !== id)).toEqual([]);
    expect(rows.length).toBe(acked.size);
    // Gap-free numbering per conversation: no number was used by a send the crash rolled back.
    const seqs = new Map<string, number[]>();
    for (const row of rows)
      seqs.set(row.conversation_id, [...(seqs.get(row.conversation_id) ?? []), row.seq]);
    for (const numbers of seqs.values()) expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    // The database's absence was answered as such: 503 service_unavailable, never a 500.
    expect(refusals.filter((code) => code !== 'service_unavailable')).toEqual([]);
    expect(unexpected(apiAnswers)).toEqual({});
    expect(unexpected(healthAnswers)).toEqual({});
    expect(healthAnswers.some((answer) => answer.status === 503)).toBe(true);
    // The members whose connection dropped came back, and every client wrote through the last restart.
    expect(reconnects).toBeGreaterThanOrEqual(2 * RESTARTS);
  }, 240_000);
});
