import type { Browser, Page } from 'playwright-core';
import { newMemberPage, type SignedUpMember } from './fixtures.ts';

/** The app's entry script (and the chunk of the same name it preloads): the code that takes a page over. */
export const APP_CODE = /\/assets\/index-[\w-]+\.js$/;

/** How long the app's code is held back, so that what is done at once surely comes before the takeover. */
const CODE_HELD_MS = 2000;

/**
 * A new phone (a fresh context: no service worker answers the code from its cache), signed in as
 * `member` if given, opening `path` with the app's code held back CODE_HELD_MS, or never sent with
 * `code: 'never'`. It is used as soon as it is drawn: a prerendered page's module scripts hold its
 * `load` and `DOMContentLoaded` events back too.
 */
export async function openOnSlowPhone(
  browser: Browser,
  path: string,
  options: { member?: SignedUpMember; code?: 'held' | 'never' } = {},
): Promise<Page> {
  const page = await newMemberPage(browser);
  if (options.member) await page.context().addCookies(await options.member.page.context().cookies());
  await page.route(APP_CODE, async (route) => {
    if (options.code === 'never') return route.abort();
    await new Promise((resolve) => setTimeout(resolve, CODE_HELD_MS));
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  return page;
}
