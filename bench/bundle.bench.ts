/**
 * B5: the bytes on the critical path (brotli), against an empty Vite + React template built in the
 * same run with the same Vite, React plugin and build target.
 *
 * Builds the web app (apps/web/vite.config.ts, into a temporary folder: apps/web/dist is left alone)
 * and the template (index.html + a main.tsx rendering an empty component with react-dom/client),
 * then measures both with apps/web/build/critical-path.ts, the measurer `npm test` runs on the real
 * build: the start page (entry, its static imports, the start route and the translations it waits
 * for, CSS included), every lazy chunk, the whole app. Bars: start page <= 150 KB, each lazy chunk
 * <= 40 KB, whole app <= 600 KB. Exits 1 on a miss. Results: bench/results/bundle.json.
 *
 *   node_modules/.bin/node --import tsx bench/bundle.bench.ts [--app-dist DIR] [--keep]
 *
 * --app-dist DIR measures an existing build of the app instead of building it; --keep leaves the
 * temporary builds in place (their folders are printed).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import {
  BUDGETS,
  checkBudgets,
  describe,
  formatKb,
  KB,
  measureBuild,
  type SizeReport,
} from '../apps/web/build/critical-path.ts';
import { printBars, writeResults, type BarRow } from './lib/results.ts';
import { buildWeb } from './lib/app-server.ts';
import { flagOption, textOption } from './lib/options.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Under the repository, so the template resolves react and react-dom from its node_modules.
const WORK_DIR = path.join(ROOT, 'node_modules', '.cache', 'motema');

const appDistArg = textOption('app-dist');
const keep = flagOption('keep');

const TEMPLATE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Template</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`;
const TEMPLATE_MAIN = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  return null;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`;

/** The empty Vite + React template, built with the app's build target; returns its dist folder. */
async function buildTemplate(dir: string): Promise<string> {
  await mkdir(path.join(dir, 'src'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), TEMPLATE_HTML);
  await writeFile(path.join(dir, 'src', 'main.tsx'), TEMPLATE_MAIN);
  const outDir = path.join(dir, 'dist');
  await build({
    root: dir,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022', manifest: true },
  });
  return outDir;
}

await mkdir(WORK_DIR, { recursive: true });
const workDir = await mkdtemp(path.join(WORK_DIR, 'bench-bundle-'));
let started = performance.now();
const appDist = appDistArg ? path.resolve(appDistArg) : path.join(workDir, 'app');
if (!appDistArg) await buildWeb(appDist, { server: false });
const appBuildMs = appDistArg ? null : performance.now() - started;
started = performance.now();
const templateDist = await buildTemplate(path.join(workDir, 'template'));
const templateBuildMs = performance.now() - started;

const app = measureBuild(appDist);
const template = measureBuild(templateDist, null);
const checks = checkBudgets(app);
console.log(`\nThe app (${appDist}):\n${describe(app, checks)}`);

const largest = app.lazyChunks[0];
const largestRoute = app.routes[0];
const templateRef = (bytes: number) => `${formatKb(bytes)} (empty Vite + React template)`;
const bars: BarRow[] = [
  {
    bar: 'B5',
    what: 'start page JS+CSS (brotli)',
    measured: formatKb(app.startPage.bytes),
    reference: templateRef(template.startPage.bytes),
    target: `<= ${formatKb(BUDGETS.startPage)}`,
    pass: app.startPage.bytes <= BUDGETS.startPage,
    value: app.startPage.bytes / KB,
  },
  {
    bar: 'B5',
    what: `largest lazy chunk (${largest?.name ?? 'none'})`,
    measured: formatKb(largest?.bytes ?? 0),
    reference: 'none (the template has no lazy chunk)',
    target: `<= ${formatKb(BUDGETS.lazyChunk)} each`,
    pass: checks.every((check) => !check.what.startsWith('lazy chunk') || check.pass),
    value: (largest?.bytes ?? 0) / KB,
  },
  {
    bar: 'B5',
    what: `whole app JS+CSS (brotli, service worker included, ${app.wholeApp.language ?? 'no'} texts)`,
    measured: `${formatKb(app.wholeApp.bytes)} (${formatKb(app.allLanguages.bytes)} with every language)`,
    reference: templateRef(template.wholeApp.bytes),
    target: `<= ${formatKb(BUDGETS.wholeApp)}`,
    pass: app.wholeApp.bytes <= BUDGETS.wholeApp,
    value: app.wholeApp.bytes / KB,
  },
];

const summary = (report: SizeReport) => ({
  startPage: report.startPage,
  lazyChunks: report.lazyChunks.map(({ name, file, bytes }) => ({ name, file, bytes })),
  routes: report.routes.map(({ name, bytes, files }) => ({ name, bytes, files: files.length })),
  wholeApp: {
    bytes: report.wholeApp.bytes,
    files: report.wholeApp.files.length,
    language: report.wholeApp.language,
  },
  allLanguages: { bytes: report.allLanguages.bytes, files: report.allLanguages.files.length },
});
await writeResults('bundle', bars, {
  budgets: BUDGETS,
  largestRoute: largestRoute ? { name: largestRoute.name, bytes: largestRoute.bytes } : null,
  buildMs: { app: appBuildMs, template: templateBuildMs },
  app: summary(app),
  template: summary(template),
});
console.log('');
printBars(bars);
if (keep) console.log(`\nBuilds kept in ${workDir}`);
else await rm(workDir, { recursive: true, force: true });
process.exit(bars.every((row) => row.pass) ? 0 : 1);
