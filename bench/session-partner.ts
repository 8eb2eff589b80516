/** B6's chat partner (session-bytes.bench.ts): the other member, answering from this process. */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { createSession, SESSION_COOKIE } from '../apps/server/src/features/auth/sessions.service.ts';
import type { RunningApp } from './lib/app-server.ts';
import type { Partner } from './session-run.ts';

/**
 * The other member of the chat: a real Socket.IO client with a session of its own. The two are made a
 * match first, as the session's member would have met them: the chat paywall (decision 0027) lets
 * matches write to each other whatever their seeded popularity and preferences. (session-state.ts
 * puts the member's matches back after the session.)
 */
export async function partnerOf(
  app: RunningApp,
  memberId: string,
  sockets: Socket[],
  sessionMemberId: string,
): Promise<Partner> {
  await app.db.execute(sql`
    INSERT INTO matches (user_a, user_b)
    VALUES (LEAST(${memberId}::uuid, ${sessionMemberId}::uuid), GREATEST(${memberId}::uuid, ${sessionMemberId}::uuid))
    ON CONFLICT DO NOTHING`);
  const { token } = await createSession(app.db, memberId, 'session bench partner');
  const socket = connect(app.url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: `${SESSION_COOKIE}=${token}` },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connected', () => resolve());
    socket.once('connect_error', reject);
  });
  let conversationId = '';
  return {
    async open(id) {
      conversationId = id;
    },
    say(text) {
      return new Promise((resolve, reject) => {
        socket.emit(
          'chats:messages:send',
          { clientId: randomUUID(), conversationId, text },
          (result: { ok: boolean; code?: string }) =>
            result.ok ? resolve() : reject(new Error(`partner send: ${result.code}`)),
        );
      });
    },
  };
}
