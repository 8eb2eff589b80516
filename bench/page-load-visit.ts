/**
 * What B4 (page-load.bench.ts) measures in one page visit: LCP, time until usable, CLS and bytes.
 *
 * - LCP: the last `largest-contentful-paint` entry (buffered PerformanceObserver; no input is made, so
 *   it is final once the page has settled), ms from navigation start.
 * - Usable: the first animation frame (so the frame that paints it, after render-blocking CSS) in
 *   which every selector of the page matches an element with a box that is not disabled, ms from
 *   navigation start. The app renders on the client: React attaches its handlers at the root before
 *   it renders anything, so a rendered element already reacts (a link navigates, an input types, the
 *   form submits). For the static reference the same elements are plain HTML.
 * - CLS: layout shifts without recent input, grouped in session windows as web-vitals does (a window
 *   ends after 1 s without a shift or 5 s in all); CLS is the largest window. `clsSum` is the plain sum.
 * - Bytes: `countBytes` (bench/lib/byte-counter.ts), by kind, on the page's own requests.
 * A visit ends once the page is usable and no request (other than the socket) has been in flight for
 * `quietMs`, or after `timeoutMs`.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { throttle, type ThrottleProfile } from './lib/browser.ts';
import { countBytes, type Resource } from './lib/byte-counter.ts';
import type { ByteTotals } from './lib/byte-kinds.ts';
import { DEVICE_CHOICE_CACHE, HOME_COPY_URL } from '@motema/shared/public-pages';

export type Visit = {
  usableMs: number;
  lcpMs: number;
  lcpElement?: string;
  /** First contentful paint, ms. */
  fcpMs: number;
  /** The document's Navigation Timing, or null where the page gave none. */
  documentTiming: DocumentTiming | null;
  /** The layout shifts counted (time, value, the nodes that moved). */
  shifts: { t: number; value: number; sources: string[] }[];
  /** document.visibilityState at the start, then its changes (LCP is not reported for hidden pages). */
  visibility: string[];
  cls: number;
  clsSum: number;
  bytes: ByteTotals;
  requests: number;
  /** Responses the service worker answered. */
  fromServiceWorker: number;
  /** The page was controlled by a service worker. */
  controlled: boolean;
  resources: Resource[];
};

type PageState = {
  usable: number | null;
  lcp: { t: number; element: string }[];
  shifts: { t: number; value: number; input: boolean; sources: string[] }[];
  visibility: string[];
  fcp: number | null;
  documentTiming: DocumentTiming | null;
};

/**
 * The document's own moments (Navigation Timing), ms from navigation start: `workerStart` is when the
 * service worker was ready to take the request (0 without one), `responseStart` its first byte.
 */
export type DocumentTiming = {
  workerStart: number;
  fetchStart: number;
  responseStart: number;
  responseEnd: number;
  domInteractive: number;
};

/**
 * Runs in the page before its own scripts: records LCP, layout shifts and the usable frame. Plain
 * JavaScript in a string: tsx would wrap a function's inner functions in helpers the page lacks.
 */
const INSTRUMENT = `(selectors) => {
  const state = { usable: null, lcp: [], shifts: [], visibility: [document.visibilityState] };
  document.addEventListener('visibilitychange', () => state.visibility.push(document.visibilityState + '@' + Math.round(performance.now())));
  window.__b4 = state;
  const lcp = (list) => {
    for (const entry of list.getEntries()) {
      const element = entry.element;
      const name = element
        ? element.tagName.toLowerCase() + (entry.url ? ' ' + entry.url.slice(-60) : ' "' + (element.textContent || '').trim().slice(0, 40) + '"')
        : '';
      state.lcp.push({ t: entry.startTime, element: name });
    }
  };
  const shifts = (list) => {
    for (const entry of list.getEntries())
      state.shifts.push({
        t: entry.startTime,
        value: entry.value,
        input: entry.hadRecentInput,
        sources: (entry.sources || []).map((source) => {
          const node = source.node;
          if (!node || !node.tagName) return node ? node.nodeName : '?';
          const text = (node.textContent || '').trim().slice(0, 30);
          return node.tagName.toLowerCase() + (node.className && typeof node.className === 'string' ? '.' + node.className.split(' ')[0] : '') + (text ? ' "' + text + '"' : '') +
            ' ' + source.previousRect.y + '->' + source.currentRect.y;
        }),
      });
  };
  const lcpObserver = new PerformanceObserver(lcp);
  lcpObserver.observe({ type: 'largest-contentful-paint', buffered: true });
  const shiftObserver = new PerformanceObserver(shifts);
  shiftObserver.observe({ type: 'layout-shift', buffered: true });
  // Observer callbacks come late on a busy page: the reader takes what is queued.
  window.__b4flush = () => {
    lcp({ getEntries: () => lcpObserver.takeRecords() });
    shifts({ getEntries: () => shiftObserver.takeRecords() });
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    const nav = performance.getEntriesByType('navigation')[0];
    const documentTiming = nav ? { workerStart: nav.workerStart, fetchStart: nav.fetchStart, responseStart: nav.responseStart, responseEnd: nav.responseEnd, domInteractive: nav.domInteractive } : null;
    return { usable: state.usable, lcp: state.lcp, shifts: state.shifts, visibility: state.visibility, fcp: fcp ? fcp.startTime : null, documentTiming };
  };
  const visible = (selector) =>
    Array.from(document.querySelectorAll(selector)).some((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && !element.disabled;
    });
  let waiting = false;
  const check = () => {
    if (state.usable !== null || waiting) return;
    if (!selectors.every((selector) => document.querySelector(selector))) return;
    if (!selectors.every(visible)) return;
    waiting = true;
    requestAnimationFrame(() => {
      waiting = false;
      if (selectors.every(visible)) {
        state.usable = performance.now();
        observer.disconnect();
      }
    });
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
  const poll = setInterval(() => (state.usable === null ? check() : clearInterval(poll)), 50);
}`;

