import { describe, expect, it } from 'vitest';
import { PAINTED_START_ATTRIBUTE } from '@motema/shared/member-shells';
import { PAGES_CACHE } from './public-pages-worker.ts';
import { SHELL, worker } from './public-pages-worker-fixtures.ts';

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
      // The repeat visit: the page at once, from the device, its entry started after its first frame.
      expect(await request('/login')).toBe(
        login.replace(
          `<script type="module" crossorigin src="${ENTRY}"></script>`,
          `<script type="module" src="/kept-copy-start.js?entry=${encodeURIComponent(ENTRY)}"></script>`,
        ),
      );
      expect(await request('/about')).toBe('about fr, this build');
      expect(fetch).toHaveBeenCalledWith('/pages/fr/about.html');
      expect(fetch).not.toHaveBeenCalledWith('/pages/fr/login.html');
    });

    it('answers a page with its code after the first frame: no module preloads, the entry run by the start script', async () => {
      const page =
        `<html lang="fr"><head><script type="module" crossorigin src="${ENTRY}"></script>` +
        '<link rel="modulepreload" crossorigin href="/assets/start-page-A1.js">\n' +
        '<link rel="stylesheet" href="/assets/index-C1.css" media="print" data-after-paint></head>' +
        '<body><div id="root" data-prerendered="/about">about fr</div></body></html>';
      const { request } = worker({ languages: ['fr'], network: { '/pages/fr/about.html': page } });
      const answered = new DOMParser().parseFromString((await request('/about'))!, 'text/html');
      expect(answered.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
      const scripts = [...answered.querySelectorAll('script')].map((script) => script.getAttribute('src'));
      expect(scripts).toEqual([`/kept-copy-start.js?entry=${encodeURIComponent(ENTRY)}`]);
      // The rest as sent: the sheets after the paint, the prerendered root.
      expect(answered.querySelector('link[data-after-paint]')?.getAttribute('href')).toBe(
        '/assets/index-C1.css',
      );
      expect(answered.getElementById('root')?.textContent).toBe('about fr');
    });

    it("keeps a form's start script, which keeps early taps, and starts the entry after it", async () => {
      const start = `<script type="module" src="/assets/painted-start-P1.js" ${PAINTED_START_ATTRIBUTE}></script>`;
      const page = sent('/login', 'fr', 'login fr').replace(
        '<script type="module" crossorigin',
        `${start}$&`,
      );
      const { request, activate, caches } = worker({
        shell: SHELL_PAGE,
        languages: ['fr'],
        httpCache: { '/login': page },
      });
      await activate();
      // Of this build: its entry, not the start script before it, names the build.
      expect([...caches.stores.get(PAGES_CACHE)!.keys()]).toEqual(['/pages/fr/login.html']);
      const answered = new DOMParser().parseFromString((await request('/login'))!, 'text/html');
      const scripts = [...answered.querySelectorAll('script')].map((script) => script.getAttribute('src'));
      expect(scripts).toEqual([
        '/assets/painted-start-P1.js',
        `/kept-copy-start.js?entry=${encodeURIComponent(ENTRY)}`,
      ]);
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
