import { describe, expect, it, vi } from 'vitest';
import { PAGES_CACHE, publicPagesWorker } from './public-pages-worker.ts';

const ORIGIN = 'https://motema.test';
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

const PRECACHE = 'workbox-precache-v2-https://motema.test/';
const SHELL = '<div id="root"></div>';
/** The app shell as the build writes it: its entry script names the build. */
const BUILD = '/assets/index-B1.js';
const APP_SHELL = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="${BUILD}"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-C1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** The worker's script run against a fake worker scope; returns a way to send it requests. */
function worker(options: {
  record?: { language: string | null; member: boolean | string | null };
  homeCopy?: Record<string, unknown>;
  shell?: string;
  languages?: string[];
  network?: Record<string, string> | 'offline';
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
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.cache === 'only-if-cached') {
      const sent = options.httpCache?.[url];
      // A miss is a network error, as in the browser.
      if (sent === undefined) throw new TypeError('Failed to fetch');
      return new Response(sent);
    }
    if (options.network === 'offline') throw new TypeError('Failed to fetch');
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

describe('the service worker script of the public pages', () => {
  it("answers a visitor with the precached page in the browser's language, the address kept", async () => {
    const { request } = worker({ languages: ['fr-CD', 'en'] });
    expect(await request('/')).toBe('start fr');
    expect(await request('/?from=%2Fhome')).toBe('start fr');
    expect(await worker({ languages: ['sw', 'de'] }).request('/')).toBe('start en');
  });

  it('takes the language chosen on the device first, then the lang query, then the browser', async () => {
    expect(await worker({ record: { language: 'en', member: false }, languages: ['fr'] }).request('/')).toBe(
      'start en',
    );
    expect(await worker({ record: { language: null, member: false } }).request('/login/?lang=ro')).toBe(
      'login ro',
    );
  });

  it('answers a device that remembers a member with the app shell, so the app sends them home', async () => {
    const { request } = worker({ record: { language: 'fr', member: true } });
    expect(await request('/')).toBe(SHELL);
  });

  it('fetches a page it does not hold once, then answers with the copy it kept', async () => {
    const { request, fetch, activate, caches } = worker({
      languages: ['fr'],
      network: { '/pages/fr/about.html': 'about fr' },
    });
    expect(await request('/about')).toBe('about fr');
    expect(await request('/about')).toBe('about fr');
    expect(fetch).toHaveBeenCalledTimes(1);
    // A new version of the worker forgets the pages the previous one kept (they name its files).
    await activate();
    expect(caches.stores.has(PAGES_CACHE)).toBe(false);
  });

  describe('when it activates, keeps the pages the browser was sent before it came (bar B6)', () => {
    /** A prerendered page as the server sends it: its path on the root, its build's entry script. */
    const ENTRY = '/assets/index-B1.js';
    /** The precached app shell, whose entry script names the build. */
    const SHELL_PAGE = `<html lang="en"><head><script type="module" src="${ENTRY}"></script></head></html>`;
    const sent = (path: string, language: string, body: string, build = ENTRY) =>
      `<!doctype html><html lang="${language}" data-mantine-color-scheme="light"><head>` +
      `<script type="module" crossorigin src="${build}"></script></head>` +
      `<body><div id="root" data-prerendered="${path}">${body}</div></body></html>`;
    const login = sent('/login', 'fr', 'login fr');

    it('under the file of the language they came in, downloading nothing', async () => {
      const { request, fetch, activate, caches } = worker({
        shell: SHELL_PAGE,
        languages: ['fr'],
        httpCache: {
          '/login': login,
          // The app shell a member's request got, and a page of an earlier build: not kept.
          '/register': SHELL_PAGE,
          '/about': sent('/about', 'fr', 'about fr', '/assets/index-OLD.js'),
        },
        network: { '/pages/fr/about.html': 'about fr, this build' },
      });
      await activate();
      expect([...caches.stores.get(PAGES_CACHE)!.keys()]).toEqual(['/pages/fr/login.html']);
      expect(fetch.mock.calls.every(([, init]) => init?.cache === 'only-if-cached')).toBe(true);
      // The repeat visit: the page at once, from the device.
      expect(await request('/login')).toBe(login);
      expect(await request('/about')).toBe('about fr, this build');
      expect(fetch).toHaveBeenCalledWith('/pages/fr/about.html');
      expect(fetch).not.toHaveBeenCalledWith('/pages/fr/login.html');
    });

    it('none for a device that remembers a member, who is sent the app shell', async () => {
      const { activate, caches } = worker({
        shell: SHELL_PAGE,
        record: { language: 'fr', member: true },
        httpCache: { '/login': login },
      });
      await activate();
      expect(caches.stores.get(PAGES_CACHE)?.size ?? 0).toBe(0);
    });
  });

  it('answers with the app shell offline when it never kept the page', async () => {
    expect(await worker({ network: 'offline' }).request('/privacy-policy')).toBe(SHELL);
  });

  it('leaves every other request to Workbox', async () => {
    const { request } = worker({});
    expect(await request('/settings/profile')).toBeNull();
    expect(await request('/home', 'cors')).toBeNull();
    expect(await request('/', 'cors')).toBeNull();
    expect(await request('/assets/index-1.js', 'no-cors')).toBeNull();
  });
});

describe("the service worker's answer to home (decision 0024)", () => {
  const AMANI = 'amani-1';
  const copy = {
    build: BUILD,
    member: AMANI,
    language: 'fr',
    scheme: 'light',
    styles: ['/assets/index-C1.css', '/assets/home-page-D2.css', '/assets/home-layout-E3.css'],
    html: '<main><ul><li><a href="/profile/member-1">Member1, 24 ($&amp; $&lt; $1)</a></li></ul></main>',
  };
  const home = (options: Parameters<typeof worker>[0]) =>
    worker({ shell: APP_SHELL, record: { language: null, member: AMANI }, ...options }).request('/home');

  it("writes the member's kept copy into the app shell, with its style sheets, language and scheme", async () => {
    const page = await home({ homeCopy: copy });
    const document = new DOMParser().parseFromString(page!, 'text/html');
    const root = document.getElementById('root')!;
    expect(root.getAttribute('data-kept-copy')).toBe('/home');
    // Written as kept, "$&" and all (not read as a replacement pattern).
    expect(root.innerHTML).toBe(copy.html);
    expect(document.documentElement.lang).toBe('fr');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
    const sheets = [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) =>
      link.getAttribute('href'),
    );
    // The shell's own sheet once, then those of home's chunks, render-blocking like it.
    expect(sheets).toEqual([
      '/assets/index-C1.css',
      '/assets/home-page-D2.css',
      '/assets/home-layout-E3.css',
    ]);
    expect(document.querySelector('script[type="module"]')?.getAttribute('src')).toBe(BUILD);
    // With a trailing slash or a query, the same page.
    const again = worker({ shell: APP_SHELL, record: { language: null, member: AMANI }, homeCopy: copy });
    expect(await again.request('/home/?tab=1')).toContain('data-kept-copy="/home"');
  });

  it('answers with the app shell alone for another member, no member, another build or no copy', async () => {
    expect(await home({ homeCopy: { ...copy, member: 'bayo-2' } })).toBe(APP_SHELL);
    expect(await home({ homeCopy: copy, record: { language: null, member: null } })).toBe(APP_SHELL);
    expect(await home({ homeCopy: copy, record: undefined })).toBe(APP_SHELL);
    // A record written before members were named in it.
    expect(await home({ homeCopy: copy, record: { language: null, member: true } })).toBe(APP_SHELL);
    expect(await home({ homeCopy: { ...copy, build: '/assets/index-OLD.js' } })).toBe(APP_SHELL);
    expect(await home({})).toBe(APP_SHELL);
  });

  it('writes in only style sheets of the build and a plain language', async () => {
    const page = await home({
      homeCopy: {
        ...copy,
        language: 'fr"><script>x()</script>',
        scheme: 'neon',
        styles: ['https://elsewhere.test/a.css', '/assets/../x.css"><script>', '/assets/ok-F4.css'],
      },
    });
    const document = new DOMParser().parseFromString(page!, 'text/html');
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
    expect(
      [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href')),
    ).toEqual(['/assets/index-C1.css', '/assets/ok-F4.css']);
  });
});
