/**
 * B4: the start page (/, a visitor), the login page (/login, a visitor), home (/home, a seeded
 * member with a few hundred members around), a shared public post (/post/{id}) and a public profile
 * (/profile/{id}), both opened by a visitor, loaded in Chromium under Regular 3G and Slow 4G with a 4x
 * CPU slowdown, cold (a fresh context: empty cache, no service worker) and repeat (the same context
 * once the Workbox service worker is active and, for home, once the app has kept its copy of home for
 * the worker, a new tab), against a static no-JavaScript copy of each
 * page with the same visible content (page-load-reference.ts). Alternating rounds (app first, then
 * reference first...), medians. Metrics and their definitions: page-load-visit.ts; the pages and what
 * "usable" waits for: page-load-pages.ts; medians and bars: page-load-summary.ts.
 *
 * The app serves HTTPS with a certificate made for the run (HTTP/2 and HTTP/1.1 on one port, as
 * main.ts does with TLS_CERT_FILE) and is loaded over each of `--protocols`: HTTP/2 by a Chromium
 * told to trust the certificate's key (--ignore-certificate-errors-spki-list: it caches and runs the
 * service worker as on a real site), HTTP/1.1 by a second one that also has --disable-http2. The
 * reference stays plain HTTP/1.1.
 *
 *   node_modules/.bin/node --import tsx bench/page-load.bench.ts [--rounds 3] [--profiles regular-3g,slow-4g]
 *     [--pages start,login,home,post,profile] [--protocols http1,http2] [--members 300] [--posts 300]
 *     [--keep DIR] [--web-dist DIR] [--dump DIR] [--no-pin]
 *
 * Its children (the web build, the server) run on the same Node (bench/lib/child-env.ts), so the
 * machine's own older node is never used. --web-dist serves an existing build instead of building one;
 * --dump writes the static references; --posts: the posts seeded (a kept database is reused as is, so
 * one seeded before posts existed needs a fresh --keep folder for the post page).
 *
 * Bars (QUALITY B4, Regular 3G): start page LCP <= 3.0 s (cold); home usable <= 4.5 s and FCP <= 2.5 s
 * (cold); the post and the profile LCP <= 3.0 s (cold, a visitor); repeat visit usable <= 1.0 s
 * (start page, home); CLS <= 0.02 (every page, the worse of cold and repeat). Writes
 * bench/results/page-load.json (with the first round's request waterfalls); exits 1 on a miss.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startApp, type RunningApp } from './lib/app-server.ts';
import { PROFILES, launchBrowser, newPhoneContext, type ThrottleProfile } from './lib/browser.ts';
import { countServiceWorkerBytes } from './lib/byte-counter.ts';
import { pinCores } from './lib/processes.ts';
import { formatNumber, printBars, writeResults } from './lib/results.ts';
import {
  capturePage,
  startReferenceServer,
  type Captured,
  type ReferencePage,
} from './page-load-reference.ts';
import { homeCopyKept, measure, serviceWorkerActive, visit, type Visit } from './page-load-visit.ts';
import { PAGES, type PageName } from './page-load-pages.ts';
import {
  barRows,
  printMedians,
  PROTOCOL_LABELS,
  type Plan,
  type Protocol,
  type Sample,
  type Target,
} from './page-load-summary.ts';
import { flagOption, numberOption, textOption } from './lib/options.ts';

const rounds = numberOption('rounds', 3);
const profileNames = (textOption('profiles') ?? 'regular-3g,slow-4g').split(',') as (keyof typeof PROFILES)[];
const members = numberOption('members', 300);
const posts = numberOption('posts', members);
const keepDir = textOption('keep');
const webDist = textOption('web-dist');
const dumpDir = textOption('dump');

const pageNames = (textOption('pages') ?? 'start,login,home,post,profile').split(',') as PageName[];
for (const name of pageNames) if (!PAGES[name]) throw new Error(`--pages: unknown page ${name}`);
for (const name of profileNames) if (!PROFILES[name]) throw new Error(`--profiles: unknown ${name}`);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds: at least 1');
const protocols = (textOption('protocols') ?? 'http1,http2').split(',') as Protocol[];
for (const name of protocols) if (!PROTOCOL_LABELS[name]) throw new Error(`--protocols: unknown ${name}`);

const plan: Plan = { profileNames, pageNames, rounds, protocols };

const samples: Sample[] = [];
/** Each page's path in this run (the post's and the profile's ids filled in). */
const paths = {} as Record<PageName, string>;
const waterfalls: Record<string, unknown> = {};

