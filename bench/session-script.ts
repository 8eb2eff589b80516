/**
 * B6's scripted session, in one phone-sized browser page: the content of a 10-minute session played
 * back to back (no idle time between steps): the first visit to /home through the login page, browsing
 * the home lists until 50 distinct members' cards were on screen, five profiles opened from their cards
 * (every photo of each gallery looked at), 20 cards swiped on /swap, then a chat of 20 messages with
 * the fifth member (10 written in the composer, 10 answered by `partner`). It also records what the
 * screens showed, for the "useful bytes" reference: each distinct line of text of the page's <main>,
 * and each distinct photo drawn.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { WireCounter } from './session-wire.ts';

type Texts = { [key: string]: string | Texts };
const LOCALES = new URL('../apps/web/src/locales/', import.meta.url);
/** The language the app shows: the member's own (set on login), English until then. */
let language = 'en';

/** The app's own text (apps/web/src/locales/<language>/<namespace>.json), with {{values}} filled. */
export function text(namespace: string, key: string, values: Record<string, string> = {}): string {
  let found: string | Texts | undefined = JSON.parse(
    readFileSync(new URL(`${language}/${namespace}.json`, LOCALES), 'utf8'),
  ) as Texts;
  for (const part of key.split('.')) found = typeof found === 'object' ? found[part] : undefined;
  if (typeof found !== 'string') throw new Error(`no text ${namespace}:${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

export type Shown = {
  /** Distinct lines of text shown in <main> over the session. */
  lines: Set<string>;
  /** Distinct photos drawn (photo id -> the variant URLs seen for it). */
  photos: Map<string, Set<string>>;
};

export type Partner = {
  /** Called once the thread is open, with its conversation id. */
  open(conversationId: string): Promise<void>;
  /** Sends `text` as the other member and resolves once the server acked it. */
  say(text: string): Promise<void>;
};

export type SessionPlan = {
  url: string;
  /** The member's language (the app switches to it once logged in). */
  language: string;
  username: string;
  password: string;
  profiles: number;
  browse: number;
  swipes: number;
  messages: number;
  /** Chooses the member to chat with among the profiles opened (the last one), and returns the partner. */
  partnerFor(memberId: string): Promise<Partner>;
  log(line: string): void;
};

export type SessionMarks = {
  /** Entries counted up to "home usable" (first visit), then after each step. */
  steps: { name: string; entries: number; ms: number }[];
  /** The lines of text of the first visit's screen. */
  firstVisitLines: string[];
  cardsSeen: number;
  profilesOpened: string[];
  galleryPhotos: number;
  swiped: number;
  messages: { sent: number; received: number };
};

const MESSAGES = [
  'Mbote! Your profile made me smile. How is your week going?',
  'Haha yes, Kinshasa traffic is something else. Where do you work?',
  'I love that place! Have you tried the grilled fish by the river?',
  'Saturday works for me. Around four?',
  'Great, I will send you the address tomorrow morning.',
  'Do you prefer rumba or afrobeat?',
  'Same here. Koffi Olomide or Fally Ipupa?',
  'Good choice. I have tickets for a concert next month.',
  'Let me check and tell you tonight.',
  'Sleep well, talk tomorrow!',
];
const ANSWERS = [
  'Hello! Busy but good, thank you. And yours?',
  'In an office near Gombe. Long days, but nice colleagues.',
  'Not yet! Shall we go this weekend?',
  'Four is perfect.',
  'Thank you, see you then.',
  'Rumba, always. My father played it every Sunday.',
  'Fally, sorry! His voice is something else.',
  'Really? I would love to come.',
  'Okay, no pressure.',
  'Good night!',
];

async function noteShown(page: Page, shown: Shown): Promise<void> {
  const seen = await page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    const photos: [string, string][] = [];
    for (const img of Array.from(document.querySelectorAll('img'))) {
      const match = /\/api\/media\/([^/]+)\//.exec(img.currentSrc || img.src);
      if (match && img.complete && img.naturalWidth > 0) photos.push([match[1]!, img.currentSrc || img.src]);
    }
    return { text: main.innerText, photos };
  });
  for (const line of seen.text.split('\n')) if (line.trim()) shown.lines.add(line.trim());
  for (const [id, url] of seen.photos) {
    const urls = shown.photos.get(id) ?? new Set<string>();
    urls.add(new URL(url).pathname);
    shown.photos.set(id, urls);
  }
}

/** Ids of the member cards on screen now (in the viewport, rows scrolled sideways included). */
async function cardsOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('main a[href^="/profile/"]'))
      .filter((link) => {
        const box = link.getBoundingClientRect();
        return (
          box.width > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth
        );
      })
      .map((link) => link.getAttribute('href')!.slice('/profile/'.length)),
  );
}

/** A client-side navigation, as a tap on an in-app link does (no document load). */
async function navigate(page: Page, to: string): Promise<void> {
  await page.evaluate((path) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

const settle = async (page: Page, wire: WireCounter, ms = 250) => {
  await page.waitForTimeout(ms);
  await wire.quiet(400, 10_000);
};

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

  // 1. First visit: /home, through the start page and the login page, back on /home once its lists show.
  language = 'en';
  // A visitor asking for /home lands on the start page ("Log in to continue"), then on the login page.
  await page.goto(`${plan.url}/home`);
  await page.locator('main a[href^="/login"]').first().click();
  await page.waitForURL(/\/login/);
  await page.getByLabel(text('auth', 'fields.identifier')).fill(plan.username);
  await page.getByLabel(text('auth', 'fields.password'), { exact: true }).fill(plan.password);
  await page.getByRole('button', { name: text('auth', 'login.submit'), exact: true }).click();
  await page.waitForURL(/\/home$/);
  language = plan.language;
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
  mark('first visit');

  // 2. Browse: scroll home (and each row sideways once) until enough distinct cards were on screen.
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
  mark(`browse (${seen.size} cards seen)`);

  // 3. Open profiles from their cards and look at every photo of each gallery.
  const opened = order.slice(0, plan.profiles);
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
  mark(`profiles (${opened.length} opened, ${marks.galleryPhotos} photos)`);

  // 4. Swap: 20 cards, a like every third card, passes otherwise (any match screen is closed).
  // The bottom tab bar's link (the side navigation's one is off screen on a phone).
  await page.evaluate(() => {
    const link = Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href="/swap"]')).find((item) => {
      const box = item.getBoundingClientRect();
      return (
        box.width > 0 && box.left >= 0 && box.right <= innerWidth && box.top >= 0 && box.bottom <= innerHeight
      );
    });
    (link ?? document.querySelector<HTMLAnchorElement>('a[href="/swap"]'))?.click();
  });
  await page.waitForURL(/\/swap$/);
  // The top card's label is its "name, age" (in the member's language).
  const nameAge = `^${text('discovery', 'card.nameAge', { name: '\u0000', age: '\u0001' })
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('\u0000', '.+')
    .replace('\u0001', '\\d+')}$`;
  const topLabel = () =>
    page.evaluate((pattern) => {
      const card = Array.from(document.querySelectorAll('main [aria-label]')).find((element) =>
        new RegExp(pattern).test(element.getAttribute('aria-label') ?? ''),
      );
      return card?.getAttribute('aria-label') ?? null;
    }, nameAge);
  const pass = text('discovery', 'swap.pass');
  const like = text('discovery', 'swap.like');
  const keepSwiping = page.getByRole('button', { name: text('discovery', 'match.keepSwiping'), exact: true });
  for (let swipe = 0; swipe < plan.swipes; swipe += 1) {
    await page.getByRole('button', { name: pass, exact: true }).waitFor();
    await settle(page, wire, 150);
    await noteShown(page, shown);
    const label = await topLabel();
    await page.getByRole('button', { name: swipe % 3 === 2 ? like : pass, exact: true }).click();
    marks.swiped += 1;
    await page
      .waitForFunction(
        (previous) =>
          !Array.from(document.querySelectorAll('main [aria-label]')).some(
            (element) => element.getAttribute('aria-label') === previous,
          ) || document.querySelector('[role="dialog"]'),
        label,
        { timeout: 10_000 },
      )
      .catch(() => undefined);
    if (await keepSwiping.isVisible()) await keepSwiping.click();
    if (!(await page.getByRole('button', { name: pass, exact: true }).isVisible())) {
      await page.waitForTimeout(500);
      if (!(await page.getByRole('button', { name: pass, exact: true }).isVisible())) break;
    }
  }
  await settle(page, wire);
  await noteShown(page, shown);
  mark(`swap (${marks.swiped} cards)`);

  // 5. Chat with the last member opened: their profile, "Send a message", 10 messages each way.
  const partnerId = opened[opened.length - 1]!;
  const partner = await plan.partnerFor(partnerId);
  await navigate(page, `/profile/${partnerId}`);
  await page.getByRole('link', { name: text('discovery', 'profile.sendMessage'), exact: true }).click();
  await page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
  const conversationId = new URL(page.url()).pathname.split('/').pop()!;
  await partner.open(conversationId);
  const composer = page.getByLabel(text('thread', 'composer.label'), { exact: true });
  const send = page.getByRole('button', { name: text('thread', 'composer.send'), exact: true });
  for (let i = 0; i < plan.messages / 2; i += 1) {
    const mine = MESSAGES[i % MESSAGES.length]!;
    await composer.fill(mine);
    await send.click();
    await page.getByText(mine, { exact: true }).last().waitFor();
    marks.messages.sent += 1;
    const answer = ANSWERS[i % ANSWERS.length]!;
    await partner.say(answer);
    await page.getByText(answer, { exact: true }).last().waitFor();
    marks.messages.received += 1;
    await page.waitForTimeout(200);
  }
  await settle(page, wire, 500);
  await noteShown(page, shown);
  mark(`chat (${marks.messages.sent} sent, ${marks.messages.received} received)`);
  return { marks, shown };
}
