/**
 * The part of the service worker that answers the public pages (decision 0023), written by the build
 * beside sw.js and loaded by it first (`importScripts`, vite.config.ts), so its fetch listener runs
 * before Workbox's. A navigation to a public page gets its prerendered HTML in the device's language
 * (the record lib/device-choice.ts keeps, since a worker reads neither localStorage nor, in every
 * browser, cookies; else `?lang=`, else the browser's languages): from the pages it keeps, else from
 * the network, then kept until the next version of the worker. None is precached (build/app-shell.ts):
 * when the worker activates, it keeps the pages this device was sent before it came, from the
 * browser's HTTP cache (nothing downloaded again), so a visitor's repeat visit opens them at once.
 * Such a page's entry is started after its first frame by the start script below, as home's copy's is,
 * and without its module preloads (codeAfterFirstFrame). A device that remembers a member gets the app
 * shell, as before, so the app sends them home.
 *
 * Home is the member's twin of those pages (decision 0024): a navigation to it gets the app shell with
 * the copy of home the web app kept for the member the device remembers (lib/home-copy.ts) written
 * into its root, with its style sheets, when that copy was drawn by this very build (the shell's entry
 * script) for that very member; otherwise the app shell alone, as Workbox would answer. That page
 * starts the app through a script the worker answers (KEPT_COPY_START_PATH, decision 0024, amended), which runs
 * the entry only after the copy's first frame: run first, the entry held that frame for seconds.
 *
 * The pages the server paints for the visit (decision 0057: a profile, a post, a zone, and home when
 * the device holds no copy of it for this member) are asked of the network first, as the browser
 * would without a worker: the painted page shows itself at once and the app takes it over from the
 * code the worker holds, where the app shell would draw it from scratch once its API calls answered
 * (4 to 6 s on Regular 3G). Offline, or with no answer within PAINT_WAIT_MS, the app shell answers,
 * and the app draws the page from what the device kept.
 */
