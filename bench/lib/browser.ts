/**
 * Chromium for browser benchmarks (B4 page load, B6 session bytes), driven by playwright-core.
 *
 * - `launchBrowser()`: Debian's Chromium (/usr/bin/chromium) with --no-sandbox --disable-gpu
 *   --disable-background-networking (no component updates or safe-browsing fetches in the counts), and
 *   without its own omnibox popup's page (FEATURES_OFF).
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
 * - Bytes are counted by byte-counter.ts (B4) and session-wire.ts (B6), by the kinds of byte-kinds.ts.
 */
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/**
 * Features of the browser's own window turned off: its omnibox popup, a WebUI page of some 150 modules
 * that Chromium 156 loads with each new window, twice, on the core the visit is measured on (a phone's
 * browser has none of it). In a traced repeat visit of home it took the renderer and the browser from
 * before the navigation to 1.3 s after it, and first paint moved from 1.9 to 2.5 s to 1.1 s.
 */
export const FEATURES_OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

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

/**
 * `args`: more switches, e.g. `--ignore-certificate-errors-spki-list` (B4 over TLS), `--disable-http2`.
 * Chromium keeps only the last `--disable-features`, so FEATURES_OFF joins Playwright's own list in one.
 */
export async function launchBrowser(options: { headless?: boolean; args?: string[] } = {}): Promise<Browser> {
  const theirs = await playwrightFeaturesOff();
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...CHROMIUM_ARGS,
      `--disable-features=${[...theirs.names, ...FEATURES_OFF].join(',')}`,
      ...(options.args ?? []),
    ],
    ignoreDefaultArgs: theirs.switch ? [theirs.switch] : [],
    headless: options.headless ?? true,
  });
}

let playwrightSwitch: Promise<{ switch?: string; names: string[] }> | undefined;

/** The `--disable-features` switch Playwright launches Chromium with, as chrome://version shows it. */
function playwrightFeaturesOff(): Promise<{ switch?: string; names: string[] }> {
  playwrightSwitch ??= (async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      await page.goto('chrome://version');
      const found = /--disable-features=(\S+)/.exec((await page.textContent('#command_line')) ?? '');
      return found ? { switch: found[0], names: found[1]!.split(',') } : { names: [] };
    } finally {
      await browser.close();
    }
  })();
  return playwrightSwitch;
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
