// @slow-tier stops and starts a Redis server under two nodes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConversation, send, textMessage } from '../test/chat-factories.ts';
import { MEMBER_PASSWORD, newSession, waitFor } from '../test/factories.ts';
import { startRedisServer, type TestRedis } from '../test/redis-server.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { atLeast, collect, disconnection, socketClients, within } from '../test/socket-test-bed.ts';
import { createTestDatabase } from '../test/test-database.ts';

type Database = Awaited<ReturnType<typeof createTestDatabase>>;

/**
 * Redis goes away under a running node (REDIS_URL) and comes back: the node keeps serving its own
 * members (no crash on the adapter's failed publishes), lets rate-limited requests through,
 * reconnects by itself and then makes its sockets reconnect to catch up (docs/scaling.md).
 */
describe('a Redis outage under a running node', () => {
  let database: Database;
  let redis: TestRedis;
  let node: ServerProcess;
  const sockets = socketClients();
  const t = {
    get db() {
      return database.db;
    },
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = await startRedisServer();
    // info: the recovery is logged at that level.
    node = await startServerProcess({
      databaseUrl: database.url,
      redisUrl: redis.url,
      env: { LOG_LEVEL: 'info' },
    });
  }, 120_000);
  afterAll(async () => {
    await node?.dispose();
    await redis?.stop();
    await database?.close();
  });

  it('keeps chat, logins and logouts working on the node, then reconnects', async () => {
    const conversation = await buildConversation(t);
    const [x, y] = conversation.members;
    const xSocket = await sockets.open(node.url, x.cookie);
    const ySocket = await sockets.open(node.url, y.cookie);
    const received = collect(xSocket, 'chats:messages:new');

    await redis.halt();
    await waitFor(
      async () => (node.output().includes('Redis client connection') ? true : undefined),
      'the outage logged',
    );

    // A logout emits `session:revoked` through the adapter: its failed publish must not end the process.
    const other = await newSession(t, x.user.id);
    const logout = await fetch(`${node.url}/api/users/logout`, {
      method: 'PUT',
      headers: { cookie: other.cookie },
    });
    expect(logout.status).toBe(204);
    // A message is stored, acked and delivered to the sockets of this node.
    const ack = await send(ySocket, textMessage(conversation.id, 'while Redis is down'));
    expect(ack).toMatchObject({ ok: true, message: { seq: 1 } });
    expect((await atLeast(received, 1)).map((m) => m.text)).toEqual(['while Redis is down']);
    // HTTP rate limits cannot count: the request goes through rather than failing.
    const login = await fetch(`${node.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: y.user.username, password: MEMBER_PASSWORD }),
    });
    expect(login.status).toBe(200);
    expect(node.output()).toContain('Redis publish failed');

    // Back: the node closes its sockets' transports (the apps reconnect by themselves and catch up on
    // what other nodes emitted during the outage).
    const dropped = disconnection(xSocket);
    await redis.restart();
    await waitFor(
      async () =>
        node.output().includes('Redis client connection') && node.output().includes('is back')
          ? true
          : undefined,
      'the reconnection logged',
    );
    const after = await fetch(`${node.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: y.user.username, password: MEMBER_PASSWORD }),
    });
    expect(after.status).toBe(200);
    expect(await within(dropped, "x's transport closed")).toBe('transport close');
    await sockets.open(node.url, x.cookie);
    expect(node.pid()).toBeDefined();
    expect(await node.kill('SIGTERM')).toEqual({ code: 0, signal: null });
  }, 90_000);
});
