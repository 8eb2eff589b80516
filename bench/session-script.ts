/**
 * B6's scripted session, in one phone-sized browser page: the content of a 10-minute session played
 * back to back (no idle time between steps): the first visit to /home through the login page, browsing
 * the home lists until 50 distinct members' cards were on screen, five profiles opened from their cards
 * (every photo of each gallery looked at), 20 cards swiped on /swap, then a chat of 20 messages with
 * the fifth member (10 written in the composer, 10 answered by `partner`). It also records what the
 * screens showed, for the "useful bytes" reference: each distinct line of text of the page's <main>,
 * and each distinct photo drawn. The steps: this file (first visit, browse, profiles),
 * session-swap-step.ts and session-chat-step.ts; what they share: session-run.ts and session-screen.ts.
 */
import type { Page } from 'playwright-core';
import { runChat } from './session-chat-step.ts';
import { appText, type SessionMarks, type SessionPlan, type SessionRun, type Shown } from './session-run.ts';
import { cardsOnScreen, noteShown, settle } from './session-screen.ts';
import { runSwap } from './session-swap-step.ts';
import type { WireCounter } from './session-wire.ts';

export async function runSession(
  page: Page,
  wire: WireCounter,
  plan: SessionPlan,
): Promise<{ marks: SessionMarks; shown: Shown }> {
  const shown: Shown = { lines: new Set(), photos: new Map() };
  const started = performance.now();
  const marks: SessionMarks = {
    steps: [],
    firstVisitLines: [],
    cardsSeen: 0,
    profilesOpened: [],
    galleryPhotos: 0,
    swiped: 0,
    messages: { sent: 0, received: 0 },
  };
  const mark = (name: string) => {
    marks.steps.push({ name, entries: wire.entries.length, ms: Math.round(performance.now() - started) });
    plan.log(`${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  };

  const run: SessionRun = {
    page,
    wire,
    plan,
    shown,
    marks,
    language: 'en',
    text: (namespace, key, values) => appText(run.language, namespace, key, values),
  };

  await firstVisit(run);
  mark('first visit');
  const order = await browse(run);
  mark(`browse (${marks.cardsSeen} cards seen)`);
  const opened = order.slice(0, plan.profiles);
  await openProfiles(run, opened);
  mark(`profiles (${opened.length} opened, ${marks.galleryPhotos} photos)`);
  await runSwap(run);
  mark(`swap (${marks.swiped} cards)`);
  await runChat(run, opened[opened.length - 1]!);
  mark(`chat (${marks.messages.sent} sent, ${marks.messages.received} received)`);
  return { marks, shown };
}

/** 1. First visit: /home, through the start page and the login page, back on /home once its lists show. */
async function firstVisit(run: SessionRun): Promise<void> {
  const { page, wire, plan, shown, marks, text } = run;
  // A visitor asking for /home lands on the start page ("Log in to continue"), then on the login page.
  await page.goto(`${plan.url}/home`);
  await page.locator('main a[href^="/login"]').first().click();
  await page.waitForURL(/\/login/);
  await page.getByLabel(text('auth', 'fields.identifier')).fill(plan.username);
  await page.getByLabel(text('auth', 'fields.password'), { exact: true }).fill(plan.password);
  await page.getByRole('button', { name: text('auth', 'login.submit'), exact: true }).click();
  await page.waitForURL(/\/home$/);
  run.language = plan.language;
  await page.locator('main a[href^="/profile/"]').first().waitFor();
  // Lists on screen have loaded (rows further down load as they come near the screen).
  await page.waitForFunction(
    () =>
      ![...document.querySelectorAll('main [aria-busy="true"]')].some((element) => {
        const box = element.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;
      }),
    undefined,
    { timeout: 30_000 },
  );
  // The service worker installs on the first visit (it downloads the app for later visits): part of it.
  await page.evaluate(() => navigator.serviceWorker?.ready.then(() => true)).catch(() => false);
  await settle(page, wire, 500);
  await noteShown(page, shown);
  marks.firstVisitLines = [...shown.lines];
}

/**
 * 2. Browse: scroll home (and each row sideways once) until enough distinct cards were on screen;
 * returns their ids in the order seen.
 */
async function browse(run: SessionRun): Promise<string[]> {
  const { page, wire, plan, shown, marks } = run;
  const seen = new Set<string>();
  const order: string[] = [];
  const take = (ids: string[]) => {
    for (const id of ids) if (!seen.has(id) && seen.add(id)) order.push(id);
  };
  take(await cardsOnScreen(page));
  let stuck = 0;
  while (seen.size < plan.browse && stuck < 8) {
    const before = seen.size;
    // Rows on screen are swiped once to their end, as a reader looking along them would.
    const rows = await page.evaluate(() => {
      let moved = 0;
      for (const row of Array.from(document.querySelectorAll<HTMLElement>('main ul[aria-label]'))) {
        const box = row.getBoundingClientRect();
        if (
          box.bottom > 0 &&
          box.top < innerHeight &&
          row.scrollLeft + row.clientWidth < row.scrollWidth - 2
        ) {
          row.scrollLeft += row.clientWidth;
          moved += 1;
        }
      }
      return moved;
    });
    if (rows === 0) await page.evaluate(() => window.scrollBy(0, Math.round(innerHeight * 0.7)));
    await settle(page, wire);
    take(await cardsOnScreen(page));
    await noteShown(page, shown);
    stuck = seen.size === before ? stuck + 1 : 0;
  }
  marks.cardsSeen = seen.size;
  return order;
}

/** 3. Open profiles from their cards and look at every photo of each gallery. */
async function openProfiles(run: SessionRun, opened: string[]): Promise<void> {
  const { page, wire, shown, marks, text } = run;
  for (const id of opened) {
    const card = page.locator(`main a[href="/profile/${id}"]`).first();
    await card.scrollIntoViewIfNeeded();
    await card.click();
    await page.waitForURL(new RegExp(`/profile/${id}$`));
    await page.getByRole('link', { name: text('discovery', 'profile.sendMessage'), exact: true }).waitFor();
    await settle(page, wire);
    const slides = await page.evaluate(() => {
      const track = document.querySelector('[aria-roledescription="carousel"] > div');
      return track ? track.children.length : 0;
    });
    for (let slide = 0; slide < slides; slide += 1) {
      await page.evaluate((index) => {
        const track = document.querySelector<HTMLElement>('[aria-roledescription="carousel"] > div');
        if (track) track.scrollLeft = index * track.clientWidth;
      }, slide);
      await settle(page, wire);
      await noteShown(page, shown);
    }
    marks.galleryPhotos += slides;
    marks.profilesOpened.push(id);
    await page.goBack();
    await page.waitForURL(/\/home$/);
    await settle(page, wire);
  }
}
