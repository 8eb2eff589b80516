/**
 * Fixtures for the end-to-end journeys (run by e2e/run.mjs against the real server and Chromium).
 * A journey file exports `journeys: Journey[]`; each journey gets a browser of its own and makes its
 * pages with `newMemberPage`, so every journey starts from fresh contexts.
 */
import { isDeepStrictEqual, inspect } from 'node:util';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { checkpoint } from './a11y/journey-auditor.ts';

export type JourneyContext = {
  browser: Browser;
  /** The server's origin, e.g. http://127.0.0.1:41234 (no trailing slash). */
  baseUrl: string;
  /** Prints a progress line under the journey's name. */
  log: (line: string) => void;
};

export type Journey = {
  name: string;
  run: (context: JourneyContext) => Promise<void>;
  /** Whole journey, default 120 s. */
  timeoutMs?: number;
};

export function journey(name: string, run: Journey['run'], options: { timeoutMs?: number } = {}): Journey {
  return { name, run, ...options };
}

/** The server under test, as set by e2e/run.mjs. */
export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the journeys through e2e/run.mjs');
  return url;
}

export type MemberPageOptions = Omit<BrowserContextOptions, 'viewport' | 'locale'> & {
  viewport?: { width: number; height: number };
  /** Browser locale (Accept-Language, navigator.languages), e.g. 'fr-FR'. Default 'en-US'. */
  locale?: string;
};

/** A page in a fresh browser context: a phone-sized screen (360x740) by default, relative URLs allowed. */
/**
 * Each member's phone comes from an address of its own, as on a carrier network: the server under test
 * trusts the proxy header (e2e/runner/server.mjs), so the journeys' sign-ups do not add up against
 * one address's limits (10 registrations an hour) the way a hundred real members never would.
 */
let phones = 0;
const phoneAddress = () => {
  phones += 1;
  return `10.${process.pid % 250}.${Math.floor(phones / 250) % 250}.${(phones % 250) + 1}`;
};

export async function newMemberPage(browser: Browser, options: MemberPageOptions = {}): Promise<Page> {
  const { viewport = { width: 360, height: 740 }, locale = 'en-US', ...rest } = options;
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport,
    locale,
    extraHTTPHeaders: { 'x-forwarded-for': phoneAddress() },
    ...rest,
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  return context.newPage();
}

/**
 * Waits until the service worker controls the page and keeps every app file the page has loaded, as
 * it does for a member who read their chats minutes ago: from then on the page reloads offline.
 */
export async function waitUntilKeptForOffline(page: Page, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  let missing: string[] = ['(not controlled yet)'];
  while (Date.now() < deadline) {
    // Evaluated in turns: waitForFunction would take the promise an async check returns for a yes.
    missing = await page.evaluate(async () => {
      if (!navigator.serviceWorker.controller) return ['(not controlled yet)'];
      const files = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
        .map((url) => url.pathname);
      const kept = await Promise.all(files.map((file) => caches.match(file, { ignoreSearch: true })));
      return files.filter((_, i) => !kept[i]);
    });
    if (missing.length === 0) return;
    await page.waitForTimeout(200);
  }
  throw new Error(`files the service worker does not keep: ${missing.join(', ')}`);
}

/** Waits until the page's URL has this path (and, if given, these search parameters). */
export async function waitForPath(page: Page, pathname: string, search: Record<string, string> = {}) {
  await page.waitForURL((url) => {
    if (url.pathname !== pathname) return false;
    return Object.entries(search).every(([key, value]) => url.searchParams.get(key) === value);
  });
}

export type OutboxMessage = {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  createdAt: string;
};

/**
 * The newest outbox message to `to` (GET /api/dev/outbox, available outside production), polling
 * until one arrives. `after` skips messages created up to that moment (an ISO date or a Date);
 * `match` waits for a message whose subject or text matches.
 */
export async function readOutbox(
  base: string,
  to: string,
  options: { after?: Date | string; match?: RegExp; timeoutMs?: number } = {},
): Promise<OutboxMessage> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  const after = options.after ? new Date(options.after).getTime() : -Infinity;
  let lastError = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(to)}`);
      if (response.ok) {
        const body = (await response.json()) as { messages: OutboxMessage[] };
        const found = body.messages
          .filter((message) => new Date(message.createdAt).getTime() > after)
          .filter(
            (message) => !options.match || options.match.test(`${message.subject ?? ''}\n${message.text}`),
          )
          .sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime());
        if (found[0]) return found[0];
      } else {
        lastError = `GET /api/dev/outbox answered ${response.status}`;
      }
    } catch (error) {
      lastError = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No message to ${to} arrived in the outbox${lastError ? ` (${lastError})` : ''}`);
}

/** The 6-digit code in a mail or SMS. */
export function codeIn(message: OutboxMessage): string {
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`No 6-digit code in: ${message.text}`);
  return code;
}

