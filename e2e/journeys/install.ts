/**
 * The install offer in Chromium, on a phone (360x740). Chromium fires a real `beforeinstallprompt`
 * for the app (its manifest, its service worker) in a profile kept on disk; in an incognito profile,
 * which the runner's browser contexts are, it never does (`Page.getInstallabilityErrors`:
 * in-incognito). So this journey opens a persistent profile of its own, with the runner's Chromium
 * and flags, and its own accessibility auditor. The days pass on the page's clock (Playwright's
 * clock: the app's Date), the server's untouched.
 *
 * Kofi signs up on day 1: the browser offers the install, the app keeps that offer and shows nothing
 * (never on a first visit); day 2, nothing yet; day 3, on a slow line where the browser's offer comes
 * before the app's code, our own card. "Not now" is remembered: the
 * next start, the browser's offer there again, shows nothing; a day later the card is back, and its
 * Install opens the browser's own dialog (Chromium headless shows none: the journey sees prompt()
 * called on Chromium's own event). Settings > Install web app offers the same, refusal or not.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { JourneyAuditor } from '../a11y/journey-auditor.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../runner/chromium.mjs';
import {
  codeIn,
  expect,
  expectHeading,
  journey,
  locale,
  readOutbox,
  shot,
  uniqueMember,
  type Journey,
} from '../fixtures.ts';
import { appTookOver } from '../app-took-over.ts';
import { pollUntil } from '../poll-until.ts';
import { APP_CODE } from '../slow-phone.ts';

const DAY = 86_400_000;

/**
 * Counts, from the page's first line, Chromium's own install events and the calls of their prompt():
 * what the journey checks against, besides the screen.
 */
function watchInstallEvents() {
  const seen = { events: 0, prompts: 0, kind: '', appKept: false };
  (window as unknown as { installSeen: typeof seen }).installSeen = seen;
  window.addEventListener('beforeinstallprompt', (event) => {
    seen.events += 1;
    seen.kind = event.constructor.name;
    // Once every listener ran: the app keeps the event by preventing Chromium's own bar.
    setTimeout(() => void (seen.appKept = event.defaultPrevented));
  });
  // Chromium's own prompt(), counted on its prototype: whatever object the app calls it on.
  const proto = (
    window as unknown as { BeforeInstallPromptEvent?: { prototype: { prompt(): Promise<void> } } }
  ).BeforeInstallPromptEvent?.prototype;
  if (!proto) return;
  const prompt = proto.prompt;
  proto.prompt = function (this: unknown) {
    seen.prompts += 1;
    return prompt.call(this);
  };
}

type Seen = { events: number; prompts: number; kind: string; appKept: boolean };
const seenOn = (page: Page) => page.evaluate(() => (window as unknown as { installSeen: Seen }).installSeen);

/** Signs a member up through the API, in this profile (its cookie), as the app's own form would. */
async function signUp(context: BrowserContext, base: string) {
  const member = { ...uniqueMember(), firstName: 'Kofi' };
  const request = context.request;
  const registered = await request.post(`${base}/api/auth/register`, {
    data: {
      username: member.username,
      email: member.email,
      password: member.password,
      dateOfBirth: member.dateOfBirth,
      acceptTerms: true,
      firstName: member.firstName,
      sex: 'male',
    },
  });
  expect(registered.status(), 'POST /api/auth/register').toBe(202);
  const code = codeIn(await readOutbox(base, member.email));
  const confirmed = await request.post(`${base}/api/auth/confirm`, { data: { email: member.email, code } });
  expect(confirmed.status(), 'POST /api/auth/confirm').toBe(200);
  const match = await request.put(`${base}/api/users/match`, {
    data: { sex: ['female'], ageMin: 18, ageMax: 99, distance: 500 },
  });
  expect(match.status(), 'PUT /api/users/match').toBe(200);
}

