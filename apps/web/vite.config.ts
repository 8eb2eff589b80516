import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { mantineComponentCss } from './build/mantine-component-css.ts';
import { precompress } from './build/precompress.ts';

const API_TARGET = process.env.MOTEMA_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    mantineComponentCss(),
    precompress(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: null,
      includeAssets: ['favicon.svg', 'icons/*.png'],
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
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,json}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//, /^\/dev\//],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
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
    chunkSizeWarningLimit: 200,
    // dist/.vite/manifest.json: which chunks and CSS each route needs, read by the B5 size budget
    // (build/critical-path.ts). Not served (the server skips dot folders) nor precached.
    manifest: true,
    rolldownOptions: {
      output: {
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
          ],
        },
      },
    },
  },
});