/** The first link in a mail's text that contains `part` (e.g. '/otp?token='). */
export function linkIn(message: OutboxMessage, part: string): string {
  const link = message.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(part));
  if (!link) throw new Error(`No link with ${part} in: ${message.text}`);
  return link;
}

export type TestMember = {
  username: string;
  email: string;
  password: string;
  firstName: string;
  dateOfBirth: string;
};

/** A member nobody else uses: a username of letters and digits (max 20), its e-mail, a strong password. */
export function uniqueMember(): TestMember {
  const id = `${Date.now().toString(36).slice(-6)}${randomBytes(4).toString('hex')}`;
  const username = `e2e${id}`;
  return {
    username,
    email: `${username}@example.com`,
    password: `Baobab-${randomBytes(6).toString('base64url')}-27`,
    firstName: 'Amani',
    dateOfBirth: '1994-06-15',
  };
}

function fail(message: string): never {
  throw new Error(message);
}

const show = (value: unknown) => inspect(value, { depth: 4, breakLength: 120 });

/** A tiny assertion helper in the style of `expect`. */
export function expect<T>(actual: T, label = 'value') {
  return {
    toBe(expected: T) {
      if (!Object.is(actual, expected)) fail(`${label}: expected ${show(expected)}, got ${show(actual)}`);
    },
    toEqual(expected: T) {
      if (!isDeepStrictEqual(actual, expected))
        fail(`${label}: expected ${show(expected)}, got ${show(actual)}`);
    },
    toBeTruthy() {
      if (!actual) fail(`${label}: expected a truthy value, got ${show(actual)}`);
    },
    toContain(part: unknown) {
      const ok =
        typeof actual === 'string' ? actual.includes(String(part)) : (actual as unknown[]).includes(part);
      if (!ok) fail(`${label}: expected ${show(actual)} to contain ${show(part)}`);
    },
    toMatch(pattern: RegExp) {
      if (!pattern.test(String(actual))) fail(`${label}: expected ${show(actual)} to match ${pattern}`);
    },
    toBeOneOf(options: readonly T[]) {
      if (!options.some((option) => Object.is(option, actual))) {
        fail(`${label}: expected one of ${show(options)}, got ${show(actual)}`);
      }
    },
  };
}

type Texts = { [key: string]: string | Texts };

const LOCALES = new URL('../apps/web/src/locales/', import.meta.url);

/** The app's own text lookup for one language and namespace (apps/web/src/locales/<lang>/<ns>.json). */
export function locale(
  lang: string,
  namespace: string,
): (key: string, values?: Record<string, string>) => string {
  const texts = JSON.parse(readFileSync(new URL(`${lang}/${namespace}.json`, LOCALES), 'utf8')) as Texts;
  return (key, values = {}) => {
    let found: string | Texts | undefined = texts;
    for (const part of key.split('.')) found = typeof found === 'object' ? found[part] : undefined;
    if (typeof found !== 'string') throw new Error(`no text ${key} in locales/${lang}/${namespace}.json`);
    return found.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
  };
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The form field of this label (a required field's label also shows an asterisk). */
export const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${escapeRegExp(label)}(\\s*\\*)?$`));

/** Waits for the screen's h1; a screen met for the first time is then checked by axe-core. */
export async function expectHeading(page: Page, text: string) {
  await page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor();
  await checkpoint(page, { always: false });
}

/**
 * A major step: axe-core checks the screen as it is (e2e/a11y/), and with E2E_SHOTS_DIR set (a
 * development aid) a picture of it lands there.
 */
export async function shot(page: Page, name: string) {
  await checkpoint(page, { always: true });
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

export type SignedUpMember = TestMember & { id: string; page: Page };

/**
 * A confirmed member with a complete profile and match preferences, made through the API in a fresh
 * phone-sized page (the session cookie lands in its context): ready for the home screens.
 */
export async function signedUpMember(
  browser: Browser,
  base: string,
  profile: {
    firstName: string;
    sex: 'male' | 'female' | 'non_binary';
    likes: ('male' | 'female' | 'non_binary')[];
  },
): Promise<SignedUpMember> {
  const member = { ...uniqueMember(), firstName: profile.firstName };
  const page = await newMemberPage(browser);
  const registered = await page.request.post('/api/auth/register', {
    data: {
      username: member.username,
      email: member.email,
      password: member.password,
      dateOfBirth: member.dateOfBirth,
      acceptTerms: true,
      firstName: member.firstName,
      sex: profile.sex,
    },
  });
  expect(registered.status(), 'POST /api/auth/register').toBe(202);
  const code = codeIn(await readOutbox(base, member.email));
  const confirmed = await page.request.post('/api/auth/confirm', { data: { email: member.email, code } });
  expect(confirmed.status(), 'POST /api/auth/confirm').toBe(200);
  const match = await page.request.put('/api/users/match', {
    data: { sex: profile.likes, ageMin: 18, ageMax: 99, distance: 500 },
  });
  expect(match.status(), 'PUT /api/users/match').toBe(200);
  const me = (await match.json()) as { _id: string };
  return { ...member, id: me._id, page };
}
