/**
 * Chromium for browser benchmarks (B4 page load, B6 session bytes), driven by playwright-core.
 *
 * - `launchBrowser()`: Debian's Chromium (/usr/bin/chromium) with --no-sandbox --disable-gpu
 *   --disable-background-networking (no component updates or safe-browsing fetches in the counts).
 *   `newPhoneContext(browser)`: a fresh context (empty cache, no service worker) sized like a low-end
 *   Android phone: 360x740 CSS px, device pixel ratio 2, touch, mobile.
 * - Throttling presets, applied per page over CDP by `throttle(page, profile)` before it navigates
 *   (`Network.emulateNetworkConditions`: `latency` is added to each request's round trip, throughputs
 *   in bytes/s; `Emulation.setCPUThrottlingRate`):
 *     REGULAR_3G  300 ms RTT, 700 kbit/s down, 700 kbit/s up, CPU 4x slower (QUALITY B4's profile).
 *     SLOW_4G     Chrome DevTools' "Slow 4G" preset (its old "Fast 3G"): 562.5 ms RTT (150 x 3.75),
 *                 1.44 Mbit/s down (1.6 x 0.9), 675 kbit/s up (750 x 0.9); CPU 4x slower.
 *   DevTools-style throttling works per request in the browser (no TCP slow start, no packet loss), and
 *   a page's conditions do not reach its service worker's own fetches (the Workbox precache download
 *   after the first visit runs unthrottled); `throttle` says so in `note` and B4 reports those bytes
 *   apart.
 * - `countBytes(page)`: a byte counter over the page's CDP Network events. Each finished request adds
 *   `Network.loadingFinished.encodedDataLength` (bytes on the wire: headers plus the compressed body);
 *   WebSocket frames add their payload length (`Network.webSocketFrameSent/Received`, characters of
 *   the text frame, or decoded bytes of a binary one). Responses served by the service worker or a
 *   browser cache, and data:/blob: URLs, count 0 network bytes but are listed (`fromServiceWorker`,
 *   `fromCache`). Kinds:
 *     html      documents (text/html)
 *     js        scripts (type Script, or a JavaScript MIME type)
 *     css       stylesheets
 *     api-json  /api/ requests (JSON answers of the server)
 *     image     images (photos, icons, favicons)
 *     font      fonts
 *     socket    Socket.IO: WebSocket frames plus the /socket.io/ HTTP polling and handshake requests
 *     other     anything else: locale JSON files, the web manifest, sw.js, ...
 *   `totals()` gives bytes per kind and `total`; `resources` lists each request with its url, kind,
 *   bytes, status and timings (for waterfalls); `reset()` starts again; `stop()` detaches.
 */
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export type ThrottleProfile = {
  name: string;
  /** Round-trip latency added to each request, ms. */
  latencyMs: number;
  downloadKbps: number;
  uploadKbps: number;
  /** CPU slowdown factor (1 = none). */
  cpuSlowdown: number;
  connectionType: 'cellular3g' | 'cellular4g';
};

export const REGULAR_3G: ThrottleProfile = {
  name: 'Regular 3G',
  latencyMs: 300,
  downloadKbps: 700,
  uploadKbps: 700,
  cpuSlowdown: 4,
  connectionType: 'cellular3g',
};

export const SLOW_4G: ThrottleProfile = {
  name: 'Slow 4G',
  latencyMs: 562.5,
  downloadKbps: 1440,
  uploadKbps: 675,
  cpuSlowdown: 4,
  connectionType: 'cellular4g',
};

export const PROFILES = { 'regular-3g': REGULAR_3G, 'slow-4g': SLOW_4G } as const;

export function launchBrowser(options: { headless?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: options.headless ?? true,
  });
}

/** A fresh context: empty HTTP cache, no service worker, no storage; a 360x740 phone at DPR 2. */
export function newPhoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
  });
}

/** Applies a network and CPU profile to `page` (call before it navigates); returns its CDP session. */
export async function throttle(page: Page, profile: ThrottleProfile | undefined): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  if (profile) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latencyMs,
      downloadThroughput: (profile.downloadKbps * 1000) / 8,
      uploadThroughput: (profile.uploadKbps * 1000) / 8,
      connectionType: profile.connectionType,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  }
  return cdp;
}

/** `photo`: members' photos and chat files (`/api/media/`, `/api/chat-files/`); `image`: icons and the rest. */
export const KINDS = ['html', 'js', 'css', 'api-json', 'photo', 'image', 'font', 'socket', 'other'] as const;
export type Kind = (typeof KINDS)[number];

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

export type ByteTotals = Record<Kind, number> & { total: number };

export function classify(url: string, type: string, mimeType = ''): Kind {
  const pathname = (() => {
    try {
      return new URL(url).pathname;
    } catch {
      return url;
    }
  })();
  if (type === 'WebSocket' || pathname.startsWith('/socket.io/')) return 'socket';
  // Photos and chat files are served under /api/ too: they are told apart before API answers are.
  if (pathname.startsWith('/api/media/') || pathname.startsWith('/api/chat-files/')) return 'photo';
  if (type === 'Image' || mimeType.startsWith('image/')) return 'image';
  if (pathname.startsWith('/api/')) return 'api-json';
  if (type === 'Document' || mimeType.startsWith('text/html')) return 'html';
  if (type === 'Script' || /javascript|ecmascript/.test(mimeType) || /\.m?js$/.test(pathname)) {
    return pathname.endsWith('/sw.js') || pathname.includes('workbox-') ? 'other' : 'js';
  }
  if (type === 'Stylesheet' || mimeType.startsWith('text/css')) return 'css';
  if (type === 'Font' || mimeType.startsWith('font/') || /\.(woff2?|ttf|otf)$/.test(pathname)) return 'font';
  return 'other';
}

export function emptyTotals(): ByteTotals {
  return { ...(Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>), total: 0 };
}

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
