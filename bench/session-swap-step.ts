/** B6's session, step 4 (session-script.ts): cards swiped on /swap. */
import type { SessionRun } from './session-run.ts';
import { noteShown, settle } from './session-screen.ts';

/** 4. Swap: `plan.swipes` cards, a like every third card, passes otherwise (any match screen is closed). */
export async function runSwap(run: SessionRun): Promise<void> {
  const { page, wire, plan, shown, marks, text } = run;
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
}
