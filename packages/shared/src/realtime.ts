/** Socket.IO event maps shared by the server and the web app. */
import type { MatchEvent } from './discovery.ts';
export type Coordinates = {
  accuracy: number;
  altitude: number | null;
  altitudeAccuracy: number | null;
  heading: number | null;
  latitude: number;
  longitude: number;
  speed: number | null;
};

export type ServerToClientEvents = {
  connected: (payload: { userId: string }) => void;
  'session:revoked': () => void;
  'app:error': (payload: { action: string; payment?: unknown; profile?: string; error?: string }) => void;
  /** To each of two members who just rated each other 4 or more; `{userId}` is the receiver's id. */
  [matched: `matched:${string}`]: (payload: MatchEvent) => void;
};

/** The answer to a client event that asks for one: done, or refused with an error code. */
export type EventAck = { ok: true } | { ok: false; code: string };

export type ClientToServerEvents = {
  events: (payload: { logs: unknown[] }) => void;
  /** Stored snapped to about 1 km, at most once a minute (the ack says `ok: false, code: 'rate_limited'` otherwise). */
  'users:users:update:coordinates': (payload: Coordinates, ack?: (result: EventAck) => void) => void;
};
