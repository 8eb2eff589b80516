/** The public pages' worker script run against a fake worker scope, for its tests. */
import { expect, vi } from 'vitest';
import { publicPagesWorker } from './public-pages-worker.ts';

export const ORIGIN = 'https://motema.test';
type Listener = (event: unknown) => void;

/** Cache Storage in memory: cache name -> URL (with its search) -> body. */
function fakeCaches(initial: Record<string, Record<string, string>>) {
  const stores = new Map(
    Object.entries(initial).map(([name, entries]) => [name, new Map(Object.entries(entries))]),
  );
  const find = (url: string, options: { cacheName?: string; ignoreSearch?: boolean } = {}) => {
    const wanted = new URL(url, ORIGIN);
    for (const [name, store] of stores) {
      if (options.cacheName && name !== options.cacheName) continue;
      for (const [key, body] of store) {
        const candidate = new URL(key, ORIGIN);
        const same = options.ignoreSearch
          ? candidate.pathname === wanted.pathname
          : candidate.href === wanted.href;
        if (same) return new Response(body);
      }
    }
    return undefined;
  };
  return {
    stores,
    match: async (url: string, options?: { cacheName?: string; ignoreSearch?: boolean }) =>
      find(url, options),
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      const store = stores.get(name)!;
      return { put: async (url: string, response: Response) => void store.set(url, await response.text()) };
    },
    delete: async (name: string) => stores.delete(name),
  };
}

export const PRECACHE = 'workbox-precache-v2-https://motema.test/';
export const SHELL = '<div id="root"></div>';
/** The app shell as the build writes it: its entry script names the build. */
export const BUILD = '/assets/index-B1.js';
export const APP_SHELL = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="${BUILD}"></script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-R1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** The worker's script run against a fake worker scope; returns a way to send it requests. */
export function worker(options: {
  record?: { language: string | null; member: boolean | string | null };
  homeCopy?: Record<string, unknown>;
  shell?: string;
  languages?: string[];
  /** What the server answers, by path; 'offline' fails every fetch, 'silent' answers none. */
  network?: Record<string, string> | 'offline' | 'silent';
  /** What the browser's HTTP cache holds, by path (read with `cache: 'only-if-cached'`). */
  httpCache?: Record<string, string>;
}) {
  const listeners = new Map<string, Listener[]>();
  const caches = fakeCaches({
    [PRECACHE]: {
      '/index.html?__WB_REVISION__=1': options.shell ?? SHELL,
      '/pages/en/start.html?__WB_REVISION__=2': 'start en',
      '/pages/fr/start.html?__WB_REVISION__=3': 'start fr',
      '/pages/ro/login.html?__WB_REVISION__=4': 'login ro',
    },
    'motema-device': {
      ...(options.record ? { '/device-choice.json': JSON.stringify(options.record) } : {}),
      ...(options.homeCopy ? { '/home-copy.json': JSON.stringify(options.homeCopy) } : {}),
    },
  });
  const fetch = vi.fn(async (target: string | { url: string }, init?: RequestInit) => {
    // A path, or the navigation's own request (its URL absolute).
    const url = typeof target === 'string' ? target : new URL(target.url).pathname;
    if (init?.cache === 'only-if-cached') {
      const sent = options.httpCache?.[url];
      // A miss is a network error, as in the browser.
      if (sent === undefined) throw new TypeError('Failed to fetch');
      return new Response(sent);
    }
    if (options.network === 'offline') throw new TypeError('Failed to fetch');
    if (options.network === 'silent') return new Promise<Response>(() => undefined);
    const body = options.network?.[url];
    return body === undefined ? new Response('missing', { status: 404 }) : new Response(body);
  });
  const self = {
    location: new URL(ORIGIN),
    navigator: { languages: options.languages ?? ['en-US'] },
    addEventListener: (type: string, listener: Listener) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
  };
  new Function('self', 'caches', 'fetch', publicPagesWorker())(self, caches, fetch);

  /** Sends a request; null when the script left it to the next listener (Workbox's). */
  async function request(path: string, mode = 'navigate'): Promise<string | null> {
    let answer: Promise<Response> | undefined;
    let stopped = false;
    const event = {
      request: { url: `${ORIGIN}${path}`, mode, method: 'GET' },
      respondWith: (response: Promise<Response>) => (answer = response),
      stopImmediatePropagation: () => (stopped = true),
    };
    for (const listener of listeners.get('fetch') ?? []) listener(event);
    expect(stopped, `${path}: Workbox's listeners skipped only when answered`).toBe(answer !== undefined);
    return answer ? (await answer).text() : null;
  }
  async function activate() {
    const waits: Promise<unknown>[] = [];
    for (const listener of listeners.get('activate') ?? [])
      listener({ waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
  }
  return { request, activate, fetch, caches };
}
