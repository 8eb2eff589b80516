import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResolvedConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { SHARED_NAMESPACES, STARTUP_NAMESPACES } from '../src/lib/i18n.ts';
import { APP_SHELL, precacheAppShell, shellFiles } from './app-shell.ts';
import type { Manifest } from './critical-path.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SHELL = {
  modules: ['src/start.tsx', 'src/home.tsx'],
  packages: ['workbox-window'],
  namespaces: ['common', 'public'],
  language: 'en',
  publicFiles: ['index.html'],
} as const;

/** A fake build's manifest: an entry, two shell pages sharing a chunk, a page outside the shell. */
const MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_vendor.js'],
    css: ['assets/index-1.css'],
    dynamicImports: ['src/start.tsx', 'src/home.tsx', 'src/settings.tsx'],
  },
  '_vendor.js': { file: 'assets/vendor-1.js' },
  '../../node_modules/workbox-window/build/workbox-window.prod.mjs': {
    file: 'assets/workbox-window-1.js',
    isDynamicEntry: true,
  },
  'src/start.tsx': { file: 'assets/start-1.js', isDynamicEntry: true, imports: ['_card.js'] },
  'src/home.tsx': {
    file: 'assets/home-1.js',
    isDynamicEntry: true,
    imports: ['_card.js', '_vendor.js'],
    css: ['assets/home-1.css'],
    dynamicImports: ['src/settings.tsx'],
  },
  '_card.js': { file: 'assets/card-1.js', css: ['assets/card-1.css'] },
  'src/settings.tsx': { file: 'assets/settings-1.js', isDynamicEntry: true, imports: ['_form.js'] },
  '_form.js': { file: 'assets/form-1.js' },
  'src/locales/en/common.json': { file: 'assets/common-en.js', isDynamicEntry: true },
  'src/locales/fr/common.json': { file: 'assets/common-fr.js', isDynamicEntry: true },
  'src/locales/en/public.json': { file: 'assets/public-en.js', isDynamicEntry: true },
  'src/locales/en/settings.json': { file: 'assets/settings-en.js', isDynamicEntry: true },
};

function fakeDist(manifest: Manifest = MANIFEST): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'app-shell-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

const SHELL_FILES = [
  'index.html',
  'assets/index-1.js',
  'assets/index-1.css',
  'assets/vendor-1.js',
  'assets/start-1.js',
  'assets/card-1.js',
  'assets/card-1.css',
  'assets/home-1.js',
  'assets/home-1.css',
  'assets/workbox-window-1.js',
  'assets/common-en.js',
  'assets/public-en.js',
];

describe('the app shell the service worker precaches', () => {
  it('is the entry, the shell pages with their static imports and CSS, and their English texts', () => {
    expect([...shellFiles(fakeDist(), SHELL)].sort()).toEqual([...SHELL_FILES].sort());
  });

  it('fails the build when a page or text of the shell is not in the manifest', () => {
    expect(() => shellFiles(fakeDist(), { ...SHELL, modules: ['src/gone.tsx'] })).toThrow(
      'src/gone.tsx is not in the build',
    );
    expect(() => shellFiles(fakeDist(), { ...SHELL, namespaces: ['common', 'gone'] })).toThrow(
      'src/locales/en/gone.json is not in the build',
    );
    expect(() => shellFiles(fakeDist(), { ...SHELL, packages: ['gone'] })).toThrow(
      'gone is not in the build',
    );
  });

  it('names pages that exist, each loaded lazily by the app, and the namespaces every page waits for', () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');
    // The routes are declared by the features (features/<name>/<name>.feature.tsx), not router.tsx alone.
    const sources = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => ({
        dir: path.dirname(path.join(src, file)),
        text: readFileSync(path.join(src, file), 'utf8'),
      }));
    for (const module of APP_SHELL.modules) {
      const target = path.join(src, module.replace(/^src\//, ''));
      const lazy = sources.some(({ dir, text }) => {
        const relative = path.relative(dir, target);
        return text.includes(`import('${relative.startsWith('.') ? relative : `./${relative}`}')`);
      });
      expect(lazy, module).toBe(true);
    }
    expect(APP_SHELL.namespaces).toEqual(
      expect.arrayContaining([...STARTUP_NAMESPACES, ...SHARED_NAMESPACES]),
    );
  });
});

describe('what a first visit downloads for the app shell (bar B6)', () => {
  it('holds no prerendered public page: the worker keeps those a visitor opens, in their language', () => {
    // Precached, the start and login pages in three languages were 53 KB of every first visit.
    expect(APP_SHELL.publicFiles).toEqual(['index.html']);
  });

  it("holds the visitor's start and login pages and the member's home", () => {
    expect(APP_SHELL.modules).toEqual(
      expect.arrayContaining([
        'src/features/public/start-page.tsx',
        'src/features/auth/login-page.tsx',
        'src/layouts/home-layout.tsx',
        'src/features/discovery/home-page.tsx',
      ]),
    );
  });
});

describe('the precache manifest transform', () => {
  /** The transform, its plugin told that the build is `dist`. */
  function transformFor(dist: string) {
    const { plugin, manifestTransform } = precacheAppShell(SHELL);
    (plugin.configResolved as (config: ResolvedConfig) => void)({
      root: '/',
      build: { outDir: dist },
    } as ResolvedConfig);
    return manifestTransform;
  }
  const entry = (url: string) => ({ url, revision: url.startsWith('assets/') ? null : 'r1', size: 10 });

  it('keeps the shell and drops the rest of the build', async () => {
    const manifestTransform = transformFor(fakeDist());
    const all = [
      ...SHELL_FILES,
      'favicon.svg',
      'icons/icon-192.png',
      'assets/settings-1.js',
      'assets/form-1.js',
      'assets/common-fr.js',
      'assets/settings-en.js',
    ].map(entry);
    const result = await manifestTransform(all);
    expect(result.manifest.map((kept) => kept.url).sort()).toEqual([...SHELL_FILES].sort());
  });

  it('fails the build when a file of the shell is not in the precache list', async () => {
    const manifestTransform = transformFor(fakeDist());
    await expect(
      manifestTransform(SHELL_FILES.filter((file) => file !== 'assets/home-1.css').map(entry)),
    ).rejects.toThrow('missing from the precache: assets/home-1.css');
  });
});
