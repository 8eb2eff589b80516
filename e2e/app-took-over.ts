import type { Page } from 'playwright-core';

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