/** web-vitals CLS: the largest session window of shifts without recent input. */
export function clsOf(shifts: PageState['shifts']): { cls: number; sum: number } {
  let best = 0;
  let sum = 0;
  let window = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const shift of shifts.filter((entry) => !entry.input).sort((a, b) => a.t - b.t)) {
    sum += shift.value;
    if (shift.t - last < 1000 && shift.t - first < 5000) window += shift.value;
    else {
      window = shift.value;
      first = shift.t;
    }
    last = shift.t;
    best = Math.max(best, window);
  }
  return { cls: best, sum };
}

export type VisitOptions = {
  profile: ThrottleProfile | undefined;
  selectors: string[];
  quietMs?: number;
  timeoutMs?: number;
};

/** Opens a new page in `context`, throttles it, loads `url` and measures (see the top comment). */
export async function visit(context: BrowserContext, url: string, options: VisitOptions): Promise<Visit> {
  const page = await context.newPage();
  try {
    return await measure(page, url, options);
  } finally {
    await page.close();
  }
}

export async function measure(page: Page, url: string, options: VisitOptions): Promise<Visit> {
  const quietMs = options.quietMs ?? 1500;
  const timeoutMs = options.timeoutMs ?? 60_000;
  await page.addInitScript({ content: `(${INSTRUMENT})(${JSON.stringify(options.selectors)});` });
  const cdp = await throttle(page, options.profile);
  const counter = await countBytes(page, cdp);
  // The tab in front: a page Chromium takes for hidden reports no paint timing (FCP, LCP).
  await page.bringToFront();
  const started = performance.now();
  await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
  let quietSince = performance.now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const busy = counter.resources.some(
      (resource) => resource.endMs === undefined && resource.kind !== 'socket' && !resource.failed,
    );
    if (busy) quietSince = performance.now();
    const usable = await page
      .evaluate(() => (window as unknown as { __b4?: PageState }).__b4?.usable ?? null)
      .catch(() => null);
    if (usable !== null && performance.now() - quietSince >= quietMs) break;
    if (performance.now() - started > timeoutMs) break;
  }
  // Paint timing waits for the frame's presentation, which comes late on a busy machine: give it 5 s.
  for (let waited = 0; waited < 5000; waited += 250) {
    const painted = await page
      .evaluate<boolean>("performance.getEntriesByName('first-contentful-paint').length > 0")
      .catch(() => true);
    if (painted) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const state = await page.evaluate<PageState>('window.__b4flush()');
  const controlled = await page.evaluate(() => !!navigator.serviceWorker?.controller);
  const { cls, sum } = clsOf(state.shifts);
  const lcp = state.lcp.at(-1);
  const resources = counter.resources.slice();
  await counter.stop();
  return {
    usableMs: state.usable ?? Number.NaN,
    lcpMs: lcp?.t ?? Number.NaN,
    lcpElement: lcp?.element,
    fcpMs: state.fcp ?? Number.NaN,
    documentTiming: state.documentTiming,
    shifts: state.shifts
      .filter((shift) => !shift.input)
      .map((shift) => ({ t: Math.round(shift.t), value: shift.value, sources: shift.sources })),
    visibility: state.visibility,
    cls,
    clsSum: sum,
    bytes: counter.totals(),
    requests: resources.length,
    fromServiceWorker: resources.filter((resource) => resource.fromServiceWorker).length,
    controlled,
    resources,
  };
}

/** Waits until a service worker is active for the page's origin (the Workbox precache is complete). */
export async function serviceWorkerActive(page: Page, timeoutMs = 120_000): Promise<boolean> {
  const script = `Promise.race([
    navigator.serviceWorker.ready.then((registration) => new Promise((resolve) => {
      const worker = registration.active;
      if (worker.state === 'activated') return resolve(true);
      worker.addEventListener('statechange', () => worker.state === 'activated' && resolve(true));
    })),
    new Promise((resolve) => setTimeout(() => resolve(false), ${timeoutMs})),
  ])`;
  return page.evaluate<boolean>(script).catch(() => false);
}

/**
 * Waits until the web app has kept its copy of home for the service worker (lib/home-copy.ts, in the
 * Cache Storage); false after `timeoutMs`.
 */
export async function homeCopyKept(page: Page, timeoutMs = 60_000): Promise<boolean> {
  const script = `new Promise((resolve) => {
    const started = Date.now();
    const check = async () => {
      const kept = await caches.match(${JSON.stringify(HOME_COPY_URL)}, { cacheName: ${JSON.stringify(DEVICE_CHOICE_CACHE)} });
      if (kept) return resolve(true);
      if (Date.now() - started > ${timeoutMs}) return resolve(false);
      setTimeout(check, 250);
    };
    void check();
  })`;
  return page.evaluate<boolean>(script).catch(() => false);
}
