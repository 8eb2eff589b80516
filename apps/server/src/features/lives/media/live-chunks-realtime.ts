import { LIVE_CHUNK_MAX_BYTES } from '@motema/shared/lives';
import type { EventAck } from '@motema/shared/realtime';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError, badRequest } from '../../../lib/app-error.ts';
import { clientEvent } from '../../../realtime/client-events.ts';
import type { Realtime, RealtimeSocket } from '../../../realtime/server.ts';
import type { LiveMedia } from '../live-media.ts';
import { liveRoleOf } from '../lives.policy.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A `lives:chunk` payload as the client sent it (LiveChunk), or a 400. */
function chunkOf(payload: unknown): { liveId: string; seq: number; bytes: Uint8Array } {
  const { liveId, seq, data } = (payload ?? {}) as Record<string, unknown>;
  const bytes =
    data instanceof Uint8Array ? data : data instanceof ArrayBuffer ? new Uint8Array(data) : undefined;
  if (
    typeof liveId !== 'string' ||
    !UUID.test(liveId) ||
    !Number.isSafeInteger(seq) ||
    (seq as number) < 0 ||
    !bytes
  ) {
    throw badRequest('bad_request');
  }
  if (bytes.length > LIVE_CHUNK_MAX_BYTES) throw new AppError(413, 'live_chunk_too_large');
  return { liveId, seq: seq as number, bytes };
}

/**
 * The socket event `lives:chunk`: the broadcaster's recording, a chunk every LIVE_CHUNK_MS, handed to
 * this node's encoder in order (LiveMedia.push refuses a gap or a repeat: 409
 * `live_chunk_out_of_order`, the broadcaster's screen starts a new live) and acked once handed. Only
 * the live's broadcaster may send (anyone else: 404 `live_not_found`, as for every other refusal of
 * a live). A socket's chunks are handled one after the other, as they came: their checks never
 * reorder them. A broadcaster's place is looked up once a socket and live (it changes only by the
 * live's end, which closes its encoder and refuses the next chunk).
 */
export function registerLiveChunks(
  realtime: Pick<Realtime, 'onConnection' | 'log'>,
  deps: { db: DbOrTx; media: () => LiveMedia },
): void {
  /** Per socket: the lives it broadcasts (checked once each), and its last chunk, the next waits for. */
  const chunksOf = new WeakMap<RealtimeSocket, { broadcasting: Set<string>; previous: Promise<unknown> }>();
  const listen = clientEvent<EventAck>(
    'lives:chunk',
    (socket, payload, answer) => {
      let state = chunksOf.get(socket);
      if (!state) chunksOf.set(socket, (state = { broadcasting: new Set(), previous: Promise.resolve() }));
      const { broadcasting } = state;
      const handled = state.previous.then(async () => {
        const { liveId, seq, bytes } = chunkOf(payload);
        if (!broadcasting.has(liveId)) {
          if ((await liveRoleOf(deps.db, liveId, socket.data.userId)) !== 'broadcaster')
            throw new AppError(404, 'live_not_found');
          broadcasting.add(liveId);
        }
        await deps.media().push(liveId, seq, bytes);
        answer({ ok: true });
      });
      state.previous = handled.catch(() => undefined);
      return handled;
    },
    realtime.log,
  );
  realtime.onConnection(listen);
}
