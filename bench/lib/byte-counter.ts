/**
 * Bytes a browser page moves, counted by kind (`classify` of byte-kinds.ts) for B4 page load.
 *
 * - `countBytes(page)`: a byte counter over the page's CDP Network events. Each finished request adds
 *   `Network.loadingFinished.encodedDataLength` (bytes on the wire: headers plus the compressed body);
 *   WebSocket frames add their payload length (`Network.webSocketFrameSent/Received`, characters of
 *   the text frame, or decoded bytes of a binary one). Responses served by the service worker or a
 *   browser cache, and data:/blob: URLs, count 0 network bytes but are listed (`fromServiceWorker`,
 *   `fromCache`). `totals()` gives bytes per kind and `total`; `resources` lists each request with its
 *   url, kind, bytes, status and timings (for waterfalls); `reset()` starts again; `stop()` detaches.
 * - `countServiceWorkerBytes(context)`: what the context's service workers fetch themselves (a page's
 *   conditions and CDP session do not reach them; B4 reports those bytes apart).
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { classify, emptyTotals, type ByteTotals, type Kind } from './byte-kinds.ts';

export type Resource = {
  id: string;
  url: string;
  kind: Kind;
  /** CDP resource type (Document, Script, Fetch, ...). */
  type: string;
  mimeType?: string;
  status?: number;
  /** Bytes on the wire (0 when served by the service worker or a cache). */
  bytes: number;
  fromServiceWorker: boolean;
  fromCache: boolean;
  /** ms since the counter started (or was reset). */
  startMs: number;
  endMs?: number;
  failed?: boolean;
};

export type ByteCounter = {
  resources: Resource[];
  totals(): ByteTotals;
  reset(): void;
  stop(): Promise<void>;
  cdp: CDPSession;
};

/** Counts the bytes `page` moves (see the top comment); pass the CDP session from `throttle`. */
export async function countBytes(page: Page, cdp?: CDPSession): Promise<ByteCounter> {
  const session = cdp ?? (await page.context().newCDPSession(page));
  if (!cdp) await session.send('Network.enable');
  let started = performance.now();
  let byId = new Map<string, Resource>();
  let resources: Resource[] = [];
  const now = () => performance.now() - started;
  const sockets = new Map<string, string>();

  session.on('Network.requestWillBeSent', (event) => {
    const existing = byId.get(event.requestId);
    if (existing) return; // a redirect: the same request id goes on
    const resource: Resource = {
      id: event.requestId,
      url: event.request.url,
      type: event.type ?? 'Other',
      kind: classify(event.request.url, event.type ?? 'Other'),
      bytes: 0,
      fromServiceWorker: false,
      fromCache: false,
      startMs: now(),
    };
    byId.set(event.requestId, resource);
    resources.push(resource);
  });
  session.on('Network.requestServedFromCache', (event) => {
    const resource = byId.get(event.requestId);
    if (resource) resource.fromCache = true;
  });
  session.on('Network.responseReceived', (event) => {
    const resource = byId.get(event.requestId);
    if (!resource) return;
    resource.mimeType = event.response.mimeType;
    resource.status = event.response.status;
    resource.type = event.type;
    resource.kind = classify(resource.url, event.type, event.response.mimeType);
    if (event.response.fromServiceWorker) resource.fromServiceWorker = true;
    if (event.response.fromDiskCache || event.response.fromPrefetchCache) resource.fromCache = true;
  });
  session.on('Network.loadingFinished', (event) => {
    const resource = byId.get(event.requestId);
    if (!resource) return;
    resource.endMs = now();
    // data: URLs (image placeholders inlined in JSON) cost nothing on the wire.
    const local = resource.url.startsWith('data:') || resource.url.startsWith('blob:');
    resource.bytes = resource.fromServiceWorker || resource.fromCache || local ? 0 : event.encodedDataLength;
  });
  session.on('Network.loadingFailed', (event) => {
    const resource = byId.get(event.requestId);
    if (!resource) return;
    resource.endMs = now();
    resource.failed = true;
  });
  session.on('Network.webSocketCreated', (event) => {
    sockets.set(event.requestId, event.url);
    const resource: Resource = {
      id: event.requestId,
      url: event.url,
      type: 'WebSocket',
      kind: 'socket',
      bytes: 0,
      fromServiceWorker: false,
      fromCache: false,
      startMs: now(),
    };
    byId.set(event.requestId, resource);
    resources.push(resource);
  });
  const frame = (event: { requestId: string; response: { opcode: number; payloadData: string } }) => {
    const resource = byId.get(event.requestId);
    if (!resource) return;
    const { opcode, payloadData } = event.response;
    // Text frames: UTF-8 bytes of the payload; binary frames arrive base64-encoded.
    resource.bytes +=
      opcode === 2 ? Buffer.from(payloadData, 'base64').length : Buffer.byteLength(payloadData);
    resource.endMs = now();
  };
  session.on('Network.webSocketFrameSent', frame);
  session.on('Network.webSocketFrameReceived', frame);

  return {
    cdp: session,
    get resources() {
      return resources;
    },
    totals() {
      const totals = emptyTotals();
      for (const resource of resources) {
        totals[resource.kind] += resource.bytes;
        totals.total += resource.bytes;
      }
      return totals;
    },
    reset() {
      started = performance.now();
      byId = new Map();
      resources = [];
    },
    async stop() {
      await session.detach().catch(() => {});
    },
  };
}

/**
 * Bytes the context's service workers fetch themselves (the Workbox precache), which a page's CDP
 * session does not see: Playwright reports them as requests with `serviceWorker()` set.
 */
export function countServiceWorkerBytes(context: BrowserContext): {
  totals(): ByteTotals;
  requests: { url: string; kind: Kind; bytes: number }[];
} {
  const requests: { url: string; kind: Kind; bytes: number }[] = [];
  context.on('requestfinished', (request) => {
    if (!request.serviceWorker()) return;
    void request
      .sizes()
      .then((sizes) => {
        const kind = classify(request.url(), request.resourceType() === 'script' ? 'Script' : 'Other');
        requests.push({
          url: request.url(),
          kind,
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        });
      })
      .catch(() => {});
  });
  return {
    requests,
    totals() {
      const totals = emptyTotals();
      for (const request of requests) {
        totals[request.kind] += request.bytes;
        totals.total += request.bytes;
      }
      return totals;
    },
  };
}
