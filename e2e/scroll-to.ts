import type { Locator, Page } from 'playwright-core';

/**
 * Scrolls `page` down, as a member would, until `target` shows: home asks for a row's list only as it
 * comes near the screen, so a card further down is not there before.
 */
export async function scrollTo(page: Page, target: Locator): Promise<void> {
  for (let turn = 0; turn < 20 && !(await target.isVisible()); turn += 1) {
    await page.mouse.wheel(0, 500);
    await page.waitForTimeout(300);
  }
  await target.waitFor();
}
