/**
 * Offline, as a member on a bus meets it (phone, 360x740): Awa logs in, reads her conversations and
 * a thread, goes offline and reloads: the list, the thread and home's lists show what she read (kept
 * on the device; home's first frame is the copy of it the device kept, drawn by the service worker before
 * the app's code runs). Tabs she never opened open too (the member screens' code and texts were fetched in the
 * background after her first screen), instead of "This page could not open".
 * Labels are read from the app's own translation files.
 */
import { scrollTo } from '../scroll-to.ts';
import type { Page, Route } from 'playwright-core';
import {
  expect,
  field,
  journey,
  locale,
  newMemberPage,
  shot,
  signedUpMember,
  type Journey,
  waitUntilKeptForOffline,
} from '../fixtures.ts';
import { builtFrom } from '../build-files.ts';
import { pollUntil } from '../poll-until.ts';
import { goOffline } from '../offline-emulation.ts';
import { noteServedDocuments, servedDocument } from '../served-document.ts';

/** What the member's device keeps (lib/persisted-queries.ts: one record a query), as JSON. */
function keptQueries(page: Page, memberId: string): Promise<string[]> {
  return page.evaluate(
    async (name) =>
      // Not opened before the app made it: an open would create it empty.
      !(await indexedDB.databases()).some((database) => database.name === name)
        ? []
        : new Promise<string[]>((resolve) => {
            const request = indexedDB.open(name);
            request.onerror = () => resolve([]);
            request.onsuccess = () => {
              const db = request.result;
              const all = db.transaction('queries').objectStore('queries').getAll();
              all.onsuccess = () => {
                db.close();
                resolve(all.result.map((record) => JSON.stringify(record)));
              };
            };
          }),
    `motema-cache:${memberId}`,
  );
}

/**
 * Kofi's card on home: they like each other, so he is in her "liked each other" row whatever other
 * journeys do meanwhile (the "online now" row above it changes as their members come and go, and
 * home's copy with it). Home asks for a row's list as it comes near the screen: she scrolls down to
 * the card, as a member would.
 */
async function matchCardOnHome(page: Page, matchId: string): Promise<string> {
  const card = page.getByRole('main').locator(`ul a[href="/profile/${matchId}"]`).first();
  await scrollTo(page, card);
  return (await card.getAttribute('href'))!;
}

/** The copy of home kept on the device for the service worker (lib/home-copy.ts), or ''. */
function keptHomeCopy(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const kept = await caches.match('/home-copy.json', { cacheName: 'motema-device' });
    return kept ? kept.text() : '';
  });
}

/** The files the service worker keeps, by path. */
function cachedAssets(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const cache = await caches.open('motema-assets');
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
}

/**
 * The connection notice shows and leaves the page's top bar clear (a thread's back arrow, name and
 * menu; Settings' back arrow and title): its box starts at or below the bar's bottom.
 */
async function noticeClearOfTopBar(page: Page, title: string, where: string) {
  const notice = page.getByRole('alert').filter({ hasText: title }).first();
  await notice.waitFor();
  // The notice slides in: its place once it has settled.
  await page.waitForTimeout(600);
  const bar = page.locator('header:visible').first();
  const [noticeBox, barBox] = [await notice.boundingBox(), await bar.boundingBox()];
  expect(Boolean(noticeBox && barBox), `${where}: the notice and the top bar drawn`).toBe(true);
  const barBottom = Math.round(barBox!.y + barBox!.height);
  expect(
    Math.round(noticeBox!.y) >= barBottom,
    `${where}: the notice (top ${noticeBox!.y}) under the top bar (bottom ${barBottom})`,
  ).toBe(true);
}

