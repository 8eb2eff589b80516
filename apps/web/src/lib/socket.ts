import { useQueryClient } from '@tanstack/react-query';
import { createContext, createElement, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@motema/shared/realtime';
import type { Me } from '@motema/shared/users';
import { setClientLogsSink } from './client-logs.ts';
import { handshakeAuth } from './device-identity.ts';
import { server } from './platform/server.ts';
import { navigate } from './navigation.ts';
import i18next from 'i18next';
import { ERROR_NOTICE_MS } from '@motema/shared/limits';
import { hideOfflineNotice, notify, showOfflineNotice } from './notices.ts';
import { endSession, ME_QUERY_KEY } from './query-client.ts';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The member's one connection and the spec's network flag (it follows connect and disconnect). */
export type SocketState = { socket: AppSocket | null; connected: boolean };

export const SocketContext = createContext<SocketState>({ socket: null, connected: false });

/**
 * The server's origin (the page's own on the web, platform/server.ts), the session cookie (the
 * bundled copy's token), WebSocket first (fewer bytes and round trips than polling first).
 * The handshake names the install and the build it runs (read at each connection: the install may
 * register after the socket first opened), so the server can say a newer build exists (`device:{id}`).
 */
export function openSocket(): AppSocket {
  return io(server.origin || undefined, {
    path: '/socket.io',
    withCredentials: true,
    auth: (give) => {
      // The bundled copy's session is its token, given in the handshake's payload (never in the URL).
      const session = server.sessionToken();
      give(session ? { ...handshakeAuth(), session } : handshakeAuth());
    },
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  });
}

type ProviderProps = {
  /** The connected member; null (or a change of member) closes the connection. */
  userId: string | null;
  children?: ReactNode;
  /** Opens the connection; tests pass a fake. */
  open?: () => AppSocket;
};

/** After a handshake the server refused for a moment, the socket connects again within 2 to 4 seconds. */
const HANDSHAKE_RETRY_MS = 2000;

/**
 * Opens one typed Socket.IO connection for the connected member and closes it when the session ends
 * (the home layout unmounts, or `endSession` clears the member). A `session:revoked` from the server
 * ends the session in the app as a 401 would.
 */
export function SocketProvider({ userId, children, open = openSocket }: ProviderProps) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SocketState>({ socket: null, connected: false });
  const openRef = useRef(open);

  useEffect(() => {
    if (!userId) return;
    const socket = openRef.current();
    const update = () => setState({ socket, connected: socket.connected });
    // Told once per outage: Socket.IO retries every few seconds, and a notice closed stays closed.
    let told = false;
    const onConnect = () => {
      told = false;
      update();
      // The server is reachable: a notice saying it was not (or that the network was away) is over.
      hideOfflineNotice();
      setClientLogsSink((logs) => socket.emit('events', logs));
    };
    const onDisconnect = () => {
      update();
      setClientLogsSink(null);
    };
    // The server greets each connection with the session's member: another member than the one this
    // page shows (a login in another tab took over the cookie) means the profile is stale: ask again.
    const onConnected = ({ userId: connectedAs }: { userId: string }) => {
      const shown = queryClient.getQueryData<Me | null>(ME_QUERY_KEY)?._id;
      if (connectedAs !== shown) void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    };
    let retry: ReturnType<typeof setTimeout> | undefined;
    let retryWhenShown = false;
    const onConnectError = (error: Error) => {
      update();
      // Refused at the handshake: ask the server who we are; a lost session leads to the guard's redirect.
      if (error.message === 'unauthorized') {
        void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
        return;
      }
      // The session holds as many sockets as the server takes (tabs): no retries in a loop. Said once;
      // tried again when the member comes back to this page, other tabs closed perhaps.
      if (error.message === 'too_many_connections') {
        notify('warning', i18next.t('errors:too_many_connections'), ERROR_NOTICE_MS);
        retryWhenShown = true;
        return;
      }
      // The network away, or the server (docs/devices.md: which text says which).
      if (!told) showOfflineNotice();
      told = true;
      // Any other refusal by the server (its database away for a moment) is not retried by Socket.IO
      // itself, unlike a network failure: connect again a little later, each member at another moment.
      if (!socket.active) {
        clearTimeout(retry);
        retry = setTimeout(() => socket.connect(), HANDSHAKE_RETRY_MS + Math.random() * HANDSHAKE_RETRY_MS);
      }
    };
    const onShown = () => {
      if (!retryWhenShown || document.visibilityState !== 'visible') return;
      retryWhenShown = false;
      socket.connect();
    };
    const onRevoked = () =>
      endSession(queryClient, navigate, `/login?from=${encodeURIComponent(location.pathname)}`);
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onConnectError);
    socket.on('connected', onConnected);
    socket.on('session:revoked', onRevoked);
    document.addEventListener('visibilitychange', onShown);
    if (socket.connected) onConnect();
    else update();
    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      socket.off('connected', onConnected);
      socket.off('session:revoked', onRevoked);
      document.removeEventListener('visibilitychange', onShown);
      setClientLogsSink(null);
      clearTimeout(retry);
      socket.disconnect();
      setState({ socket: null, connected: false });
    };
  }, [userId, queryClient]);

  return createElement(SocketContext, { value: state }, children);
}

/** The member's connection (null before it opens, for visitors and outside the home layout). */
export function useSocket(): AppSocket | null {
  return useContext(SocketContext).socket;
}

/** The network flag: true while the socket is connected. */
export function useSocketConnected(): boolean {
  return useContext(SocketContext).connected;
}

type ServerEvent = keyof ServerToClientEvents & string;

/**
 * Listens to a server event while mounted. `handler` may change on every render without
 * re-subscribing; pass `null` as the event to listen to nothing (e.g. before the member is known).
 */
export function useSocketEvent<E extends ServerEvent>(
  event: E | null,
  handler: (...args: Parameters<ServerToClientEvents[E]>) => void,
): void {
  const socket = useSocket();
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    if (!socket || !event) return;
    const listener = ((...args: Parameters<ServerToClientEvents[E]>) => handlerRef.current(...args)) as (
      ...args: unknown[]
    ) => void;
    // Socket.IO's typed `on` cannot follow a generic event name; the handler's type is checked above.
    const untyped = socket as unknown as {
      on: (name: string, fn: (...args: unknown[]) => void) => void;
      off: (name: string, fn: (...args: unknown[]) => void) => void;
    };
    untyped.on(event, listener);
    return () => untyped.off(event, listener);
  }, [socket, event]);
}