/** A cold visit then a repeat visit of one page in one fresh context (`protocol`: the app's). */
async function coldAndRepeat(
  browser: Browser,
  app: RunningApp,
  baseUrl: string,
  target: Target,
  page: PageName,
  profile: ThrottleProfile,
  round: number,
  protocol?: Protocol,
): Promise<void> {
  const label = protocol ? `${target} ${PROTOCOL_LABELS[protocol]}` : target;
  const spec = { ...PAGES[page], path: paths[page] };
  const context = await newPhoneContext(browser);
  try {
    const swBytes = countServiceWorkerBytes(context);
    if (spec.member) await app.logIn(context, 1);
    const tab = await context.newPage();
    const cold = await measure(tab, baseUrl + spec.path, { profile, selectors: [...spec.selectors] });
    if (target === 'app') await serviceWorkerActive(tab);
    // The member leaves home once the app has kept its copy (decision 0024), in its first idle moment
    // after the takeover: on a painted home (decision 0057) that comes seconds after "usable", which
    // is its first paint, and a repeat visit measured before it would time a device that never kept one.
    if (target === 'app' && page === 'home' && !(await homeCopyKept(tab)))
      console.log('  home kept no copy within 60 s: its repeat visit is without one');
    await tab.close();
    const repeat = await visit(context, baseUrl + spec.path, { profile, selectors: [...spec.selectors] });
    for (const [kind, result] of [
      ['cold', cold],
      ['repeat', repeat],
    ] as const) {
      const { resources, ...rest } = result;
      samples.push({ ...rest, page, profile: profile.name, target, protocol, visit: kind, round });
      if (round === 0) {
        waterfalls[`${label} ${page} ${profile.name} ${kind}`] = resources.map((resource) => ({
          path: resource.url.replace(baseUrl, ''),
          kind: resource.kind,
          bytes: resource.bytes,
          start: Math.round(resource.startMs),
          end: resource.endMs === undefined ? null : Math.round(resource.endMs),
          ...(resource.fromServiceWorker ? { sw: true } : {}),
          ...(resource.fromCache ? { cache: true } : {}),
        }));
      }
    }
    if (target === 'app') samples.at(-2)!.serviceWorkerBytes = swBytes.totals().total;
    const line = (label: string, v: Visit) =>
      `${label} FCP ${(v.fcpMs / 1000).toFixed(2)} s, LCP ${(v.lcpMs / 1000).toFixed(2)} s, usable ${(v.usableMs / 1000).toFixed(2)} s, CLS ${v.cls.toFixed(3)}, ${formatNumber(v.bytes.total / 1024)} KB in ${v.requests} requests${v.controlled ? ' (service worker)' : ''}${documentLine(v)}`;
    console.log(`  ${label} ${page} ${profile.name}: ${line('cold', cold)}; ${line('repeat', repeat)}`);
  } finally {
    await context.close();
  }
}

/** When the document's answer began and its first byte came (ms), and the worker's start if it answered. */
function documentLine({ documentTiming: timing }: Visit): string {
  if (!timing) return '';
  const worker = timing.workerStart > 0 ? `worker ${Math.round(timing.workerStart)}, ` : '';
  return ` [document: ${worker}first byte ${Math.round(timing.responseStart)} ms]`;
}

