import type { Locator, Page } from 'playwright-core';
import { pollUntil } from './poll-until.ts';

/**
 * Waits until React has the page (its root container is marked): a page painted by the server shows
 * its content, links and tabs before any script runs, so what is on screen says nothing of the app's code.
 */
export function appTookOver(page: Page) {
  return page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}

/**
 * Waits until React holds the element `locator` finds (it has hydrated or drawn it): on a page painted
 * by the server, a part React draws anew after a mismatch replaces the painted element, and what was
 * typed into the painted one is lost. Resolves false after `timeoutMs`.
 */
export async function reactHolds(locator: Locator, timeoutMs = 15_000): Promise<boolean> {
  return pollUntil(
    () =>
      locator
        .evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')))
        .catch(() => false),
    (held) => held,
    { timeoutMs },
  );
}
