import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precacheAppShell } from './build/app-shell.ts';
import { mantineComponentCss } from './build/mantine-component-css.ts';
import { memberChunks } from './build/member-chunks.ts';
import { memberShells } from './build/member-shells.ts';
import { precompress } from './build/precompress.ts';
import { prerenderPublicPages } from './build/prerender.ts';
import { pushWorkerFile } from './build/push-worker.ts';
import { PUSH_WORKER } from '@motema/shared/push-worker';
import { PUBLIC_PAGES_WORKER } from '@motema/shared/public-pages';

const API_TARGET = process.env.MOTEMA_API ?? 'http://localhost:3000';
const appShell = precacheAppShell();
const DAY = 24 * 60 * 60;
/** The browsers that run ES2022, build.target's level. */
const ES2022_BROWSERS = ['chrome >= 94', 'edge >= 94', 'firefox >= 93', 'safari >= 16.4'];

export default defineConfig({
  plugins: [
    react(),
    mantineComponentCss(),
    precompress(),
    prerenderPublicPages(),
    pushWorkerFile(),
    memberShells(),
    appShell.plugin,
    VitePWA({
      registerType: 'prompt',
      injectRegister: null,
      // Write sw.js before the precompress plugin runs, so its .br and .gz are of this build's worker.
      integration: { closeBundleOrder: 'pre' },
      // The install icons are not precached: the browser fetches them when it installs the app.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Motema',
        short_name: 'Motema',
        description: 'Meet people who get you: dating and friendship for adults, light on your data.',
        lang: 'en',
        dir: 'ltr',
        // The start page: the guard sends members on to /home, visitors see the welcome (not a "log in first").
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#FFF8F5',
        theme_color: '#E0474C',
        categories: ['social', 'lifestyle'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Precached: the app shell only (build/app-shell.ts: index.html, the entry, the start, login
        // and home pages, their texts; no prerendered page, the worker keeps those it was sent), not
        // the whole app, which a first visit would download (bar B6).
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,json}'],
        manifestTransforms: [appShell.manifestTransform],
        // First: the public pages' prerendered HTML in the device's language, and home with the copy
        // the device kept of it (build/public-pages-worker.ts). Then web push: showing a push and
        // opening what a tap asks (build/push-worker.ts).
        importScripts: [`/${PUBLIC_PAGES_WORKER}`, `/${PUSH_WORKER}`],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//, /^\/dev\//],
        cleanupOutdatedCaches: true,
        // The browsers of build.target (ES2022) rather than Workbox's default (Chrome 56): its runtime
        // is then not transpiled to ES5.
        babelPresetEnvTargets: ES2022_BROWSERS,
        // A first visit's page is controlled as soon as the worker is active, so the screens it
        // opens or prefetches (lib/prefetch-routes.ts) are kept for offline use from that visit on.
        // Updates still wait for the member (registerType 'prompt': no skipWaiting).
        clientsClaim: true,
        // Every other file of the build (hashed, never changes) is kept once a page has used it, so
        // pages visited once open offline; the oldest go first, e.g. those of earlier versions.
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'motema-assets',
              expiration: { maxEntries: 300, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  resolve: {
    alias: {
      // vite-plugin-pwa's registration imports workbox-window, whose `module` is an ES5 build: its
      // ES2015+ build instead, 0.9 KB less (brotli).
      'workbox-window': fileURLToPath(
        new URL('../../node_modules/workbox-window/build/workbox-window.prod.mjs', import.meta.url),
      ),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': API_TARGET,
      '/dev': API_TARGET,
      '/socket.io': { target: API_TARGET, ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Terser rather than the default minifier: 1.9 KB less over the whole app after brotli (599.0
    // against 600.9 KB, bar B5's whole-app budget of 600 KB), for about 10 s more of build.
    minify: 'terser',
    terserOptions: {
      // Three passes find what one pass's output newly allows; no Safari 10 workarounds and ES2020
      // syntax in the output, as build.target allows.
      safari10: false,
      ecma: 2020,
      compress: { passes: 3, ecma: 2020 },
      format: { ecma: 2020 },
    },
    chunkSizeWarningLimit: 200,
    // dist/.vite/manifest.json: which chunks and CSS each route needs, read by the B5 size budget
    // (build/critical-path.ts). Not served (the server skips dot folders) nor precached.
    manifest: true,
    rolldownOptions: {
      output: {
        // Lazy chunks are named by their hash alone: the entry names about 160 of them (each route's
        // files, preloaded together) and every texts file, and their names (`withdrawal-account-status`)
        // cost the start page 0.8 KB and the whole app 5 KB after brotli: room under bar B5 for what
        // every build's new hashes do to the start page's size (up to 110 bytes: the chunks import the
        // entry, whose hash is in their text). The manifest (dist/.vite) still names each file's
        // source; the app's code chunk keeps its name (e2e/slow-phone.ts holds it back).
        chunkFileNames: (chunk) => (chunk.name === 'index' ? 'assets/[name]-[hash].js' : 'assets/[hash].js'),
        codeSplitting: {
          groups: [
            {
              // The entry and everything it imports statically, in one chunk rather than the
              // dozens of small shared chunks Rolldown makes of modules lazy pages import too:
              // fewer requests on the start page and better compression (bar B5).
              name: 'index',
              test: /[\\/]src[\\/]main\.tsx$/,
              includeDependenciesRecursively: true,
            },
            {
              // The start page and what it imports beyond the entry, in one file (one round trip).
              name: 'start-page',
              test: /[\\/]src[\\/]features[\\/]public[\\/]start-page\.tsx$/,
              includeDependenciesRecursively: true,
            },
            {
              // What home needs, in a few larger chunks: its own, and one it shares with the visitor
              // pages (build/member-chunks.ts).
              name: memberChunks(fileURLToPath(new URL('./src', import.meta.url))),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
