/**
 * What the service worker precaches: the app shell, i.e. what the start page, the login page and home
 * need to open offline and at once on a repeat visit, read from the build's manifest (critical-path.ts).
 * Every other file of `assets/` is cached by the service worker when a page first uses it (vite.config.ts,
 * runtimeCaching), so a member's first visit does not download the whole app (bar B6). Not the register
 * page: its form is of no use offline, and its files (17 KB on the wire with their own chunks, Checkbox
 * and InlineInput) would be in every first visit, a member's logging in included.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import type { ManifestTransform } from 'workbox-build';
import { entryKeys, readManifest, staticFiles, type Manifest } from './critical-path.ts';

/** The parts of the shell (manifest keys: source paths relative to apps/web). */
export const APP_SHELL = {
  /** Besides the entry of index.html (found in the manifest). */
  modules: [
    'src/features/public/start-page.tsx',
    'src/features/auth/login-page.tsx',
    'src/layouts/home-layout.tsx',
    'src/features/discovery/home-page.tsx',
    // Home's story tray (the posts feature's), which the route loads beside home's page.
    'src/features/posts/stories/story-tray.tsx',
    // Loaded lazily by app-root.tsx on every page.
    'src/ui/notifications-host.tsx',
    // Loaded lazily by router.tsx for every member's screens (what the device kept for them): an
    // offline reload needs it even when the page it reloads never did.
    'src/lib/persisted-queries.ts',
  ],
  /** Dependencies the entry imports lazily on every page (virtual:pwa-register's workbox-window). */
  packages: ['workbox-window'],
  /**
   * The translations of those pages (lib/i18n.ts's startup and shared namespaces plus each page's
   * own), in English, the fallback language, only: the language of a member is not known at build
   * time. A member's own texts come from the HTTP cache (assets are immutable) and then from the
   * runtime cache; offline, texts found in neither show in English.
   */
  namespaces: ['common', 'validation', 'errors', 'public', 'auth', 'discovery'],
  language: 'en',
  /**
   * Non-hashed files of the build to precache (not the icons: HTTP-cached for a day). No prerendered
   * public page: the worker keeps those a visitor opens, in the language they were sent in, from the
   * browser's HTTP cache when it activates and from the network when first opened after
   * (build/public-pages-worker.ts). Precached, the start and login pages in every language were 53 KB
   * that every first visit downloaded, a member's included, whose device never shows them (bar B6).
   */
  publicFiles: ['index.html'],
} as const;

export type AppShell = {
  modules: readonly string[];
  packages: readonly string[];
  namespaces: readonly string[];
  language: string;
  publicFiles: readonly string[];
};

/** The manifest key of a package's module (`../../node_modules/<name>/...`). */
function packageKey(manifest: Manifest, name: string): string {
  const key = Object.keys(manifest).find((candidate) => candidate.includes(`node_modules/${name}/`));
  if (!key) throw new Error(`${name} is not in the build's manifest`);
  return key;
}

/** The files of the shell, as paths relative to the build (e.g. `assets/index-abc.js`, `index.html`). */
export function shellFiles(distDir: string, shell: AppShell = APP_SHELL): Set<string> {
  const manifest = readManifest(distDir);
  const locales = shell.namespaces.map((namespace) => `src/locales/${shell.language}/${namespace}.json`);
  const keys = [
    ...entryKeys(manifest),
    ...shell.modules,
    ...shell.packages.map((name) => packageKey(manifest, name)),
    ...locales,
  ];
  return new Set([...shell.publicFiles, ...staticFiles(manifest, keys)]);
}

/**
 * A Workbox manifest transform keeping the shell's files only, and the Vite plugin that tells it
 * where the build is (it runs when the service worker is generated, after the bundle and its
 * manifest are written).
 */
export function precacheAppShell(shell: AppShell = APP_SHELL): {
  plugin: Plugin;
  manifestTransform: ManifestTransform;
} {
  let outDir = '';
  const plugin: Plugin = {
    name: 'motema-app-shell',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
  };
  const manifestTransform: ManifestTransform = async (entries) => {
    const keep = shellFiles(outDir, shell);
    const manifest = entries.filter((entry) => keep.has(path.posix.normalize(entry.url)));
    const found = new Set(manifest.map((entry) => path.posix.normalize(entry.url)));
    const lost = [...keep].filter((file) => !found.has(file));
    if (lost.length > 0)
      throw new Error(`files of the app shell missing from the precache: ${lost.join(', ')}`);
    return { manifest, warnings: [] };
  };
  return { plugin, manifestTransform };
}
