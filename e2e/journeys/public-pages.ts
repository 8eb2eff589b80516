/**
 * A visitor's public pages in en, fr and ro; the navigation guard's redirects; the PWA (manifest,
 * service worker, start page offline). Expected texts are read from the app's own content files.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, journey, locale, newMemberPage, waitForPath, type Journey } from '../fixtures.ts';
import { pollUntil } from '../poll-until.ts';
import { noteServedDocuments, servedDocument } from '../served-document.ts';

const LANGUAGES = ['en', 'fr', 'ro'] as const;
type Lang = (typeof LANGUAGES)[number];

/** Path -> legal content document (apps/web/src/features/legal/content/<lang>/<doc>.json). */
const LEGAL_PAGES = {
  '/about': 'about',
  '/terms-and-conditions': 'terms',
  '/privacy-policy': 'privacy',
  '/cookie-policy': 'cookies',
  '/safety-standards': 'safety',
} as const;

const WEB_SRC = new URL('../../apps/web/src/', import.meta.url);
const readJson = (relative: string): unknown => JSON.parse(readFileSync(new URL(relative, WEB_SRC), 'utf8'));

function legalTitle(lang: Lang, doc: string): string {
  const content = readJson(`features/legal/content/${lang}/${doc}.json`) as { title?: unknown };
  if (typeof content.title !== 'string' || !content.title) throw new Error(`no title in ${lang}/${doc}.json`);
  return content.title;
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value.trim()];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** The headings the start page may show: the `start` section of public.json, else any text of it. */
function startHeadings(lang: Lang): string[] {
  const texts = readJson(`locales/${lang}/public.json`) as Record<string, unknown>;
  const found = strings(texts.start ?? texts);
  if (found.length === 0) throw new Error(`locales/${lang}/public.json has no texts for the start page`);
  return found;
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Waits until an h1 of the page reads one of `expected`. */
async function expectH1(page: Page, expected: string[], label: string) {
  const wanted = expected.map(normalise);
  try {
    await page.waitForFunction(
      (list) =>
        [...document.querySelectorAll('h1')].some((h1) =>
          list.includes((h1.textContent ?? '').replace(/\s+/g, ' ').trim()),
        ),
      wanted,
      { timeout: 15_000 },
    );
  } catch {
    const found = await page.locator('h1').allTextContents();
    throw new Error(
      `${label}: expected an h1 reading ${JSON.stringify(wanted.slice(0, 5))}, found ${JSON.stringify(found)}`,
    );
  }
}

const pagesIn = (lang: Lang) =>
  journey(
    `public pages in ${lang}: the start page and every legal page have a heading in ${lang}`,
    async ({ browser, log }) => {
      const page = await newMemberPage(browser, {
        locale: lang === 'en' ? 'en-US' : `${lang}-${lang.toUpperCase()}`,
      });
      await page.goto(`/?lang=${lang}`);
      await expectH1(page, startHeadings(lang), `/ in ${lang}`);
      expect(await page.evaluate(() => document.documentElement.lang), `<html lang> on / in ${lang}`).toBe(
        lang,
      );
      // The header's logo, language and log-in button fit the phone's width inside its margins.
      const header = await page
        .locator('header .mantine-Container-root > .mantine-Group-root')
        .evaluate((row) => ({ needs: row.scrollWidth, has: row.clientWidth }));
      expect(
        header.needs <= header.has,
        `the header's row on / in ${lang}: ${header.needs} px in ${header.has}`,
      ).toBe(true);
      for (const [path, doc] of Object.entries(LEGAL_PAGES)) {
        await page.goto(`${path}?lang=${lang}`);
        await expectH1(page, [legalTitle(lang, doc)], `${path} in ${lang}`);
        log(`${path}: ${legalTitle(lang, doc)}`);
      }
    },
  );

const legalLanguageFromQuery = journey(
  'terms-and-conditions?lang=fr shows French even when the interface is English',
  async ({ browser }) => {
    const page = await newMemberPage(browser, { locale: 'en-US' });
    await page.goto('/');
    await expectH1(page, startHeadings('en'), '/ in English');
    // Make the English choice explicit, as a member who picked English in the language menu.
    await page.evaluate(() => localStorage.setItem('motema.language', 'en'));
    await page.goto('/terms-and-conditions?lang=fr');
    await expectH1(
      page,
      [legalTitle('fr', 'terms')],
      '/terms-and-conditions?lang=fr with an English interface',
    );
  },
);

const guardRedirects = journey(
  'a visitor is sent to the start page, which remembers where they were going',
  async ({ browser }) => {
    const page = await newMemberPage(browser);

    await page.goto('/nope');
    await waitForPath(page, '/', { from: '/nope' });
    expect(new URL(page.url()).search, 'search after /nope').toBe('?from=%2Fnope');
    await expectH1(page, startHeadings('en'), 'start page after /nope');

    await page.goto('/settings/whatever');
    await page.waitForURL(
      (url) => url.pathname === '/' && (url.searchParams.get('from') ?? '').startsWith('/settings'),
    );

    await page.goto('/home');
    await waitForPath(page, '/', { from: '/home' });
    expect(new URL(page.url()).search, 'search after /home').toBe('?from=%2Fhome');
  },
);

const installableAndOffline = journey(
  'the PWA: manifest, service worker, and the start page offline',
  async ({ browser, baseUrl }) => {
    const manifestResponse = await fetch(`${baseUrl}/manifest.webmanifest`);
    expect(manifestResponse.status, 'GET /manifest.webmanifest').toBe(200);
    const manifest = (await manifestResponse.json()) as {
      name?: string;
      start_url?: string;
      icons?: unknown[];
    };
    expect(manifest.name, 'manifest name').toBe('Motema');
    expect((manifest.icons ?? []).length > 0, 'manifest has icons').toBe(true);

    const page = await newMemberPage(browser);
    await page.goto('/');
    await expectH1(page, startHeadings('en'), 'start page');
    expect(await page.locator('link[rel="manifest"]').count(), 'link rel=manifest in the page').toBe(1);

    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.state ?? null;
    });
    expect(state, 'active service worker state').toBeOneOf(['activating', 'activated']);
    // Activated, it keeps the page the browser was sent before it came, from the HTTP cache (no
    // prerendered page is precached, bar B6).
    await page.evaluate(async () => {
      const worker = (await navigator.serviceWorker.ready).active!;
      if (worker.state !== 'activated')
        await new Promise((resolve) => worker.addEventListener('statechange', resolve));
    });
    expect(await keptPages(page), 'pages kept by the worker once active').toEqual(['/pages/en/start.html']);
    // The page that registered the worker is not yet controlled by it; a reload is.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 15_000,
    });
    await expectH1(page, startHeadings('en'), 'start page under the service worker');

    await noteServedDocuments(page);
    await page.context().setOffline(true);
    await page.reload();
    // The worker answers with the start page prerendered in English (the browser's language).
    expect((await servedDocument(page)).title, 'document title offline').toBe(
      locale('en', 'public')('start.documentTitle'),
    );
    expect((await servedDocument(page)).language, 'prerendered start page offline').toBe('en');
    await expectH1(page, startHeadings('en'), 'start page offline');
    expect(await page.locator('#root').isVisible(), 'app shell offline').toBe(true);
    await page.context().setOffline(false);

    // The language chosen on the device is the worker's too: French HTML at once, the URL unchanged,
    // fetched once and then kept.
    await page.getByRole('combobox', { name: locale('en', 'common')('language.choose') }).selectOption('fr');
    await expectH1(page, startHeadings('fr'), 'start page in French');
    // The choice reaches the worker's record asynchronously (lib/device-choice.ts): a reload within
    // those milliseconds would be answered in the language before it.
    const recorded = await pollUntil(
      () => page.evaluate(deviceLanguage),
      (language) => language === 'fr',
      { timeoutMs: 10_000 },
    );
    expect(recorded, "the language in the worker's record").toBe('fr');
    await page.reload();
    expect((await servedDocument(page)).language, 'prerendered start page, French').toBe('fr');
    expect(await keptPages(page), 'pages kept by the worker').toContain('/pages/fr/start.html');
    await page.context().setOffline(true);
    await page.reload();
    expect((await servedDocument(page)).language, 'prerendered start page offline, French').toBe('fr');
    expect((await servedDocument(page)).title, 'French title offline').toBe(
      locale('fr', 'public')('start.documentTitle'),
    );
    expect(new URL(page.url()).pathname, 'address offline').toBe('/');
    await page.context().setOffline(false);
  },
);

/** The public pages the service worker keeps (build/public-pages-worker.ts), by path. */
const keptPages = (page: Page) =>
  page.evaluate(async () =>
    (await (await caches.open('motema-pages')).keys()).map((request) => new URL(request.url).pathname),
  );
/** The language in the device's record the worker reads (DEVICE_CHOICE_URL in its cache), if any. */
async function deviceLanguage(): Promise<string | null> {
  const record = await caches.match('/device-choice.json', { cacheName: 'motema-device' });
  return record ? (((await record.json()) as { language?: string }).language ?? null) : null;
}

export const journeys: Journey[] = [
  ...LANGUAGES.map(pagesIn),
  legalLanguageFromQuery,
  guardRedirects,
  installableAndOffline,
];
