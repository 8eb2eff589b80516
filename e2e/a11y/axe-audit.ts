/**
 * One accessibility audit of a page as it is now: axe-core's source evaluated in the page (through the
 * DevTools protocol, so the app's Content-Security-Policy does not apply to it), then `axe.run` over the
 * whole document with axe's default rules (WCAG 2.x A and AA, best practices). Nothing is disabled:
 * a rule that has to be turned off somewhere is turned off here, with the reason beside it.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical violations fail a journey; moderate and minor ones are printed. */
export const FAILING_IMPACTS: readonly ImpactValue[] = ['serious', 'critical'];

export type Violation = {
  id: string;
  impact: ImpactValue;
  help: string;
  helpUrl: string;
  /** One entry per element: its CSS selector (through shadow roots and frames, joined by " >> "). */
  targets: string[];
  /** The opening of each element's HTML, in the order of `targets`. */
  html: string[];
};

// Only the violations travel back; axe reads the page and changes nothing in it (no scroll, no focus),
// so the journey goes on from the screen it had.
const RUN_OPTIONS: RunOptions = { resultTypes: ['violations'] };

/**
 * Resolves once the page has settled (or after 3 s): its DOM has not changed for 200 ms and no
 * animation or transition with an end is running (a notice fading in is judged once shown, a spinner
 * turning for ever is not waited for). A screen whose lazy code or data is still arriving is judged once
 * it has arrived, not in the middle of its loading. A string, so that the TypeScript loader's helpers
 * (tsx names functions) do not travel into the page.
 */
const SETTLE = `(async () => {
  const cap = Date.now() + 3000;
  const left = () => Math.max(0, cap - Date.now());
  const domQuiet = () => new Promise((resolve) => {
    let quiet;
    const done = () => { observer.disconnect(); clearTimeout(quiet); clearTimeout(capped); resolve(); };
    const observer = new MutationObserver(() => { clearTimeout(quiet); quiet = setTimeout(done, 200); });
    const capped = setTimeout(done, left());
    quiet = setTimeout(done, 200);
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  const ending = () => document.getAnimations().filter((animation) =>
    animation.playState === 'running' && Number.isFinite(animation.effect?.getComputedTiming().endTime));
  while (left() > 0) {
    await domQuiet();
    const moving = ending();
    if (moving.length === 0) return;
    const ended = Promise.all(moving.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, left()))]);
  }
})()`;

const selector = (target: unknown): string =>
  Array.isArray(target) ? target.map(selector).join(' >> ') : String(target);

/** The violations axe-core finds in the page now, the page left as it was. */
export async function auditPage(page: Page): Promise<Violation[]> {
  await page.evaluate(SETTLE);
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  // A string is evaluated as a script: axe's bundle defines window.axe.
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const results = (await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe.run(
        document,
        options,
      ),
    RUN_OPTIONS,
  )) as AxeResults;
  return results.violations.map((result) => ({
    id: result.id,
    impact: result.impact ?? null,
    help: result.help,
    helpUrl: result.helpUrl.replace(/\?application=axeAPI$/, ''),
    targets: result.nodes.map((node) => selector(node.target)),
    html: result.nodes.map((node) => node.html.replace(/\s+/g, ' ').slice(0, 160)),
  }));
}

export const isFailing = (violation: Pick<Violation, 'impact'>) => FAILING_IMPACTS.includes(violation.impact);
