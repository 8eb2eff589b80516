import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { parseCookie } from 'cookie';
import { LIVE_CHUNK_MAX_BYTES } from '@motema/shared/lives';
import type { IncomingHttpHeaders } from 'node:http';
import type { ClientToServerEvents, ServerToClientEvents } from '@motema/shared/realtime';
import { safePublisher, type RedisConnection } from '../lib/redis.ts';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { isFromAShell, isFromTheApp } from '../lib/origin.ts';
import { writePacketsTogether } from './packets-written-together.ts';

/** Who a socket is: the session's member, the session, and the client's address (as `request.ip` reads it). */
export type SocketData = { userId: string; sessionId: string; address: string };
export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
export type PresenceListener = (userId: string, connected: boolean) => Promise<void>;
/** Told of each socket once it is in its rooms and greeted (`connected`); a feature's work on a new socket. */
export type ConnectionListener = (socket: RealtimeSocket) => void;

/**
 * The largest message a socket may send: a live's chunk of recording (LIVE_CHUNK_MAX_BYTES, with its
 * frame); every other event's payload is far smaller and refused by its own schema past its caps.
 */
export const MAX_SOCKET_PAYLOAD_BYTES = LIVE_CHUNK_MAX_BYTES + 4 * 1024;
/** Sockets one session may hold open on a node: several tabs; one page holds one (docs/devices.md). */
export const MAX_SOCKETS_PER_SESSION = 10;
/** How long a cross-node request (fetchSockets) waits for the other nodes through Redis. */
export const CROSS_NODE_TIMEOUT_MS = 3000;

/** The nodes' message to each other (`serverSideEmit`) naming the sessions one of them revoked. */
const SESSIONS_REVOKED = 'sessions:revoked';

/** The client's address: the connection's, or behind a trusted proxy the first X-Forwarded-For entry. */
function clientAddress(handshake: Socket['handshake'], trustProxy: boolean): string {
  const forwarded = handshake.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return trustProxy && first ? first : handshake.address;
}

/**
 * Socket.IO on the app's HTTP server, authenticated from the session cookie at the handshake, with
 * the Origin checked and at most MAX_SOCKETS_PER_SESSION sockets a session on this node. Every socket joins `user:{id}` and `session:{id}`; `closeSessions` closes the
 * sockets of revoked sessions. How a cookie is read into a session is the auth feature's, given by
 * app.ts (this layer knows no feature).
 * With `redis` (REDIS_URL), the Redis adapter joins the nodes: emits to a room, `fetchSockets` and
 * `disconnectSockets` reach the sockets of every node (docs/scaling.md).
 */
