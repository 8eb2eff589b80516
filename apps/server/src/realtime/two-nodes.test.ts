// @slow-tier joins two server nodes through a Redis server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@motema/shared/chat';
import { buildConversation, ESTABLISHED, send as sendOn, textMessage } from '../test/chat-factories.ts';
import { createMember, findUser, waitFor } from '../test/factories.ts';
import { startRedisServer, type TestRedis } from '../test/redis-server.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import {
  atLeast,
  collect,
  disconnection,
  eventually,
  settle,
  socketClients,
  within,
} from '../test/socket-test-bed.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { CLIENT_LOG_BATCHES_PER_MINUTE } from '../features/devices/client-logs-realtime.ts';

type Database = Awaited<ReturnType<typeof createTestDatabase>>;
const REDIS_PASSWORD = 'redis-secret-4f9a';

/**
 * Two real server processes (`main.ts`) on one PostgreSQL and one real redis-server, as in
 * production behind a load balancer (docs/scaling.md): what one node emits reaches sockets on the
 * other, cross-node checks see every node's sockets, and rate limits count on both together.
 */
describe('two server nodes joined by Redis', () => {
  let database: Database;
  let redis: TestRedis;
  let nodeA: ServerProcess;
  let nodeB: ServerProcess;
  const sockets = socketClients();
  const t = {
    get db() {
      return database.db;
    },
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = await startRedisServer({ password: REDIS_PASSWORD });
    // At the same moment, as in a rolling start (this once found a deadlock in the job queue).
    const started = await Promise.allSettled([
      startServerProcess({ databaseUrl: database.url, redisUrl: redis.url }),
      startServerProcess({ databaseUrl: database.url, redisUrl: redis.url }),
    ]);
    const [a, b] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
    if (a) nodeA = a;
    if (b) nodeB = b;
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    console.log(
      `two nodes: started in ${Math.round(nodeA.startMs())} ms and ${Math.round(nodeB.startMs())} ms`,
    );
  }, 120_000);
  afterAll(async () => {
    await Promise.all([nodeA?.dispose(), nodeB?.dispose()]);
    await redis?.stop();
    await database?.close();
  });

  const open = (node: ServerProcess, cookie: string) => sockets.open(node.url, cookie);

  it('says on start that it runs with Redis, never printing the password', () => {
    expect(nodeA.output()).toContain(`Real time: Redis at redis://:***@127.0.0.1:${redis.port}`);
    expect(nodeA.output()).not.toContain(REDIS_PASSWORD);
  });

  it('closes the sockets of a session logged out through the other node, which refuses it within a second', async () => {
    const member = await createMember(t);
    const profileOnB = async () =>
      (await fetch(`${nodeB.url}/api/users/profile`, { headers: { cookie: member.cookie } })).status;
    // Node B has read the session (and keeps it: decision 0062).
    expect(await profileOnB()).toBe(200);
    const onB = await open(nodeB, member.cookie);
    const revoked = collect(onB, 'session:revoked');
    const closed = disconnection(onB);
    const res = await fetch(`${nodeA.url}/api/users/logout`, {
      method: 'PUT',
      headers: { cookie: member.cookie },
    });
    expect(res.status).toBe(204);
    await atLeast(revoked, 1);
    expect(await within(closed, 'the socket on node B closed')).toBe('io server disconnect');
    await eventually(async () => expect(await profileOnB()).toBe(401), 1000);
  });

  it('keeps a member connected while a socket on the other node remains', async () => {
    const member = await createMember(t);
    const onA = await open(nodeA, member.cookie);
    const onB = await open(nodeB, member.cookie);
    await waitFor(
      async () => ((await findUser(database.db, member.user.id))?.connected ? true : undefined),
      'connected',
    );
    onA.disconnect();
    // Node A asks every node (fetchSockets through Redis) and finds the socket on node B.
    await settle(1000);
    expect((await findUser(database.db, member.user.id))?.connected).toBe(true);
    onB.disconnect();
    await waitFor(
      async () => ((await findUser(database.db, member.user.id))?.connected === false ? true : undefined),
      'disconnected',
    );
  });

  it('counts the login limit of both nodes together', async () => {
    const attempt = (node: ServerProcess) =>
      fetch(`${node.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: 'nobody_here', password: 'wrong-password-1' }),
      });
    const statuses: number[] = [];
    // 10 a minute per address: 5 on each node pass (and fail as wrong credentials)...
    for (let i = 0; i < 10; i++) statuses.push((await attempt(i % 2 ? nodeB : nodeA)).status);
    expect(statuses).toEqual(Array(10).fill(401));
    // ...and the 11th is refused whichever node it reaches: each node alone has seen only 5.
    const refusedB = await attempt(nodeB);
    expect(refusedB.status).toBe(429);
    expect(((await refusedB.json()) as { code: string }).code).toBe('rate_limited');
    expect((await attempt(nodeA)).status).toBe(429);
  });

  it('counts a member’s client logs on both nodes together', async () => {
    const member = await createMember(t);
    const onBoth = [await open(nodeA, member.cookie), await open(nodeB, member.cookie)];
    const marker = `two-nodes-${crypto.randomUUID()}`;
    for (let i = 0; i < CLIENT_LOG_BATCHES_PER_MINUTE; i++)
      for (const socket of onBoth) socket.emit('events', { logs: [{ level: 'error', message: marker }] });
    const logged = () => (nodeA.output() + nodeB.output()).split(marker).length - 1;
    await waitFor(async () => (logged() >= CLIENT_LOG_BATCHES_PER_MINUTE ? true : undefined), 'the logs');
    await settle();
    expect(logged()).toBe(CLIENT_LOG_BATCHES_PER_MINUTE);
  });

  it('relays a message sent through node A to node B; after B is killed the member catches up through A', async () => {
    // Established members: a new account's first messages to a stranger are slowed (the scam shield).
    const members = [await createMember(t, ESTABLISHED()), await createMember(t, ESTABLISHED())];
    const conversation = await buildConversation(t, { members });
    const [x, y] = conversation.members;
    const xOnB = await open(nodeB, x.cookie);
    const live = collect(xOnB, 'chats:messages:new');
    const yOnA = await open(nodeA, y.cookie);
    const send = (text: string) => sendOn(yOnA, textMessage(conversation.id, text));

    // From the emit on node A to the event on node B (through the commit and Redis), one at a time.
    const latencies: number[] = [];
    for (let i = 1; i <= 20; i++) {
      const began = performance.now();
      const ack = await send(`live ${i}`);
      expect(ack).toMatchObject({ ok: true, message: { seq: i } });
      await atLeast(live, i);
      latencies.push(performance.now() - began);
    }
    expect(live.map((m) => m.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(live.map((m) => m.text)).toEqual(Array.from({ length: 20 }, (_, i) => `live ${i + 1}`));
    latencies.sort((a, b) => a - b);
    console.log(
      `cross-node delivery (send on A -> chats:messages:new on B): median ${latencies[10]!.toFixed(1)} ms, max ${latencies[19]!.toFixed(1)} ms`,
    );

    // Node B dies without a word; the member's socket there is gone.
    const lastHeld = live.at(-1)!.seq;
    const dropped = disconnection(xOnB);
    expect(await nodeB.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    await within(dropped, 'the socket on node B to drop');
    for (const text of ['while B was down 1', 'while B was down 2', 'while B was down 3']) {
      expect(await send(text)).toMatchObject({ ok: true });
    }

    // The member reconnects to node A and asks for what came after the last sequence it holds.
    const xOnA = await open(nodeA, x.cookie);
    const liveOnA = collect(xOnA, 'chats:messages:new');
    const res = await fetch(`${nodeA.url}/api/conversations/${conversation.id}/messages?after=${lastHeld}`, {
      headers: { cookie: x.cookie },
    });
    expect(res.status).toBe(200);
    const missed = ((await res.json()) as { messages: Message[] }).messages;
    expect(missed.map((m) => [m.seq, m.text])).toEqual([
      [21, 'while B was down 1'],
      [22, 'while B was down 2'],
      [23, 'while B was down 3'],
    ]);
    expect(await send('back live')).toMatchObject({ ok: true, message: { seq: 24 } });
    await atLeast(liveOnA, 1);
    const seen = [...live, ...missed, ...liveOnA];
    expect(seen.map((m) => m.seq)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(new Set(seen.map((m) => m._id)).size).toBe(24);

    // Cross-node requests no longer wait for the dead node (Redis dropped its subscriptions): leaving
    // node A asks every node left and marks the member away, where a wait for B would time out.
    xOnA.disconnect();
    await waitFor(
      async () => ((await findUser(database.db, x.user.id))?.connected === false ? true : undefined),
      'x marked away',
    );
    expect(nodeA.output()).not.toContain('presence check across nodes failed');
  }, 90_000);

  // Last: the other tests need node A.
  it('stops cleanly and at once on SIGTERM, closing its sockets and its Redis connections', async () => {
    const member = await createMember(t);
    const socket = await open(nodeA, member.cookie);
    const closed = disconnection(socket);
    const began = performance.now();
    expect(await nodeA.kill('SIGTERM')).toEqual({ code: 0, signal: null });
    // Not the 15 s forced exit: open sockets used to hold the HTTP server's close.
    expect(performance.now() - began).toBeLessThan(5000);
    expect(nodeA.output()).toContain('Stopped cleanly');
    await within(closed, 'the socket closed by the server');
  });
});
