// The journeys of e2e/journeys/*.ts: loaded (through tsx), and each run in a browser of its own with a
// time limit, screenshots of every page saved to e2e/results/ when it fails. Every page of that browser
// is checked by axe-core (e2e/a11y/journey-auditor.ts): a serious or critical violation fails the journey.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { seconds } from './output.mjs';
import { JOURNEYS_DIR, RESULTS_DIR, ROOT } from './paths.mjs';

const DEFAULT_JOURNEY_TIMEOUT_MS = 120_000;

/** Every journey exported by e2e/journeys/*.ts, those whose file or name contains `filter` if given. */
export async function loadJourneys(filter) {
  const { register } = await import('tsx/esm/api');
  register();
  const files = (await readdir(JOURNEYS_DIR)).filter((name) => name.endsWith('.ts')).sort();
  const all = [];
  for (const file of files) {
    const module = await import(pathToFileURL(path.join(JOURNEYS_DIR, file)).href);
    const exported = [module.journeys ?? [], module.journey ?? []].flat();
    if (exported.length === 0)
      throw new Error(`e2e/journeys/${file} exports no journeys (export const journeys = [...])`);
    for (const journey of exported) {
      if (typeof journey?.name !== 'string' || typeof journey.run !== 'function') {
        throw new Error(
          `e2e/journeys/${file}: every journey needs a name and a run function (use journey() from fixtures.ts)`,
        );
      }
      all.push({ ...journey, file });
    }
  }
  return all.filter((journey) => !filter || journey.file.includes(filter) || journey.name.includes(filter));
}

const slug = (text) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/** Runs one journey in a fresh browser; its result holds the error, the log lines and screenshots. */
export async function runJourney(chromium, journey, baseUrl) {
  const lines = [];
  const begin = Date.now();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: process.env.E2E_HEADED !== '1',
    args: CHROMIUM_ARGS,
  });
  const timeoutMs = journey.timeoutMs ?? DEFAULT_JOURNEY_TIMEOUT_MS;
  let timer;
  let error = null;
  const screenshots = [];
  // Loaded here, once tsx is registered by loadJourneys: the same module instance as the fixtures'.
  const { JourneyAuditor } = await import('../a11y/journey-auditor.ts');
  const auditor = new JourneyAuditor();
  auditor.watchBrowser(browser);
  try {
    const running = journey.run({ browser, baseUrl, log: (line) => lines.push(`    ${line}`) });
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${seconds(timeoutMs)}`)), timeoutMs);
    });
    await Promise.race([running, timeout]);
    clearTimeout(timer);
    await auditor.auditOpenPages(browser);
  } catch (caught) {
    error = caught instanceof Error ? caught : new Error(String(caught));
    let index = 0;
    for (const context of browser.contexts()) {
      for (const page of context.pages()) {
        const file = path.join(RESULTS_DIR, `${slug(journey.name)}-${++index}.png`);
        try {
          await page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
          screenshots.push(`${path.relative(ROOT, file)} (${page.url()})`);
        } catch {
          // a closed or crashed page has no picture
        }
      }
    }
  } finally {
    clearTimeout(timer);
    const verdict = auditor.verdict();
    lines.push(...verdict.lines.map((line) => `    ${line}`));
    error ??= verdict.error;
    await browser.close().catch(() => {});
  }
  return { name: journey.name, file: journey.file, ms: Date.now() - begin, error, lines, screenshots };
}
