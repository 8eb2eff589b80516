/**
 * Bar B5 of QUALITY.md: the bytes (brotli) a member downloads, read from a web build (`vite build`
 * with `build.manifest`). Used by `npm test` (after the build: fails on a broken budget) and by
 * `bench/bundle.bench.ts` (against an empty Vite + React template built in the same run).
 *
 * What is counted, each file compressed with brotli at quality 11 (as the build's precompress plugin
 * serves it), KB = 1,024 bytes:
 * - start page: what `/` needs before it is usable: the entry of index.html and every chunk it imports
 *   statically, their CSS, the start route's lazy chunk with the chunks it imports statically and
 *   their CSS, and the English translations the page waits for (START_PAGE.namespaces).
 * - each lazy chunk: every chunk of the build that the entry does not import statically (route and
 *   layout chunks, lazily loaded parts, translations, legal texts, and the shared chunks Rolldown
 *   splits out of them, e.g. zod or the floating-ui positioning code), its JS with its own CSS. Every
 *   one must fit the budget, so moving code from a route into a shared chunk does not hide it.
 * - each route (for information, not a budget): a lazy import's chunk plus every chunk and CSS it
 *   imports statically that the entry has not already loaded, i.e. what opening it costs after the
 *   start page.
 * - whole app: what a member who visits every page ends up downloading (the service worker precaches
 *   only the shell, build/app-shell.ts): every JS and CSS file of the build, the service worker
 *   included, with the texts of ONE language, the heaviest: a member's browser fetches its own
 *   language's translations and documents, never the others' (decision 0042). `allLanguages` is the
 *   whole build, every language's texts included, for information.
 *
 * Run directly: `node --import tsx apps/web/build/critical-path.ts [dist] [--summary FILE]` prints the
 * figures and exits 1 when a budget is broken; FILE receives `{ passed, failed, checks }`.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { oneLanguageTexts } from './language-texts.ts';

export const KB = 1024;

/** The budgets of bar B5, in bytes. */
export const BUDGETS = { startPage: 150 * KB, lazyChunk: 40 * KB, wholeApp: 600 * KB } as const;

/** The start route and the translation namespaces it waits for (lib/i18n.ts STARTUP_NAMESPACES + its own). */
export const START_PAGE = {
  route: 'src/features/public/start-page.tsx',
  namespaces: ['common', 'public'],
  language: 'en',
} as const;

type ManifestChunk = {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

export type FileSize = { file: string; bytes: number };
export type Part = { bytes: number; files: FileSize[] };
export type LazyChunk = Part & { name: string; file: string };
export type SizeReport = {
  startPage: Part;
  /** Largest first. */
  lazyChunks: LazyChunk[];
  /** Each lazy import with what it adds beyond the entry; largest first. */
  routes: LazyChunk[];
  wholeApp: Part & { language: string | null };
  allLanguages: Part;
};
export type BudgetCheck = { what: string; bytes: number; budget: number; pass: boolean };

const SCRIPT_OR_STYLE = /\.(m?js|css)$/;
const SCRIPT = /\.m?js$/;

/** Brotli size of a file of the build, computed once. */
function sizer(distDir: string): (file: string) => number {
  const cache = new Map<string, number>();
  return (file) => {
    let bytes = cache.get(file);
    if (bytes === undefined) {
      const content = readFileSync(path.join(distDir, file));
      bytes = brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
      }).length;
      cache.set(file, bytes);
    }
    return bytes;
  };
}

