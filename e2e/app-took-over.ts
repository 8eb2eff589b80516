import type { Page } from 'playwright-core';

/** In the page: whether React has the root (it marks its container). */
const rootIsReacts = () => {
  const root = document.getElementById('root');
  return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
};

/**
 * Waits until React has the page: a page painted by the server shows its content, links and tabs
 * before any script runs, so what is on screen says nothing of the app's code.
 */
export function appTookOver(page: Page) {
  return page.waitForFunction(rootIsReacts);
}

/** Whether React has the page now. */
export function hasTakenOver(page: Page): Promise<boolean> {
  return page.evaluate(rootIsReacts);
}