const offline = journey(
  'offline, a member reloads the conversations and a thread she read, and home, and opens tabs she never visited',
  async ({ browser, baseUrl, log }) => {
    const common = locale('en', 'common');
    const auth = locale('en', 'auth');
    const chat = locale('en', 'chat');
    const thread = locale('en', 'thread');
    const discovery = locale('en', 'discovery');
    const errors = locale('en', 'errors');

    const awa = await signedUpMember(browser, baseUrl, { firstName: 'Awa', sex: 'female', likes: ['male'] });
    const kofi = await signedUpMember(browser, baseUrl, {
      firstName: 'Kofi',
      sex: 'male',
      likes: ['female'],
    });
    const started = await kofi.page.request.post('/api/conversations', { data: { user: awa.id } });
    expect(started.status(), 'POST /api/conversations').toBeOneOf([200, 201]);
    const conversationId = ((await started.json()) as { conversation: { _id: string } }).conversation._id;
    for (const [from, to] of [
      [awa, kofi],
      [kofi, awa],
    ] as const) {
      const liked = await from.page.request.post('/api/rate/user', { data: { user: to.id, score: 5 } });
      expect(liked.status(), 'POST /api/rate/user').toBe(200);
    }

    // Awa logs in on her phone: its first visit to the app.
    const page = await newMemberPage(browser);
    await noteServedDocuments(page);
    await page.goto('/login');
    await field(page, auth('fields.identifier')).fill(awa.username);
    await field(page, auth('fields.password')).fill(awa.password);
    await page.getByRole('button', { name: auth('login.submit'), exact: true }).click();
    await page.waitForURL(/\/home$/);
    log('Awa logged in');

    // She opens her chats and the thread with Kofi, and writes to him.
    const composer = page.getByLabel(thread('composer.label'), { exact: true });
    await page.goto('/conversations');
    await page.goto(`/messages/${conversationId}`);
    for (const text of ['Are you coming to the market?', 'I will be at the blue gate']) {
      await composer.fill(text);
      await page.getByRole('button', { name: thread('composer.send'), exact: true }).click();
      await page.getByText(text, { exact: true }).waitFor();
    }
    // Until no message shows it: two may still be sending at once (first() of none is detached).
    await page.getByLabel(thread('bubble.sending'), { exact: true }).first().waitFor({ state: 'detached' });
    // The list, then the thread, reach the device a moment after their answers.
    const kept = async (query: string, text: string) => {
      const holds = (records: string[]) =>
        records.some(
          (record) => record.startsWith(`{"hash":${JSON.stringify(query)}`) && record.includes(text),
        );
      const records = await pollUntil(() => keptQueries(page, awa.id), holds);
      expect(holds(records), `${query} kept on the device`).toBe(true);
    };
    await page.goto('/conversations');
    await page.getByText('I will be at the blue gate').waitFor();
    await kept('["chat","conversations"]', 'I will be at the blue gate');
    await page.goto(`/messages/${conversationId}`);
    await page.getByText('Are you coming to the market?', { exact: true }).waitFor();
    await kept(`["chat","messages","${conversationId}"]`, 'Are you coming to the market?');
    // Home, where she landed, kept its lists too: Kofi, her match, is in them.
    await page.goto('/home');
    const kofiLink = await matchCardOnHome(page, kofi.id);
    const kofiId = kofi.id;
    const homeKept = (records: string[]) =>
      records.some(
        (record) => record.startsWith('{"hash":"[\\"discovery\\",\\"lists\\"') && record.includes(kofiId),
      );
    const records = await pollUntil(() => keptQueries(page, awa.id), homeKept);
    expect(homeKept(records), "home's lists kept on the device").toBe(true);
    // And home as drawn, once the page is idle, for the service worker to draw first next time.
    const copy = await pollUntil(
      () => keptHomeCopy(page),
      (kept) => kept.includes(kofiLink),
    );
    expect(copy, "home's copy kept on the device").toContain(kofiLink);
    await waitUntilKeptForOffline(page);
    log('the list, the thread and home are kept on the device');

    // The member screens never opened come in the background, a few seconds after the first one.
    const wanted = [
      'src/features/users/account-page.tsx',
      'src/features/discovery/swap-page.tsx',
      'src/features/settings/settings-index-page.tsx',
    ].map((source) => ({ source, file: builtFrom(source) }));
    const cached = await pollUntil(
      () => cachedAssets(page),
      (paths) => wanted.every(({ file }) => paths.includes(file)),
      { timeoutMs: 45_000, intervalMs: 500 },
    );
    for (const { source, file } of wanted)
      expect(cached.includes(file), `${source} kept by the service worker`).toBe(true);
    log(`the service worker keeps ${cached.length} files of the app`);

    // Offline: reloading the chats and the thread shows what she read.
    const backOnline = await goOffline(page);
    await page.goto('/conversations');
    await page.getByRole('heading', { level: 1, name: chat('title'), exact: true }).waitFor();
    await page.getByText('I will be at the blue gate').waitFor();
    expect(await page.getByText(chat('error.title')).count(), 'no "could not be loaded"').toBe(0);
    await shot(page, 'offline-01-conversations');
    await page.reload();
    await page.getByText('I will be at the blue gate').waitFor();
    log('offline, /conversations reloads with the last message');

    // Her phone is slow to find the profile's request failed, after the socket's: the notice the socket
    // raised stays once the profile is answered from the device (the order in which it once went missing).
    const profile = '/api/users/profile';
    const failLate = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.abort('internetdisconnected');
    };
    await page.route(`**${profile}`, failLate);
    const profileFailed = page.waitForEvent('requestfailed', (request) => request.url().endsWith(profile));
    await page.goto(`/messages/${conversationId}`);
    await page.getByText('Are you coming to the market?', { exact: true }).waitFor();
    await page.getByText('I will be at the blue gate', { exact: true }).waitFor();
    await profileFailed;
    await page.unroute(`**${profile}`, failLate);
    await noticeClearOfTopBar(page, errors('network'), 'the thread');
    // On a desktop's screen too (the side bar beside the thread, its bar at the top of the column).
    const phone = page.viewportSize()!;
    await page.setViewportSize({ width: 1280, height: 800 });
    await noticeClearOfTopBar(page, errors('network'), 'the thread on a desktop');
    await page.setViewportSize(phone);
    await shot(page, 'offline-02-thread');
    log('offline, the thread reloads with its messages');

    // She writes to him offline: the message waits in the thread, and in the list, with its clock.
    const waitingText = 'I am on the bus, see you soon';
    await composer.fill(waitingText);
    await page.getByRole('button', { name: thread('composer.send'), exact: true }).click();
    await page.getByText(waitingText, { exact: true }).waitFor();
    await page.getByRole('link', { name: thread('header.back'), exact: true }).click();
    await page.waitForURL(/\/conversations$/);
    const kofiRow = page
      .getByRole('list', { name: chat('listLabel') })
      .getByRole('listitem')
      .first();
    await kofiRow.getByText(waitingText).waitFor();
    expect(
      await kofiRow.getByRole('img', { name: thread('bubble.sending'), exact: true }).count(),
      'the clock on the waiting message in the list',
    ).toBe(1);
    await shot(page, 'offline-02b-conversations-waiting');
    log('offline, the list shows the message waiting to be sent, with its clock');

    // Home reloads with the lists she saw, not "could not be loaded".
    await page.goto('/home');
    // Drawn by the service worker from the copy before any of the app's code ran (decision 0024).
    const served = await servedDocument(page);
    expect(served.keptCopy, "home's first frame is its kept copy").toBe('/home');
    expect(served.profiles, "the copy's links to profiles").toContain(kofiLink);
    expect(await matchCardOnHome(page, kofi.id), 'her match on home, offline').toBe(kofiLink);
    expect(await page.getByText(discovery('home.loadFailed')).count(), 'no "could not be loaded"').toBe(0);
    await shot(page, 'offline-03-home');
    log('offline, home reloads with its lists');

    // Tabs never opened render (their data waits for the network), not "This page could not open".
    await page.goto('/conversations');
    await page.getByText(waitingText, { exact: false }).waitFor();
    const tabs = page.getByRole('navigation', { name: common('nav.main') }).last();
    await tabs.getByRole('link', { name: common('nav.account'), exact: true }).click();
    await page.waitForURL(/\/account$/);
    await page.getByRole('heading', { level: 1, name: /Awa/ }).waitFor();
    expect(await page.getByText(common('routeError.title')).count(), 'account opens').toBe(0);
    await shot(page, 'offline-04-account-never-visited');
    await tabs.getByRole('link', { name: common('nav.swap'), exact: true }).click();
    await page.waitForURL(/\/swap$/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByText(common('routeError.title')).count(), 'swap opens').toBe(0);
    await shot(page, 'offline-05-swap-never-visited');
    log('offline, the Account and Swap tabs, never opened, render');
    // Settings, a screen with its own top bar (back arrow and title), never opened either.
    await tabs.getByRole('link', { name: common('nav.account'), exact: true }).click();
    await page.getByRole('link', { name: locale('en', 'home')('account.settings') }).click();
    await page.waitForURL(/\/settings$/);
    await page
      .getByRole('heading', { name: common('nav.settings'), exact: true })
      .first()
      .waitFor();
    await noticeClearOfTopBar(page, errors('network'), 'Settings');
    await backOnline();
  },
  { timeoutMs: 180_000 },
);

export const journeys: Journey[] = [offline];
