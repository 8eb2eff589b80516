/**
 * The part of the service worker that answers the public pages (decision 0023), written by the build
 * beside sw.js and loaded by it first (`importScripts`, vite.config.ts), so its fetch listener runs
 * before Workbox's. A navigation to a public page gets its prerendered HTML in the device's language
 * (the record lib/device-choice.ts keeps, since a worker reads neither localStorage nor, in every
 * browser, cookies; else `?lang=`, else the browser's languages): from the precache (the start and
 * login pages, build/app-shell.ts), else from the network, then kept until the next version of the
 * worker. A device that remembers a member gets the app shell, as before, so the app sends them home.
 */
import { DEFAULT_LANGUAGE, INTERFACE_LANGUAGES } from '@motema/shared/languages';
import {
  DEVICE_CHOICE_CACHE,
  DEVICE_CHOICE_URL,
  PRERENDERED_DIR,
  PRERENDERED_PAGES,
} from '@motema/shared/public-pages';
/** Public pages fetched once by the worker (those not precached), until the next version. */
export const PAGES_CACHE = 'motema-pages';

/** The worker's source: plain script, its settings written in as JSON. */
export function publicPagesWorker(): string {
  const settings = {
    pages: PRERENDERED_PAGES,
    dir: PRERENDERED_DIR,
    languages: INTERFACE_LANGUAGES,
    fallbackLanguage: DEFAULT_LANGUAGE,
    choiceCache: DEVICE_CHOICE_CACHE,
    choiceUrl: DEVICE_CHOICE_URL,
    pagesCache: PAGES_CACHE,
  };
  return `// Written by the build (apps/web/build/public-pages-worker.ts).
const SETTINGS = ${JSON.stringify(settings)};

self.addEventListener('activate', (event) => {
  // Pages kept by the previous version name its files.
  event.waitUntil(caches.delete(SETTINGS.pagesCache));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\\/+$/, '') : url.pathname;
  const page = Object.hasOwn(SETTINGS.pages, path) ? SETTINGS.pages[path] : undefined;
  if (!page) return;
  // Workbox's listeners would answer with the app shell.
  event.stopImmediatePropagation();
  event.respondWith(publicPage(request, url, page));
});

async function deviceChoice() {
  try {
    const record = await caches.match(SETTINGS.choiceUrl, { cacheName: SETTINGS.choiceCache });
    return record ? await record.json() : {};
  } catch {
    return {};
  }
}

/** The web app's rule (lib/i18n.ts): the stored choice, else ?lang=, else the browser's languages. */
function pageLanguage(stored, url) {
  const tags = [stored, url.searchParams.get('lang'), ...(self.navigator.languages || [])];
  for (const tag of tags) {
    const base = typeof tag === 'string' ? tag.toLowerCase().split(/[-_]/)[0] : '';
    if (SETTINGS.languages.includes(base)) return base;
  }
  return SETTINGS.fallbackLanguage;
}

async function appShell(request) {
  return (await caches.match('/index.html', { ignoreSearch: true })) || fetch(request);
}

async function publicPage(request, url, page) {
  const device = await deviceChoice();
  if (device.member) return appShell(request);
  const file = '/' + SETTINGS.dir + '/' + pageLanguage(device.language, url) + '/' + page + '.html';
  const kept = await caches.match(file, { ignoreSearch: true });
  if (kept) return kept;
  try {
    const response = await fetch(file);
    if (response.ok) await (await caches.open(SETTINGS.pagesCache)).put(file, response.clone());
    return response;
  } catch {
    // Offline and never kept: the app shell renders the page from the kept code.
    return appShell(request);
  }
}
`;
}
