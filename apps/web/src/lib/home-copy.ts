import {
  DEVICE_CHOICE_CACHE,
  HOME_COPY_PATH,
  HOME_COPY_URL,
  KEPT_COPY_START_PATH,
  type HomeCopy,
} from '@motema/shared/public-pages';
import { PAINTED_START_ATTRIBUTE } from '@motema/shared/member-shells';

/**
 * Home as this device last drew it for the member (decision 0024): the service worker writes it into
 * the app shell of their next visit (build/public-pages-worker.ts), so its first frame is home, links
 * that work before any script runs, while the app's code starts; the app then renders home in its
 * place from the kept lists (main.tsx). It holds what the kept lists hold (lib/persisted-queries.ts),
 * drawn, and is forgotten with them (lib/query-client.ts).
 */

/**
 * What is not kept even when it sits in the root: layers that open over the page (menus, dialogs,
 * tooltips, notices; Mantine puts most in portals outside the root, the `data-portal` nodes).
 */
const NOT_KEPT =
  '[data-portal], [role="dialog"], [role="alertdialog"], [role="menu"], [role="tooltip"], [role="alert"]';

/** A style sheet of the build (`/assets/…css`), as a path the worker can write into the shell. */
const ASSET_STYLE = /^\/assets\/[\w.-]+\.css$/;

/**
 * The build this page runs: the path of its entry script, hashed, which the app shell names too (on a
 * page drawn from a copy, the entry the start script runs; on a painted home, not the painted pages'
 * start script before it).
 */
export function buildOf(document: Document): string | null {
  const src = document
    .querySelector(`script[type="module"][src]:not([${PAINTED_START_ATTRIBUTE}])`)
    ?.getAttribute('src');
  if (!src) return null;
  const url = new URL(src, document.baseURI);
  return url.pathname === KEPT_COPY_START_PATH ? url.searchParams.get('entry') : src;
}

/**
 * What home shows in `document` now, for `member`, `trim` applied to it (the page's own bounds); null
 * when it is not home or not a build's page.
 */
export function takeHomeCopy(
  document: Document,
  member: string,
  trim: (copy: HTMLElement) => void = () => undefined,
): HomeCopy | null {
  const root = document.getElementById('root');
  const build = buildOf(document);
  if (!root || !build || document.location.pathname !== HOME_COPY_PATH) return null;
  const copy = root.cloneNode(true) as HTMLElement;
  for (const layer of copy.querySelectorAll(NOT_KEPT)) layer.remove();
  trim(copy);
  const styles = [...document.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet" i]')]
    .map((link) => new URL(link.href, document.baseURI))
    .filter((url) => url.origin === document.location.origin && ASSET_STYLE.test(url.pathname))
    .map((url) => url.pathname);
  const html = document.documentElement;
  return {
    build,
    member,
    language: html.lang,
    scheme: html.getAttribute('data-mantine-color-scheme') === 'dark' ? 'dark' : 'light',
    styles: [...new Set(styles)],
    html: copy.innerHTML,
  };
}

let lastKept = '';
/** A keeping or forgetting in progress: each waits for the one before, so the last call wins. */
let queue: Promise<unknown> = Promise.resolve();

function inTurn(task: (cache: Cache) => Promise<unknown>): Promise<void> {
  const next = queue.then(async () => {
    if (typeof caches === 'undefined') return;
    try {
      await task(await caches.open(DEVICE_CHOICE_CACHE));
    } catch {
      // Storage full or refused: the next visit draws home from the app's code, as without a copy.
      lastKept = '';
    }
  });
  queue = next;
  return next;
}

/**
 * Keeps `copy` unless it is the one kept already. `member` answers the member the device remembers
 * at the time of writing: a copy taken before a logout or a change of member is not written, and one
 * written while the device forgot its member is deleted again.
 */
export function keepHomeCopy(copy: HomeCopy, member: () => string | null): Promise<void> {
  const body = JSON.stringify(copy);
  if (body === lastKept) return queue.then(() => undefined);
  lastKept = body;
  return inTurn(async (cache) => {
    if (member() !== copy.member) return;
    await cache.put(HOME_COPY_URL, new Response(body, { headers: { 'content-type': 'application/json' } }));
    if (member() !== copy.member) await cache.delete(HOME_COPY_URL);
  });
}

/** Forgets the copy (the device forgets its member: logout, a session the server ended, another member). */
export function forgetHomeCopy(): Promise<void> {
  lastKept = '';
  return inTurn((cache) => cache.delete(HOME_COPY_URL));
}
