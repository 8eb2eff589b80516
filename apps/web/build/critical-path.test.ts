import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { STARTUP_NAMESPACES } from '../src/lib/i18n.ts';
import { BUDGETS, checkBudgets, KB, measureBuild, START_PAGE, type Manifest } from './critical-path.ts';
import { textLanguageOf } from './language-texts.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fake build: `files` (path -> content) and its manifest. */
function fakeDist(files: Record<string, string | Buffer>, manifest: Manifest): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'critical-path-'));
  dirs.push(dir);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

const br = (content: string | Buffer) =>
  brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const text = (name: string) => `export const ${name} = ${JSON.stringify(name.repeat(40))};\n`;
/** Incompressible bytes: `kb` KB once compressed. */
const noise = (kb: number) => randomBytes(kb * KB).toString('base64');

const START = { route: 'src/start.tsx', namespaces: ['common'], language: 'en' };

function app(extra: { lazy?: string; frenchCommon?: string } = {}) {
  const files = {
    'assets/index.js': text('index'),
    'assets/index.css': '.a{color:red}',
    'assets/shell.js': text('shell'),
    'assets/start.js': text('start'),
    'assets/start.css': '.s{color:blue}',
    'assets/button.js': text('button'),
    'assets/common.js': text('common'),
    'assets/fr-common.js': extra.frenchCommon ?? text('frcommon'),
    'assets/home.js': extra.lazy ?? text('home'),
    'assets/zod.js': text('zod'),
    'sw.js': text('sw'),
    'assets/index.js.map': noise(100),
  };
  const manifest: Manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_shell.js'],
      css: ['assets/index.css'],
      dynamicImports: ['src/start.tsx', 'src/home.tsx'],
    },
    '_shell.js': { file: 'assets/shell.js', name: 'shell' },
    '_button.js': { file: 'assets/button.js', name: 'button', imports: ['_shell.js'] },
    '_zod.js': { file: 'assets/zod.js', name: 'zod' },
    'src/start.tsx': {
      file: 'assets/start.js',
      src: 'src/start.tsx',
      isDynamicEntry: true,
      imports: ['index.html', '_button.js'],
      css: ['assets/start.css'],
    },
    'src/home.tsx': {
      file: 'assets/home.js',
      src: 'src/home.tsx',
      isDynamicEntry: true,
      imports: ['index.html', '_button.js', '_zod.js'],
    },
    'src/locales/en/common.json': {
      file: 'assets/common.js',
      src: 'src/locales/en/common.json',
      isDynamicEntry: true,
    },
    'src/locales/fr/common.json': {
      file: 'assets/fr-common.js',
      src: 'src/locales/fr/common.json',
      isDynamicEntry: true,
    },
  };
  return { files, dir: fakeDist(files, manifest) };
}