const installFlow = journey(
  'the install offer comes on the third day, never the first; "Not now" is remembered a day; Settings offers it too',
  async ({ browser, baseUrl, log }) => {
    const install = locale('en', 'install');
    const profile = await mkdtemp(path.join(os.tmpdir(), 'motema-e2e-install-'));
    const context = await browser.browserType().launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: process.env.E2E_HEADED !== '1',
      args: CHROMIUM_ARGS,
      baseURL: baseUrl,
      viewport: { width: 360, height: 740 },
      locale: 'en-US',
      extraHTTPHeaders: { 'x-forwarded-for': `10.${process.pid % 250}.251.1` },
    });
    const auditor = new JourneyAuditor();
    auditor.watchContext(context);
    try {
      context.setDefaultTimeout(15_000);
      await context.addInitScript(watchInstallEvents);
      const start = new Date('2026-11-02T09:00:00').getTime();
      await context.clock.install({ time: start });
      await signUp(context, baseUrl);
      const page = context.pages()[0] ?? (await context.newPage());
      // The profile's first tab was open before the auditor watched the context.
      auditor.watchPage(page);
      const card = page.getByRole('region', { name: install('card.title') });

      /** Opens the app on `day` (0 the first) and waits for Chromium's own install event. */
      const openOnDay = async (day: number, at = start + day * DAY) => {
        await context.clock.setSystemTime(at);
        await page.goto('/home');
        const offered = await pollUntil(
          () => seenOn(page),
          (seen) => seen.events > 0,
          { timeoutMs: 20_000 },
        );
        expect(offered.events > 0, 'Chromium’s beforeinstallprompt fired').toBe(true);
        // The app's code is up and has seen the event (the card would be on its way now): React has
        // the page (home is painted by the server, so its navigation shows before any script runs).
        await appTookOver(page);
        await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
        await page.waitForTimeout(500);
      };

      await openOnDay(0);
      const first = await seenOn(page);
      expect(first.kind, 'the event Chromium fired').toBe('BeforeInstallPromptEvent');
      expect(await card.count(), 'our card on the first visit').toBe(0);
      log('day 1: Chromium offers the install, the app keeps it and shows nothing');

      await openOnDay(1);
      expect(await card.count(), 'our card on the second day').toBe(0);

      // Day 3 on a slow line: the app's code comes 3 s after the page showed, and Chromium offers the
      // install before it runs; the scripts that start the page keep the offer for it. The service
      // worker holds the code, where no route sees it: taken out of its caches, the worker asks the
      // network, which the context's route holds back.
      await page.evaluate(async (pattern) => {
        const code = new RegExp(pattern);
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const request of await cache.keys())
            if (code.test(new URL(request.url).pathname)) await cache.delete(request);
        }
      }, APP_CODE.source);
      let held = 0;
      await context.route(APP_CODE, async (route) => {
        held += 1;
        await new Promise((resolve) => setTimeout(resolve, 3000));
        await route.continue();
      });
      await openOnDay(2);
      await context.unroute(APP_CODE);
      expect(held > 0, 'the app’s code held back').toBe(true);
      // Its code and texts load only on the day it is offered: on a loaded machine (a live's encoder
      // beside this journey) that took longer than the context's 15 s in two fresh-clone runs.
      await card.waitFor({ timeout: 45_000 }).catch(async (error: unknown) => {
        // What the app knew: the days it counted, and whether it kept Chromium's event.
        const state = await page.evaluate(() => localStorage.getItem('motema.install'));
        throw new Error(`no card on day 3: state ${state}, ${JSON.stringify(await seenOn(page))}`, {
          cause: error,
        });
      });
      await shot(page, 'install-card');
      log('day 3: our own card');
      await card.getByRole('button', { name: install('card.later') }).click();
      await card.waitFor({ state: 'detached' });
      expect((await seenOn(page)).prompts, 'prompt() after "Not now"').toBe(0);

      // Later the same day (a new start): Chromium offers again, the refusal holds.
      await openOnDay(2, start + 2 * DAY + 3 * 3_600_000);
      expect(await card.count(), 'our card after "Not now", the same day').toBe(0);
      log('"Not now" remembered at the next start');

      // A day and a bit after the refusal: the card again; Install opens Chromium's dialog.
      await openOnDay(3, start + 3 * DAY + 4 * 3_600_000);
      await card.waitFor();
      await card.getByRole('button', { name: install('card.install') }).click();
      await card.waitFor({ state: 'detached' });
      const prompted = await pollUntil(
        () => seenOn(page),
        (seen) => seen.prompts > 0,
      );
      expect(prompted.prompts, 'prompt() calls from the card').toBe(1);
      log('a day later: the card again, and Install calls the browser’s prompt()');

      // Settings > Install web app: the browser's dialog from its button, whatever the card's timing.
      await page.goto('/settings/install');
      await expectHeading(page, install('page.title'));
      const offered = await pollUntil(
        () => seenOn(page),
        (seen) => seen.events > 0,
        { timeoutMs: 20_000 },
      );
      expect(offered.events > 0, 'Chromium’s beforeinstallprompt fired').toBe(true);
      const button = page.getByRole('button', { name: install('page.install') });
      await button.waitFor();
      await shot(page, 'install-settings');
      await button.click();
      const fromSettings = await pollUntil(
        () => seenOn(page),
        (seen) => seen.prompts > 0,
      );
      expect(fromSettings.prompts, 'prompt() calls from the settings page').toBe(1);
      log('Settings > Install web app opens the browser’s dialog');

      for (const open of context.pages()) await auditor.checkpoint(open, { always: true });
      const verdict = auditor.verdict();
      for (const line of verdict.lines) log(line);
      if (verdict.error) throw verdict.error;
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  },
  { timeoutMs: 180_000 },
);

export const journeys: Journey[] = [installFlow];
