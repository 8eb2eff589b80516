/**
 * B11's broadcasters and viewers, as the phones do it: a broadcaster sends its recording over its
 * socket (`lives:chunk`) every LIVE_CHUNK_MS, paced as a camera records; a viewer polls its
 * rendition's playlist as the web player does (features/lives/player: a segment's length after a new
 * segment, half of it after none), and
 * fetches each new segment once, timing its delivery and counting every byte (playlists included).
 */
import { LIVE_CHUNK_MS, type LiveRendition } from '@motema/shared/lives';
import { io, type Socket } from 'socket.io-client';

export type Broadcast = {
  /** When each chunk was sent (performance.now()). */
  sentAt: number[];
  acked: number;
  refused: string[];
  stop: () => void;
};

/** Sends `chunks` over a socket of the member behind `cookie`, one each LIVE_CHUNK_MS, until stopped. */
export async function broadcast(
  url: string,
  cookie: string,
  liveId: string,
  chunks: Buffer[],
): Promise<Broadcast> {
  const socket: Socket = io(url, {
    transports: ['websocket'],
    extraHeaders: { cookie },
    forceNew: true,
    reconnection: false,
  });
  await new Promise((resolve, reject) => {
    socket.once('connected', resolve);
    socket.once('connect_error', reject);
  });
  const state: Broadcast = { sentAt: [], acked: 0, refused: [], stop: () => undefined };
  let seq = 0;
  const timer = setInterval(() => {
    if (seq >= chunks.length) return;
    const current = seq++;
    state.sentAt[current] = performance.now();
    void socket
      .timeout(10_000)
      .emitWithAck('lives:chunk', { liveId, seq: current, data: chunks[current] })
      .then((ack: { ok: boolean; code?: string }) =>
        ack.ok ? (state.acked += 1) : state.refused.push(ack.code ?? '?'),
      )
      .catch(() => state.refused.push('timeout'));
  }, LIVE_CHUNK_MS);
  state.stop = () => {
    clearInterval(timer);
    socket.disconnect();
  };
  return state;
}

export type Watch = {
  rendition: LiveRendition;
  /** Each segment's delivery time (request to last byte), ms. */
  deliveries: number[];
  /** When each segment (by its number) was first fetched whole. */
  servedAt: Map<number, number>;
  bytes: number;
  startedAt: number;
  errors: number;
  stop: () => void;
};

/** A viewer of `rendition` polling every half segment until stopped. */
export function watch(url: string, cookie: string, liveId: string, rendition: LiveRendition): Watch {
  const base = `${url}/api/lives/${liveId}/hls/`;
  const state: Watch = {
    rendition,
    deliveries: [],
    servedAt: new Map(),
    bytes: 0,
    startedAt: performance.now(),
    errors: 0,
    stop: () => undefined,
  };
  const fetched = new Set<string>();
  let stopped = false;
  let joining = true;
  let wait = 500;
  const get = async (file: string) => {
    const response = await fetch(base + file, { headers: { cookie } });
    const body = new Uint8Array(await response.arrayBuffer());
    // The headers' bytes too, as HTTP/1.1 sends them, as a phone's data counter sees them.
    state.bytes += body.length + headerBytes(response);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return body;
  };
  void (async () => {
    while (!stopped) {
      try {
        const playlist = new TextDecoder().decode(await get(`${rendition}.m3u8`));
        const files = playlist.split('\n').filter((line) => line && !line.startsWith('#'));
        const init = /URI="([^"]+)"/.exec(playlist)?.[1];
        if (init && !fetched.has(init)) {
          await get(init);
          fetched.add(init);
        }
        // A player joining starts three segments behind the edge; later it takes every new one.
        const fresh = files.filter((file) => !fetched.has(file)).slice(fetched.size <= 1 ? -3 : 0);
        for (const file of fresh) {
          const started = performance.now();
          await get(file);
          const done = performance.now();
          fetched.add(file);
          state.deliveries.push(done - started);
          state.servedAt.set(Number(/-(\d+)\.m4s$/.exec(file)?.[1]), done);
        }
        // Once joined (its first segments fetched), the minute's bytes count from here: what a viewer
        // watching uses, not the one-off start.
        if (joining && fresh.length > 0) {
          joining = false;
          state.bytes = 0;
          state.startedAt = performance.now();
        }
        wait = fresh.length === 0 ? 500 : 1000;
      } catch {
        state.errors += 1;
      }
      // As the player: a segment's length after a new one, half of it after none.
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  state.stop = () => void (stopped = true);
  return state;
}

export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** The bytes of an answer's status line and headers as HTTP/1.1 sends them (names as received). */
function headerBytes(response: Response): number {
  let bytes = `HTTP/1.1 ${response.status} ${response.statusText}\r\n\r\n`.length;
  response.headers.forEach((value, name) => (bytes += `${name}: ${value}\r\n`.length));
  return bytes;
}