describe('measureBuild', () => {
  it('counts the entry, its static imports, the start route with its imports and CSS, and its translations', () => {
    const { files, dir } = app();
    const report = measureBuild(dir, START);
    const startFiles = [
      'assets/index.js',
      'assets/index.css',
      'assets/shell.js',
      'assets/start.js',
      'assets/start.css',
      'assets/button.js',
      'assets/common.js',
    ];
    expect(report.startPage.files.map((file) => file.file).sort()).toEqual([...startFiles].sort());
    expect(report.startPage.bytes).toBe(
      startFiles.reduce((sum, file) => sum + br(files[file as keyof typeof files]), 0),
    );
  });

  it('holds every chunk the entry does not load to the lazy budget, shared chunks included', () => {
    const { files, dir } = app();
    const report = measureBuild(dir, START);
    expect(report.lazyChunks.map((chunk) => chunk.name).sort()).toEqual([
      'shared chunk button',
      'shared chunk zod',
      'src/home.tsx',
      'src/locales/en/common.json',
      'src/locales/fr/common.json',
      'src/start.tsx',
    ]);
    const start = report.lazyChunks.find((chunk) => chunk.name === 'src/start.tsx');
    expect(start?.bytes).toBe(br(files['assets/start.js']) + br(files['assets/start.css']));
  });

  it("reports each route's cost beyond the entry, and the whole build without source maps", () => {
    const { files, dir } = app();
    const report = measureBuild(dir, START);
    const home = report.routes.find((route) => route.name === 'src/home.tsx');
    expect(home?.files.map((file) => file.file).sort()).toEqual([
      'assets/button.js',
      'assets/home.js',
      'assets/zod.js',
    ]);
    const scripts = Object.keys(files).filter((file) => /\.(js|css)$/.test(file));
    expect(report.allLanguages.files).toHaveLength(scripts.length);
    expect(report.allLanguages.bytes).toBe(
      scripts.reduce((sum, file) => sum + br(files[file as keyof typeof files]), 0),
    );
  });

  it("counts one language's texts in the whole app, the heaviest, as one member downloads it", () => {
    const { files, dir } = app({ frenchCommon: noise(2) });
    const report = measureBuild(dir, START);
    expect(report.wholeApp.language).toBe('fr');
    const counted = report.wholeApp.files.map((file) => file.file);
    expect(counted).toContain('assets/fr-common.js');
    expect(counted).not.toContain('assets/common.js');
    expect(report.wholeApp.bytes).toBe(report.allLanguages.bytes - br(files['assets/common.js']));
  });

  it('names the language of the texts a manifest key holds, and none for code', () => {
    expect(textLanguageOf('src/locales/ro/zones.json')).toBe('ro');
    expect(textLanguageOf('src/features/legal/content/fr/terms.json')).toBe('fr');
    expect(textLanguageOf('src/features/zones/zone-page.tsx')).toBeNull();
    expect(textLanguageOf('_pages-shared.js')).toBeNull();
  });

  it('measures a build without a start route (the template) by its entry alone', () => {
    const { dir } = app();
    const report = measureBuild(dir, null);
    expect(report.startPage.files.map((file) => file.file).sort()).toEqual([
      'assets/index.css',
      'assets/index.js',
      'assets/shell.js',
    ]);
  });

  it('refuses a build without a manifest', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'critical-path-'));
    dirs.push(dir);
    expect(() => measureBuild(dir, START)).toThrow(/build\.manifest/);
  });
});

describe('START_PAGE', () => {
  it("counts the translations the start page waits for: the startup ones and its own 'public'", () => {
    expect([...START_PAGE.namespaces]).toEqual([...STARTUP_NAMESPACES, 'public']);
  });
});

describe('checkBudgets', () => {
  it('passes a small build, naming its largest lazy chunk', () => {
    const checks = checkBudgets(measureBuild(app().dir, START));
    expect(checks.map((check) => check.pass)).toEqual([true, true, true]);
    expect(checks[1]?.budget).toBe(BUDGETS.lazyChunk);
  });

  it('fails when a lazy chunk is over 40 KB, and names it', () => {
    const checks = checkBudgets(measureBuild(app({ lazy: noise(41) }).dir, START));
    const failed = checks.filter((check) => !check.pass);
    expect(failed.map((check) => check.what)).toEqual(['lazy chunk src/home.tsx']);
    expect(failed[0]?.bytes).toBeGreaterThan(40 * KB);
  });

  it('fails the start page over 150 KB and the whole app over 600 KB', () => {
    const report = measureBuild(app().dir, START);
    const checks = checkBudgets({
      ...report,
      startPage: { ...report.startPage, bytes: 150 * KB + 1 },
      wholeApp: { ...report.wholeApp, bytes: 600 * KB + 1 },
    });
    expect(checks.filter((check) => !check.pass).map((check) => check.what)).toEqual([
      'start page JS+CSS',
      'whole app JS+CSS (fr texts)',
    ]);
  });
});