export function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`no ${file}: build with build.manifest = true`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The files (JS and CSS) a manifest key loads through static imports, the key's own included. */
export function staticFiles(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/** The manifest's entries: index.html's own script, whatever it is named. */
export function entryKeys(manifest: Manifest): string[] {
  return Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
}

/**
 * What a page loads beyond the entry: the scripts and style sheets its modules import statically, and
 * the files of `texts` (manifest keys: its translations, a legal document). Refuses a key the build
 * does not have, rather than let a page be written without it.
 */
export function pageFiles(
  manifest: Manifest,
  modules: readonly string[],
  texts: readonly string[],
): { scripts: string[]; styles: string[] } {
  const entry = staticFiles(manifest, entryKeys(manifest));
  const own = [...staticFiles(manifest, [...modules])].filter((file) => !entry.has(file));
  const textFiles = texts.map((key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    return chunk.file;
  });
  return {
    scripts: [...own.filter((file) => SCRIPT.test(file)), ...textFiles.filter((file) => !entry.has(file))],
    styles: own.filter((file) => file.endsWith('.css')),
  };
}

function partOf(files: Iterable<string>, size: (file: string) => number): Part {
  const sized = [...files]
    .filter((file) => SCRIPT_OR_STYLE.test(file))
    .map((file) => ({ file, bytes: size(file) }))
    .sort((a, b) => b.bytes - a.bytes);
  return { bytes: sized.reduce((sum, file) => sum + file.bytes, 0), files: sized };
}

function allFiles(distDir: string, dir = ''): string[] {
  return readdirSync(path.join(distDir, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : allFiles(distDir, relative);
    return SCRIPT_OR_STYLE.test(entry.name) ? [relative] : [];
  });
}

/**
 * Measures a build. `start` names the start route and its translations; null for a build without
 * them (the reference template): its start page is then the entry alone.
 */
export function measureBuild(
  distDir: string,
  start: { route: string; namespaces: readonly string[]; language: string } | null = START_PAGE,
): SizeReport {
  const manifest = readManifest(distDir);
  const size = sizer(distDir);
  const entries = entryKeys(manifest);
  if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}`);
  const entryFiles = staticFiles(manifest, entries);

  const startKeys = start
    ? [start.route, ...start.namespaces.map((ns) => `src/locales/${start.language}/${ns}.json`)]
    : [];
  const startPage = partOf(new Set([...entryFiles, ...staticFiles(manifest, startKeys)]), size);

  const byBytes = (a: LazyChunk, b: LazyChunk) => b.bytes - a.bytes;
  // A shared chunk (key `_name-hash.js`) is named after one of its modules: say it is shared.
  const nameOf = (key: string) => manifest[key]!.src ?? `shared chunk ${manifest[key]!.name ?? key}`;
  const lazyChunks = Object.keys(manifest)
    .filter((key) => SCRIPT.test(manifest[key]!.file) && !entryFiles.has(manifest[key]!.file))
    .map((key) => {
      const chunk = manifest[key]!;
      return { name: nameOf(key), file: chunk.file, ...partOf([chunk.file, ...(chunk.css ?? [])], size) };
    })
    .sort(byBytes);
  const routes = Object.keys(manifest)
    .filter((key) => manifest[key]!.isDynamicEntry)
    .map((key) => {
      const added = [...staticFiles(manifest, [key])].filter((file) => !entryFiles.has(file));
      return { name: nameOf(key), file: manifest[key]!.file, ...partOf(added, size) };
    })
    .sort(byBytes);

  const files = allFiles(distDir);
  const texts = oneLanguageTexts(manifest, size);
  return {
    startPage,
    lazyChunks,
    routes,
    wholeApp: {
      ...partOf(
        files.filter((file) => !texts.others.has(file)),
        size,
      ),
      language: texts.language,
    },
    allLanguages: partOf(files, size),
  };
}

/** One line per budget of bar B5: the start page, the largest lazy chunk (each must fit), the whole app. */
export function checkBudgets(report: SizeReport): BudgetCheck[] {
  const largest = report.lazyChunks[0];
  const tooBig = report.lazyChunks.filter((chunk) => chunk.bytes > BUDGETS.lazyChunk);
  return [
    {
      what: 'start page JS+CSS',
      bytes: report.startPage.bytes,
      budget: BUDGETS.startPage,
      pass: report.startPage.bytes <= BUDGETS.startPage,
    },
    ...(tooBig.length > 0 ? tooBig : largest ? [largest] : []).map((chunk) => ({
      what: `lazy chunk ${chunk.name}`,
      bytes: chunk.bytes,
      budget: BUDGETS.lazyChunk,
      pass: chunk.bytes <= BUDGETS.lazyChunk,
    })),
    {
      what: `whole app JS+CSS (${report.wholeApp.language ?? 'no'} texts)`,
      bytes: report.wholeApp.bytes,
      budget: BUDGETS.wholeApp,
      pass: report.wholeApp.bytes <= BUDGETS.wholeApp,
    },
  ];
}

export const formatKb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** The report as text: the budgets, then what the start page is made of and the largest lazy chunks. */
export function describe(report: SizeReport, checks = checkBudgets(report)): string {
  const lines = checks.map(
    (check) =>
      `${check.pass ? 'ok  ' : 'FAIL'}  ${check.what.padEnd(58)} ${formatKb(check.bytes).padStart(9)}  (budget ${formatKb(check.budget)})`,
  );
  lines.push(
    '',
    `the whole build with every language's texts: ${formatKb(report.allLanguages.bytes)} (no budget)`,
    '',
    `start page, ${report.startPage.files.length} files:`,
  );
  for (const file of report.startPage.files.slice(0, 12))
    lines.push(`  ${formatKb(file.bytes).padStart(9)}  ${file.file}`);
  lines.push('', 'largest lazy chunks:');
  for (const chunk of report.lazyChunks.slice(0, 6))
    lines.push(`  ${formatKb(chunk.bytes).padStart(9)}  ${chunk.name}`);
  lines.push(
    '',
    'costliest routes after the start page (chunk + what it imports beyond the entry; no budget):',
  );
  for (const route of report.routes.slice(0, 6))
    lines.push(`  ${formatKb(route.bytes).padStart(9)}  ${route.name} (${route.files.length} files)`);
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const summaryAt = args.indexOf('--summary');
  const summaryFile = summaryAt === -1 ? undefined : args.splice(summaryAt, 2)[1];
  const here = path.dirname(fileURLToPath(import.meta.url));
  const distDir = path.resolve(args[0] ?? path.join(here, '..', 'dist'));
  const report = measureBuild(distDir);
  const checks = checkBudgets(report);
  console.log(`Bar B5, brotli sizes of ${distDir}:\n${describe(report, checks)}`);
  const failed = checks.filter((check) => !check.pass).length;
  const passed = checks.length - failed;
  console.log(`\nB5 budgets: ${passed} passed, ${failed} failed`);
  // For scripts/test.mjs, which counts these checks in its summary.
  if (summaryFile) writeFileSync(summaryFile, `${JSON.stringify({ passed, failed, checks })}\n`);
  process.exit(failed > 0 ? 1 : 0);
}