async function main() {
  const pin = flagOption('no-pin') ? { note: 'not pinned (--no-pin)' } : pinCores();
  console.log(`Pinning: ${pin.note.replace('load generator', 'Chromium and this script')}`);
  const app = await startApp({ members, posts, keepDir, webDist, core: pin.server, tls: true });
  const browsers: Partial<Record<Protocol, Browser>> = {};
  let reference: Awaited<ReturnType<typeof startReferenceServer>> | undefined;
  try {
    for (const name of pageNames) paths[name] = await pathOf(app, name);
    const trust = `--ignore-certificate-errors-spki-list=${app.certificate!.spki}`;
    browsers.http2 = await launchBrowser({ args: [trust] });
    if (protocols.includes('http1'))
      browsers.http1 = await launchBrowser({ args: [trust, '--disable-http2'] });
    for (const protocol of protocols) await checkProtocol(browsers[protocol]!, app.url, protocol);
    const browser = browsers.http2;
    console.log(`App at ${app.url}; home as ${app.member(1).username}. Capturing the static references...`);
    const images = new Map<string, Captured>();
    const pages: ReferencePage[] = [];
    for (const name of pageNames) {
      const context = await newPhoneContext(browser);
      if (PAGES[name].member) await app.logIn(context, 1);
      const captured = await capturePage(context, app.url + paths[name], [...PAGES[name].selectors], images);
      await context.close();
      if (!captured.usable)
        throw new Error(
          `${name}: never usable while capturing (selectors ${PAGES[name].selectors.join(', ')})`,
        );
      pages.push({ path: paths[name], html: captured.html });
      if (dumpDir) await writeFile(path.join(dumpDir, `${name}.html`), captured.html);
    }
    const cookieContext = await newPhoneContext(browser);
    await app.logIn(cookieContext, 1);
    const cookie = (await cookieContext.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    await cookieContext.close();
    reference = await startReferenceServer({ pages, images, webDist: app.webDist, appUrl: app.url, cookie });
    console.log(`Reference at ${reference.url} (${images.size} images kept).`);

    for (let round = 0; round < rounds; round++) {
      console.log(`Round ${round + 1} of ${rounds}`);
      const order: Target[] = round % 2 === 0 ? ['app', 'reference'] : ['reference', 'app'];
      // The app over each protocol in turn, HTTP/2 first in odd rounds.
      const appProtocols = round % 2 === 0 ? protocols : [...protocols].reverse();
      for (const profileName of profileNames)
        for (const page of pageNames)
          for (const target of order)
            for (const protocol of target === 'app' ? appProtocols : [undefined])
              await coldAndRepeat(
                protocol ? browsers[protocol]! : browser,
                app,
                target === 'app' ? app.url : reference.url,
                target,
                page,
                PROFILES[profileName],
                round,
                protocol,
              );
    }
  } finally {
    for (const browser of Object.values(browsers)) await browser.close();
    await reference?.stop();
    await app.stop();
  }

  const table = printMedians(samples, plan);
  const bars = barRows(samples, plan);
  printBars(bars);
  await writeResults('page-load', bars, {
    options: { rounds, profiles: profileNames, pages: pageNames, protocols, members, posts },
    paths,
    profiles: Object.fromEntries(profileNames.map((name) => [name, PROFILES[name]])),
    usableSelectors: Object.fromEntries(pageNames.map((name) => [name, PAGES[name].selectors])),
    medians: table,
    samples,
    waterfalls,
  });
  process.exit(bars.every((bar) => bar.pass) ? 0 : 1);
}

/** The page's path in this run: the seeded public post's or profile's id in place of `:id`. */
async function pathOf(app: RunningApp, name: PageName): Promise<string> {
  const template: string = PAGES[name].path;
  if (name === 'post') return template.replace(':id', await app.publicPost());
  if (name === 'profile') return template.replace(':id', await app.publicProfile());
  return template;
}

/** Makes sure `browser` speaks `protocol` to the app (the ALPN it negotiated for a page). */
async function checkProtocol(browser: Browser, url: string, protocol: Protocol): Promise<void> {
  const context = await newPhoneContext(browser);
  try {
    const tab = await context.newPage();
    await tab.goto(`${url}/api/health`);
    const spoken = await tab.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
    );
    const expected = protocol === 'http2' ? 'h2' : 'http/1.1';
    if (spoken !== expected) throw new Error(`${protocol}: Chromium spoke ${spoken} to the app`);
    console.log(`${PROTOCOL_LABELS[protocol]}: Chromium speaks ${spoken} to the app over TLS.`);
  } finally {
    await context.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