import { DEFAULT_LANGUAGE, INTERFACE_LANGUAGES } from '@motema/shared/languages';
import { MEMBER_SHELLS, PAINTED_START_ATTRIBUTE, VISITOR_SHELLS } from '@motema/shared/member-shells';
import { PRERENDERED_ATTRIBUTE } from '../src/lib/prerendered-page.ts';
import { KEEP_INSTALL_OFFER } from './painted-start.ts';
import {
  DEVICE_CHOICE_CACHE,
  DEVICE_CHOICE_URL,
  HOME_COPY_PATH,
  HOME_COPY_URL,
  KEPT_COPY_ATTRIBUTE,
  KEPT_COPY_START_PATH,
  PRERENDERED_DIR,
  PRERENDERED_PAGES,
} from '@motema/shared/public-pages';
/** Public pages the worker keeps (sent before it came, or fetched once), until its next version. */
export const PAGES_CACHE = 'motema-pages';
/** The longest wait for a painted page before the app shell answers (ms): a silent line must not blank it. */
export const PAINT_WAIT_MS = 5000;

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
    prerenderedAttribute: PRERENDERED_ATTRIBUTE,
    homePath: HOME_COPY_PATH,
    homeCopyUrl: HOME_COPY_URL,
    keptAttribute: KEPT_COPY_ATTRIBUTE,
    startPath: KEPT_COPY_START_PATH,
    paintedPaths: [...VISITOR_SHELLS].map((shell) => MEMBER_SHELLS[shell].source),
    paintWaitMs: PAINT_WAIT_MS,
    keepInstallOffer: KEEP_INSTALL_OFFER,
  };
  return `// Written by the build (apps/web/build/public-pages-worker.ts).
const SETTINGS = ${JSON.stringify(settings)};
const PAINTED_PATHS = SETTINGS.paintedPaths.map((pattern) => new RegExp(pattern));

self.addEventListener('activate', (event) => {
  // Pages kept by the previous version name its files.
  event.waitUntil(caches.delete(SETTINGS.pagesCache).then(keepPagesSent));
});

/**
 * The public pages the browser holds in its HTTP cache (a visitor's first visit, before this worker
 * was there), kept under the file of the language they were sent in (the server answers \`/\` with
 * that file) when they are of this build, the one of the precached app shell. \`only-if-cached\`
 * downloads nothing; a page not there is kept when first opened.
 */
async function keepPagesSent() {
  const [device, shell] = await Promise.all([deviceChoice(), keptShell()]);
  const build = shell ? buildOf(await shell.text()) : null;
  if (device.member || !build) return;
  const cache = await caches.open(SETTINGS.pagesCache);
  await Promise.all(
    Object.entries(SETTINGS.pages).map(async ([path, page]) => {
      try {
        const sent = await fetch(path, { cache: 'only-if-cached', mode: 'same-origin' });
        const html = sent.ok ? await sent.clone().text() : '';
        const language = /<html\\b[^>]*\\slang="([^"]+)"/.exec(html)?.[1];
        const prerendered = html.includes(SETTINGS.prerenderedAttribute + '=' + JSON.stringify(path));
        if (prerendered && buildOf(html) === build && SETTINGS.languages.includes(language))
          await cache.put(pageFile(page, language), sent);
      } catch {
        // Not in the HTTP cache.
      }
    }),
  );
}

// The entry script a page loads, which names its build: not the start script (build/painted-start.ts)
// a page with a form loads before it.
const ENTRY_SCRIPT = /<script\\b(?![^>]*\\b${PAINTED_START_ATTRIBUTE}\\b)[^>]*\\btype="module"[^>]*\\bsrc="([^"]+)"[^>]*><\\/script>/;
function buildOf(html) {
  return ENTRY_SCRIPT.exec(html)?.[1] ?? null;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || request.method !== 'GET') return;
  if (url.pathname === SETTINGS.startPath) {
    event.stopImmediatePropagation();
    event.respondWith(startScript(url));
    return;
  }
  if (request.mode !== 'navigate') return;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\\/+$/, '') : url.pathname;
  if (path === SETTINGS.homePath) {
    event.stopImmediatePropagation();
    event.respondWith(home(request));
    return;
  }
  if (PAINTED_PATHS.some((pattern) => pattern.test(path))) {
    // Workbox's listeners would answer with the app shell.
    event.stopImmediatePropagation();
    event.respondWith(paintedOrShell(request));
    return;
  }
  const page = Object.hasOwn(SETTINGS.pages, path) ? SETTINGS.pages[path] : undefined;
  if (!page) return;
  // Workbox's listeners would answer with the app shell.
  event.stopImmediatePropagation();
  event.respondWith(publicPage(request, url, page));
});

/** A record the web app keeps beside the device's choice (lib/device-choice.ts), or null. */
async function keptRecord(url) {
  try {
    const kept = await caches.match(url, { cacheName: SETTINGS.choiceCache });
    return kept ? await kept.json() : null;
  } catch {
    return null;
  }
}

async function deviceChoice() {
  return (await keptRecord(SETTINGS.choiceUrl)) || {};
}

/** The app shell as precached, or undefined. */
function keptShell() {
  return caches.match('/index.html', { ignoreSearch: true });
}

/** The build's file of a public page in a language (prerenderedFile). */
function pageFile(page, language) {
  return '/' + SETTINGS.dir + '/' + language + '/' + page + '.html';
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
  return (await keptShell()) || fetch(request);
}

/**
 * A page the server paints: the network's answer (a redirect included, for the browser to follow),
 * else the app shell: offline, on an error, or after SETTINGS.paintWaitMs without an answer.
 */
async function paintedOrShell(request) {
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), SETTINGS.paintWaitMs);
  });
  const network = fetch(request).then(
    (response) => (response.ok || response.type === 'opaqueredirect' ? response : null),
    () => null,
  );
  const answer = await Promise.race([network, late]);
  clearTimeout(timer);
  return answer || appShell(request);
}

/** Home: the app shell, with the kept copy written in when it is this member's and this build's. */
async function home(request) {
  const [device, copy, shell] = await Promise.all([
    deviceChoice(),
    keptRecord(SETTINGS.homeCopyUrl),
    keptShell(),
  ]);
  if (!shell) return fetch(request);
  const page =
    copy && typeof device.member === 'string' && copy.member === device.member
      ? withCopy(await shell.clone().text(), copy)
      : null;
  return page ? rewritten(page, shell) : paintedOrShell(request);
}

/** \`html\` answered as \`response\` was, but for the headers that describe that response's bytes. */
function rewritten(html, response) {
  const headers = new Headers(response.headers);
  for (const name of ['content-length', 'content-encoding', 'etag', 'last-modified']) headers.delete(name);
  return new Response(html, { status: response.status, headers });
}

/** The script tag that runs \`entry\` after the page's first frame (startScript). */
function startTag(entry) {
  return '<script type="module" src="' + SETTINGS.startPath + '?entry=' + encodeURIComponent(entry) + '"></script>';
}

const STYLE = /^\\/assets\\/[\\w.-]+\\.css$/;
const ENTRY = /^\\/assets\\/[\\w.-]+\\.js$/;

/**
 * The script that starts the app on a page drawn from a kept copy: the entry (its \`entry\` query) runs
 * once the copy's first frame is drawn, not before it: run as soon as the page is parsed, it was a
 * second of script at 4x slowdown before that frame. The browser's offer to install, which may come
 * meanwhile, is kept for the app first.
 */
function startScript(url) {
  const entry = url.searchParams.get('entry');
  if (!entry || !ENTRY.test(entry)) return new Response('', { status: 404 });
  const body =
    '// Written by the service worker (apps/web/build/public-pages-worker.ts).\\n' +
    SETTINGS.keepInstallOffer +
    'await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));\\n' +
    'await import(' + JSON.stringify(entry) + ');\\n';
  return new Response(body, {
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' },
  });
}
const LANGUAGE = /^[a-z]{2,3}(-[a-z0-9]+)*$/i;
const ROOT = '<div id="root"></div>';

/** The shell's HTML with the copy in its root, or null when the copy is of another build. */
function withCopy(html, copy) {
  if (buildOf(html) !== copy.build || typeof copy.html !== 'string' || !html.includes(ROOT)) return null;
  const styles = (Array.isArray(copy.styles) ? copy.styles : []).filter(
    (href) => typeof href === 'string' && STYLE.test(href) && !html.includes('href="' + href + '"'),
  );
  const language = typeof copy.language === 'string' && LANGUAGE.test(copy.language) ? copy.language : null;
  const scheme = copy.scheme === 'dark' ? 'dark' : 'light';
  const links = styles.map((href) => '<link rel="stylesheet" href="' + href + '">').join('');
  // Functions as replacements: the copy's HTML may hold "$&" and the like.
  return entryAfterFirstFrame(html)
    .replace(/<html\\b[^>]*>/, (tag) => {
      const rest = tag.slice(5, -1).replace(/\\sdata-mantine-color-scheme="[^"]*"/, '');
      const named = language ? rest.replace(/\\slang="[^"]*"/, '') + ' lang="' + language + '"' : rest;
      return '<html' + named + ' data-mantine-color-scheme="' + scheme + '">';
    })
    .replace('</head>', () => links + '</head>')
    .replace(ROOT, () =>
      '<div id="root" ' + SETTINGS.keptAttribute + '="' + SETTINGS.homePath + '">' + copy.html + '</div>',
    );
}

/**
 * A prerendered page as the worker answers it: its entry started by the start script, after the
 * page's first frame, and without the module preloads. Every file is in the worker's caches, so they
 * all arrive at once, and the browser compiled the preloaded modules (the entry alone is 140 KB of
 * brotli) before that frame: at 4x slowdown the start page's first paint came 0.6 to 1 s after its
 * HTML, against the frame at once when only the page has to be drawn.
 */
async function codeAfterFirstFrame(response) {
  return rewritten(entryAfterFirstFrame(await response.text()), response);
}

/** \`html\` with its entry started by the start script and without its module preloads. */
function entryAfterFirstFrame(html) {
  return html.replace(/<link rel="modulepreload"[^>]*>\\s*/g, '').replace(ENTRY_SCRIPT, (tag, src) => startTag(src));
}

async function publicPage(request, url, page) {
  const device = await deviceChoice();
  if (device.member) return appShell(request);
  const file = pageFile(page, pageLanguage(device.language, url));
  const kept = await caches.match(file, { ignoreSearch: true });
  if (kept) return codeAfterFirstFrame(kept);
  try {
    const response = await fetch(file);
    if (response.ok) await (await caches.open(SETTINGS.pagesCache)).put(file, response.clone());
    return response.ok ? codeAfterFirstFrame(response) : response;
  } catch {
    // Offline and never kept: the app shell renders the page from the kept code.
    return appShell(request);
  }
}
`;
}
