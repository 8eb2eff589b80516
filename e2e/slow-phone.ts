import type { Browser, Page } from 'playwright-core';
import { TAPS_KEPT_ATTRIBUTE } from '@motema/shared/early-taps';
import { newMemberPage, type SignedUpMember } from './fixtures.ts';

/** The app's entry script (and the chunk of the same name it preloads): the code that takes a page over. */
export const APP_CODE = /\/assets\/index-[\w-]+\.js$/;

/**
 * How long the app's code is held back after the early-tap script is let through, so that what is
 * done at once surely comes before the takeover.
 */
const CODE_HELD_MS = 2000;

/** The early-tap script (apps/web/build/painted-start.ts), a request of its own. */
const EARLY_TAPS = /\/assets\/painted-start-[\w-]+\.js$/;

/** Lets each page's early-tap script through (releaseEarlyTaps). */
const releases = new WeakMap<Page, () => void>();

/**
 * A new phone (a fresh context: no service worker answers the code from its cache), signed in as
 * `member` if given, opening `path` with the app's code held back, or never sent with
 * `code: 'never'`. It is used as soon as it is drawn: a prerendered page's module scripts hold its
 * `load` and `DOMContentLoaded` events back too. Its early-tap script is held until releaseEarlyTaps:
 * what is tapped before is the inline recorder's (@motema/shared/early-taps), and the page's module
 * scripts run in their order, so the app's code waits for it too.
 */
export async function openOnSlowPhone(
  browser: Browser,
  path: string,
  options: { member?: SignedUpMember; code?: 'held' | 'never' } = {},
): Promise<Page> {
  const page = await newMemberPage(browser);
  if (options.member) await page.context().addCookies(await options.member.page.context().cookies());
  const released = new Promise<void>((resolve) => releases.set(page, resolve));
  await page.route(APP_CODE, async (route) => {
    if (options.code === 'never') return route.abort();
    await released;
    await new Promise((resolve) => setTimeout(resolve, CODE_HELD_MS));
    await route.continue();
  });
  await page.route(EARLY_TAPS, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  return page;
}

/** Lets the early-tap script of a page opened by openOnSlowPhone through, and its code CODE_HELD_MS later. */
export function releaseEarlyTaps(page: Page): void {
  releases.get(page)?.();
}

/** The page's `<html>` once its early-tap script keeps the taps (it marks it). */
const tapsKeptMark = (page: Page) => page.locator(`html[${TAPS_KEPT_ATTRIBUTE}]`);

/** Whether the page's early-tap script keeps the taps now. */
export async function scriptKeepsTaps(page: Page): Promise<boolean> {
  return (await tapsKeptMark(page).count()) > 0;
}

/** Waits until the page's early-tap script keeps the taps. */
export async function tapsKept(page: Page): Promise<void> {
  await tapsKeptMark(page).waitFor({ state: 'attached' });
}
