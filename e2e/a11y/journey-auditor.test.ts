// @slow-tier drives Chromium.
/**
 * The accessibility check of the journeys cannot pass in silence: in Debian's Chromium, a page with an
 * unnamed button and an unnamed progress bar fails a journey with both rules, their elements and help
 * pages, while a clean page passes; a journey whose pages could not be audited fails too.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { JourneyAuditor, checkpoint, screenOf } from './journey-auditor.ts';

type ChromiumModule = { CHROMIUM: string; CHROMIUM_ARGS: string[]; ensureChromium: () => string | null };

const PLANTED = `<!doctype html><html lang="en"><head><title>Planted</title></head><body>
  <main><h1>Planted violations</h1>
    <button><svg width="16" height="16"></svg></button>
    <div role="progressbar" aria-valuenow="0" aria-valuemin="0" aria-valuemax="100"></div>
  </main></body></html>`;

const CLEAN = `<!doctype html><html lang="en"><head><title>Clean</title></head><body>
  <main><h1>A clean page</h1>
    <button>Send</button>
    <div role="progressbar" aria-label="Loading the page" aria-valuenow="0" aria-valuemin="0" aria-valuemax="100"></div>
  </main></body></html>`;

// A notice fading in (a transition of 1.5 s, as a toast's) beside a spinner that turns for ever: black on
// white once shown, too pale to read while it fades in.
const FADING_IN = CLEAN.replace(
  '</main>',
  `<div id="notice" style="opacity: 0.1; transition: opacity 1.5s linear">Payment received</div>
  <div aria-hidden="true" style="width: 8px; height: 8px; animation: spin 1s linear infinite"></div>
  <style>@keyframes spin { to { transform: rotate(1turn) } }</style>
  <script>requestAnimationFrame(() => requestAnimationFrame(() => {
    document.getElementById('notice').style.opacity = '1';
  }));</script></main>`,
);

let browser: Browser;

beforeAll(async () => {
  // The runner's own Chromium (installed with apt-get if missing, as e2e/run.mjs does).
  const runner = (await import(new URL('../runner/chromium.mjs', import.meta.url).href)) as ChromiumModule;
  const missing = runner.ensureChromium();
  if (missing) throw new Error(missing);
  browser = await chromium.launch({ executablePath: runner.CHROMIUM, args: runner.CHROMIUM_ARGS });
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

/** A journey of one page showing `html`, at http://a11y.test/<path>, checked at a checkpoint. */
async function journeyOn(html: string, path: string) {
  const auditor = new JourneyAuditor();
  auditor.watchBrowser(browser);
  const context = await browser.newContext();
  const page: Page = await context.newPage();
  await page.route('http://a11y.test/**', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto(`http://a11y.test${path}`);
  await checkpoint(page, { always: true });
  await context.close();
  return auditor.verdict();
}

describe('the accessibility check of the journeys', () => {
  test('fails on an unnamed button and an unnamed progress bar, naming rules, elements and help', async () => {
    const { error, lines } = await journeyOn(PLANTED, '/planted/0b5a3c9e-1d2f-4a6b-8c7d-9e0f1a2b3c4d');
    expect(error?.message).toMatch(/button-name \(critical\)/);
    expect(error?.message).toMatch(/aria-progressbar-name \(serious\)/);
    const text = lines.join('\n');
    expect(text).toContain('https://dequeuniversity.com/rules/axe/');
    expect(text).toMatch(/button-name: .*\n.*\n\s+button\s+<button>.* on \/planted\/:id/);
    expect(text).toMatch(
      /aria-progressbar-name: .*\n.*\n\s+div\s+<div role="progressbar".* on \/planted\/:id/,
    );
  }, 60_000);

  test('passes on a clean page', async () => {
    const { error, lines } = await journeyOn(CLEAN, '/clean');
    expect(error).toBeNull();
    expect(lines[0]).toMatch(/^accessibility: 1 axe-core audits of 1 screens/);
  }, 60_000);

  test('judges a notice once its fade-in has ended, beside a spinner that never stops', async () => {
    const { error, lines } = await journeyOn(FADING_IN, '/fading-in');
    expect(error).toBeNull();
    expect(lines[0]).toMatch(/^accessibility: 1 axe-core audits of 1 screens/);
  }, 60_000);

  test('fails a journey whose screens could not be audited at all', async () => {
    // A page that breaks what the audit relies on: every audit of it throws.
    const broken = CLEAN.replace('<body>', '<body><script>window.MutationObserver = undefined;</script>');
    const { error, lines } = await journeyOn(broken, '/broken');
    expect(error?.message).toBe('accessibility: no screen of this journey could be audited');
    expect(lines.join('\n')).toContain('accessibility: could not audit /broken');
  }, 60_000);

  test('names a screen by its path and query, ids folded', () => {
    expect(screenOf('http://x.test/messages/0b5a3c9e-1d2f-4a6b-8c7d-9e0f1a2b3c4d?tab=1')).toBe(
      '/messages/:id?tab=1',
    );
    expect(screenOf('about:blank')).toBe(null);
  });
});
