import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LOCATION_UPDATE_INTERVAL_MS } from '@motema/shared/discovery';
import { GEOLOCATION_REJECTION_SKIP_MS } from '@motema/shared/limits';
import type { Coordinates, EventAck } from '@motema/shared/realtime';
import { deviceText } from '../../lib/device-record.ts';
import { geolocation } from '../../lib/platform/geolocation.ts';
import { useSocket, type AppSocket } from '../../lib/socket.ts';
import { invalidateNear } from './discovery.api.ts';

export const GEOLOCATION_REFUSED_KEY = 'motema.geolocation.refusedAt';
export const GEOLOCATION_SENT_KEY = 'motema.geolocation.sentAt';
const ACK_TIMEOUT_MS = 10_000;

/** Why sharing failed: the browser's reasons, no connection, or an error code of the server. */
export type GeolocationProblem = 'denied' | 'unavailable' | 'timeout' | 'unsupported' | 'network' | string;

/** A moment kept on the device (private mode without storage: it is simply not remembered). */
const keptTime = (key: string) => deviceText(key, (stored) => Number(stored) || null);
const storedTime = (key: string): number => keptTime(key).read() ?? 0;
const storeTime = (key: string, time: number): void => keptTime(key).keep(time);

/** True while a refusal is younger than 10 minutes (SPEC.md section 4): the browser is not asked again. */
export function refusedRecently(now = Date.now()): boolean {
  return now - storedTime(GEOLOCATION_REFUSED_KEY) < GEOLOCATION_REJECTION_SKIP_MS;
}

function problemOf(error: unknown): GeolocationProblem {
  const code = (error as GeolocationPositionError | undefined)?.code;
  if (code === 1) return 'denied';
  if (code === 3) return 'timeout';
  return 'unavailable';
}

/** Sends the position through the socket; resolves with the server's answer (`network` without one). */
function send(socket: AppSocket, coordinates: Coordinates): Promise<EventAck> {
  return socket
    .timeout(ACK_TIMEOUT_MS)
    .emitWithAck('users:users:update:coordinates', coordinates)
    .catch((): EventAck => ({ ok: false, code: 'network' }));
}

/**
 * Near me: asks the browser for the position when the member chooses to share it, remembers a refusal
 * for 10 minutes, sends the position through the socket and, once the server stored it, refreshes the
 * near list and the member. When `shared` (the member shared before), the position is refreshed on
 * later visits without asking: only if the browser already allows it and at most once a minute.
 */
export function useGeolocation({ shared }: { shared: boolean }) {
  const socket = useSocket();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<GeolocationProblem | null>(null);
  const running = useRef(false);

  const run = useCallback(
    async (quiet: boolean) => {
      if (running.current || !socket) return;
      running.current = true;
      if (!quiet) setBusy(true);
      const fail = (reason: GeolocationProblem) => {
        if (!quiet) setProblem(reason);
      };
      try {
        if (!geolocation.supported()) return fail('unsupported');
        const coordinates = await geolocation.locate().catch((error: unknown) => {
          const reason = problemOf(error);
          if (reason === 'denied') storeTime(GEOLOCATION_REFUSED_KEY, Date.now());
          throw reason;
        });
        const answer = await send(socket, coordinates);
        // rate_limited: a position from less than a minute ago is already stored.
        if (answer.ok || answer.code === 'rate_limited') {
          storeTime(GEOLOCATION_SENT_KEY, Date.now());
          setProblem(null);
          await invalidateNear(queryClient);
        } else fail(answer.code);
      } catch (reason) {
        fail(typeof reason === 'string' ? reason : 'unavailable');
      } finally {
        running.current = false;
        if (!quiet) setBusy(false);
      }
    },
    [socket, queryClient],
  );

  /** The member pressed "Share my position". */
  const share = useCallback(async () => {
    setProblem(null);
    if (!socket) return setProblem('network');
    // Within 10 minutes of a refusal the browser is not asked again, unless it now allows it.
    if (refusedRecently() && (await geolocation.permission()) !== 'granted') return setProblem('denied');
    await run(false);
  }, [socket, run]);

  useEffect(() => {
    if (!shared || !socket) return;
    if (refusedRecently() || Date.now() - storedTime(GEOLOCATION_SENT_KEY) < LOCATION_UPDATE_INTERVAL_MS)
      return;
    let cancelled = false;
    void geolocation.permission().then((state) => {
      if (!cancelled && state === 'granted') void run(true);
    });
    return () => {
      cancelled = true;
    };
  }, [shared, socket, run]);

  return { share, busy, problem };
}
