/**
 * B6's byte counter: a second DevTools client on the browser's debugging port that auto-attaches to
 * every page AND every service worker (whose precache downloads are bytes on the wire too, and which
 * Playwright's per-page CDP sessions do not see), and counts what arrives: each HTTP response's
 * `encodedDataLength` (headers included, as received), each WebSocket frame's payload both ways and
 * the WebSocket handshake. Responses the page got from its service worker are not counted on the page
 * (the worker's own fetches are counted, once, on the worker); responses from the memory or disk cache
 * count 0.
 */

import { classify, KINDS, type Kind } from './lib/byte-kinds.ts';

export type ByKind = Record<Kind, number>;

export type WireEntry = {
  url: string;
  kind: Kind;
  /** Bytes as received (headers + encoded body), or the frame's payload for a WebSocket frame. */
  bytes: number;
  /** The body alone (Content-Length or bytes received for it), 0 for frames. */
  body: number;
  status: number;
  /** 'page' or 'worker' (service worker), 'frame-in' / 'frame-out' for WebSocket frames. */
  from: string;
  /** For a Socket.IO frame: its event name ('ack', 'ping', 'pong' for the others). */
  event?: string;
  at: number;
};

export const emptyByKind = (): ByKind => Object.fromEntries(KINDS.map((kind) => [kind, 0])) as ByKind;

export function sumByKind(entries: readonly WireEntry[]): ByKind {
  const sums = emptyByKind();
  for (const entry of entries) sums[entry.kind] += entry.bytes;
  return sums;
}

export const total = (sums: ByKind) => KINDS.reduce((sum, kind) => sum + sums[kind], 0);

/** The event of a Socket.IO text frame (`42["name",...]`), or what the frame is. */
function socketEvent(payload: string): string {
  if (payload === '2') return 'ping';
  if (payload === '3') return 'pong';
  const match = /^4([23])\d*(\[\s*"([^"]+)")?/.exec(payload);
  if (!match) return payload.startsWith('0') || payload.startsWith('40') ? 'open' : 'other';
  return match[1] === '3' ? 'ack' : (match[3] ?? 'event');
}

type Message = { id?: number; method?: string; params?: Record<string, unknown>; sessionId?: string };
type Pending = {
  url: string;
  resourceType: string;
  mime: string;
  status: number;
  body: number;
  skip: boolean;
};

export class WireCounter {
  readonly entries: WireEntry[] = [];
  private socket!: WebSocket;
  private nextId = 1;
  private readonly waiting = new Map<number, (result: unknown) => void>();
  private readonly sessions = new Map<string, string>();
  private readonly pending = new Map<string, Pending>();
  private readonly sockets = new Map<string, string>();
  private paused = false;
  private lastActivity = performance.now();
  private inFlight = 0;