export function createRealtime(
  app: FastifyInstance,
  options: {
    /** The session a cookie's token opens, or undefined for a missing, revoked or expired one. */
    authenticate: (token: string | undefined) => Promise<Omit<SocketData, 'address'> | undefined>;
    /** The name of the session cookie. */
    sessionCookie: string;
    /** PUBLIC_URL's origin, if set: browsers may connect from it as well as from the host they asked. */
    publicOrigin: string | undefined;
    /**
     * SHELL_ORIGINS: the mobile app's bundled copy connects from these (decision 0052), its session
     * the token its handshake's `auth.session` gives (sent in Socket.IO's CONNECT packet, never in the
     * URL), never the cookie.
     */
    shellOrigins?: ReadonlySet<string>;
    /** TRUST_PROXY: the client's address is X-Forwarded-For's first, as Fastify's `request.ip` reads it. */
    trustProxy: boolean;
    redis?: RedisConnection;
  },
) {
  const shellOrigins = options.shellOrigins ?? new Set<string>();
  /** The handshake's session token: the cookie's, or a shell's `auth.session` (and never its cookie). */
  const sessionTokenOf = (handshake: { headers: IncomingHttpHeaders; auth: Record<string, unknown> }) => {
    if (!isFromAShell(handshake.headers, options.publicOrigin, shellOrigins))
      return parseCookie(handshake.headers.cookie ?? '')[options.sessionCookie];
    return typeof handshake.auth.session === 'string' ? handshake.auth.session : undefined;
  };
  const io: RealtimeServer = new Server(app.server, {
    path: '/socket.io',
    ...(options.redis && {
      adapter: createAdapter(
        safePublisher(options.redis.client, (err) =>
          app.log.error({ err }, 'Redis publish failed: emits reach this node only'),
        ),
        options.redis.subscriber,
        { key: 'motema:socket.io', requestsTimeout: CROSS_NODE_TIMEOUT_MS },
      ),
    }),
    maxHttpBufferSize: MAX_SOCKET_PAYLOAD_BYTES,
    serveClient: false,
    // The app's pages only (lib/origin.ts, the rule of state-changing HTTP requests too).
    allowRequest: (request, callback) =>
      callback(null, isFromTheApp(request.headers, options.publicOrigin, shellOrigins)),
    // The shells' polling requests are cross-origin reads (WebSocket needs no CORS).
    ...(shellOrigins.size > 0 && { cors: { origin: [...shellOrigins], credentials: true } }),
  });
  writePacketsTogether(io.engine);
  const presenceListeners: PresenceListener[] = [];
  const connectionListeners: ConnectionListener[] = [];
  const revokedListeners: ((sessionIds: readonly string[]) => void)[] = [];
  const hearRevoked = (sessionIds: unknown) => {
    if (!Array.isArray(sessionIds)) return;
    for (const listener of revokedListeners) listener(sessionIds.filter((id) => typeof id === 'string'));
  };
  // Another node's revocations (`closeSessions` there).
  io.on(SESSIONS_REVOKED, hearRevoked);

  io.use(async (socket, next) => {
    try {
      const session = await options.authenticate(sessionTokenOf(socket.handshake));
      if (!session) return next(new Error('unauthorized'));
      // In the session's room at once, so that handshakes still under way count too; a refused or
      // closed one leaves it (Socket.IO's cleanup).
      const room = `session:${session.sessionId}`;
      if ((io.of('/').adapter.rooms.get(room)?.size ?? 0) >= MAX_SOCKETS_PER_SESSION) {
        return next(new Error('too_many_connections'));
      }
      void socket.join(room);
      const address = clientAddress(socket.handshake, options.trustProxy);
      socket.data = { userId: session.userId, sessionId: session.sessionId, address };
      next();
    } catch (error) {
      // The client hears a code, never the query or the database's address (logged here instead).
      const unavailable = isDatabaseUnavailable(error);
      app.log[unavailable ? 'warn' : 'error']({ err: error }, 'socket handshake: the session lookup failed');
      next(new Error(unavailable ? 'service_unavailable' : 'internal'));
    }
  });

  io.on('connection', (socket) => {
    const { userId, sessionId } = socket.data;
    void socket.join([`user:${userId}`, `session:${sessionId}`]);
    socket.emit('connected', { userId });
    for (const listener of connectionListeners) {
      try {
        listener(socket);
      } catch (error) {
        // One feature's failure costs neither the socket nor the other listeners.
        app.log.error({ err: error }, 'a connection listener failed');
      }
    }
    const announce = (connected: boolean) =>
      Promise.all(presenceListeners.map((listener) => listener(userId, connected))).catch((error: unknown) =>
        app.log.error({ err: error }, 'presence update failed'),
      );
    void announce(true);
    socket.on('disconnect', async () => {
      try {
        // Every node's sockets (through the adapter): another device may be connected elsewhere.
        const still = await io.in(`user:${userId}`).fetchSockets();
        if (still.length === 0) void announce(false);
      } catch (error) {
        app.log.error({ err: error }, 'presence check across nodes failed');
      }
    });
  });

  // After a Redis outage this node may have missed emits of the others: its sockets' transports are
  // closed so the apps reconnect at once and catch up by sequence, as after any reconnect (ADR 0008).
  let subscriberDown = false;
  const onSubscriberClosed = () => void (subscriberDown = true);
  const onSubscriberReady = () => {
    if (!subscriberDown) return;
    subscriberDown = false;
    app.log.warn("Redis is back: closing this node's sockets so the apps reconnect and catch up");
    for (const socket of io.of('/').sockets.values()) socket.conn.close();
  };
  options.redis?.subscriber.on('close', onSubscriberClosed).on('ready', onSubscriberReady);

  return {
    io,
    /** The app's logger, for the feature handlers of client events (client-events.ts). */
    log: app.log,
    /** Called when a member's first socket connects (true) or last one leaves (false). */
    onPresence(listener: PresenceListener) {
      presenceListeners.push(listener);
    },
    /** Called for each new socket, after it joined its rooms and heard `connected`. */
    onConnection(listener: ConnectionListener) {
      connectionListeners.push(listener);
    },
    /**
     * Revoked sessions: their sockets, on every node, are told and closed, and every node's
     * `onSessionsRevoked` listeners hear them (the others' through the adapter).
     */
    closeSessions(sessionIds: readonly string[]) {
      for (const id of sessionIds) {
        io.to(`session:${id}`).emit('session:revoked');
        io.in(`session:${id}`).disconnectSockets(true);
      }
      hearRevoked(sessionIds);
      if (options.redis) io.serverSideEmit(SESSIONS_REVOKED, sessionIds);
    },
    /** Called with the sessions revoked on any node (this one's at once). */
    onSessionsRevoked(listener: (sessionIds: readonly string[]) => void) {
      revokedListeners.push(listener);
    },
    async close() {
      options.redis?.subscriber.off('close', onSubscriberClosed).off('ready', onSubscriberReady);
      await io.close();
    },
  };
}

export type Realtime = ReturnType<typeof createRealtime>;