  /** Connects to `http://127.0.0.1:<port>` (Chromium started with --remote-debugging-port). */
  static async connect(port: number): Promise<WireCounter> {
    const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
      webSocketDebuggerUrl: string;
    };
    const counter = new WireCounter();
    counter.socket = new WebSocket(version.webSocketDebuggerUrl);
    await new Promise<void>((resolve, reject) => {
      counter.socket.onopen = () => resolve();
      counter.socket.onerror = () => reject(new Error('cannot reach the DevTools port'));
    });
    counter.socket.onmessage = (event) => counter.onMessage(JSON.parse(String(event.data)) as Message);
    await counter.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: true,
      flatten: true,
    });
    return counter;
  }

  private send(method: string, params: object = {}, sessionId?: string): Promise<unknown> {
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    return new Promise((resolve) => this.waiting.set(id, resolve));
  }

  /** Stops counting (entries already counted stay); `resume()` starts again. */
  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
  }

  /** Resolves once no response has been under way for `quietMs` (or after `maxMs`). */
  async quiet(quietMs = 800, maxMs = 20_000): Promise<void> {
    const started = performance.now();
    this.lastActivity = Math.max(this.lastActivity, performance.now());
    while (performance.now() - started < maxMs) {
      if (this.inFlight <= 0 && performance.now() - this.lastActivity >= quietMs) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  close(): void {
    this.socket.close();
  }

  private record(entry: Omit<WireEntry, 'at'>): void {
    if (!this.paused) this.entries.push({ ...entry, at: performance.now() });
  }

  private onMessage(message: Message): void {
    if (message.id !== undefined) {
      this.waiting.get(message.id)?.((message as { result?: unknown }).result);
      this.waiting.delete(message.id);
      return;
    }
    const params = message.params ?? {};
    const session = message.sessionId;
    const from = session ? (this.sessions.get(session) ?? 'page') : 'browser';
    const key = (requestId: unknown) => `${session}:${String(requestId)}`;
    switch (message.method) {
      case 'Target.attachedToTarget': {
        const { sessionId, targetInfo } = params as { sessionId: string; targetInfo: { type: string } };
        const type = targetInfo.type;
        if (type === 'page' || type === 'service_worker' || type === 'worker') {
          this.sessions.set(sessionId, type === 'page' ? 'page' : 'worker');
          // Commands of a session run in order: the network is watched before the target resumes (a
          // target waiting for its debugger may not answer until it runs, so nothing is awaited here).
          void this.send('Network.enable', {}, sessionId);
        }
        void this.send('Runtime.runIfWaitingForDebugger', {}, sessionId);
        return;
      }
      case 'Network.requestWillBeSent': {
        const { requestId, request, type } = params as {
          requestId: string;
          request: { url: string };
          type?: string;
        };
        if (!/^https?:/.test(request.url)) return;
        const previous = this.pending.get(key(requestId));
        // A redirect reuses the request id: the redirect response was received in full.
        if (previous && !previous.skip && (params as { redirectResponse?: unknown }).redirectResponse) {
          const redirect = (params as { redirectResponse: { encodedDataLength?: number; status: number } })
            .redirectResponse;
          this.record({
            url: previous.url,
            kind: classify(previous.url, previous.resourceType, ''),
            bytes: redirect.encodedDataLength ?? 0,
            body: 0,
            status: redirect.status,
            from,
          });
        } else if (!previous) this.inFlight += 1;
        this.pending.set(key(requestId), {
          url: request.url,
          resourceType: type ?? 'Other',
          mime: '',
          status: 0,
          body: 0,
          skip: false,
        });
        this.lastActivity = performance.now();
        return;
      }
      case 'Network.responseReceived': {
        const { requestId, response, type } = params as {
          requestId: string;
          type?: string;
          response: {
            mimeType: string;
            status: number;
            fromServiceWorker?: boolean;
            fromDiskCache?: boolean;
            headers: Record<string, string>;
          };
        };
        const entry = this.pending.get(key(requestId));
        if (!entry) return;
        entry.mime = response.mimeType;
        entry.status = response.status;
        if (type) entry.resourceType = type;
        entry.skip = from === 'page' && response.fromServiceWorker === true;
        const length = Object.entries(response.headers).find(
          ([name]) => name.toLowerCase() === 'content-length',
        );
        entry.body = length ? Number(length[1]) : 0;
        this.lastActivity = performance.now();
        return;
      }
      case 'Network.loadingFinished':
      case 'Network.loadingFailed': {
        const { requestId, encodedDataLength = 0 } = params as {
          requestId: string;
          encodedDataLength?: number;
        };
        const entry = this.pending.get(key(requestId));
        if (!entry) return;
        this.pending.delete(key(requestId));
        this.inFlight -= 1;
        this.lastActivity = performance.now();
        if (entry.skip || encodedDataLength === 0) return;
        this.record({
          url: entry.url,
          kind: classify(entry.url, entry.resourceType, entry.mime),
          bytes: encodedDataLength,
          body: entry.body,
          status: entry.status,
          from,
        });
        return;
      }
      case 'Network.webSocketCreated': {
        const { requestId, url } = params as { requestId: string; url: string };
        this.sockets.set(key(requestId), url.replace(/^ws/, 'http'));
        return;
      }
      case 'Network.webSocketHandshakeResponseReceived': {
        const { requestId, response } = params as {
          requestId: string;
          response: { status: number; headersText?: string; headers: Record<string, string> };
        };
        const headerBytes =
          response.headersText?.length ??
          Object.entries(response.headers).reduce(
            (sum, [name, value]) => sum + name.length + value.length + 4,
            20,
          );
        this.record({
          url: this.sockets.get(key(requestId)) ?? 'ws',
          kind: 'socket',
          bytes: headerBytes,
          body: 0,
          status: response.status,
          from,
        });
        return;
      }
      case 'Network.webSocketFrameSent':
      case 'Network.webSocketFrameReceived': {
        const { requestId, response } = params as {
          requestId: string;
          response: { opcode: number; payloadData: string };
        };
        const bytes =
          response.opcode === 1
            ? Buffer.byteLength(response.payloadData, 'utf8')
            : Buffer.from(response.payloadData, 'base64').length;
        this.record({
          event: socketEvent(response.opcode === 1 ? response.payloadData : ''),
          url: this.sockets.get(key(requestId)) ?? 'ws',
          kind: 'socket',
          bytes,
          body: 0,
          status: 0,
          from: message.method === 'Network.webSocketFrameSent' ? 'frame-out' : 'frame-in',
        });
        return;
      }
      default:
    }
  }
}
