/**
 * The server's build of the app (`npm run build`, after the browser's): src/server-paint.ts and what
 * it imports, for Node, into dist-server/ (not served), which the server loads to paint pages at
 * request time (decision 0057). CSS modules give the browser build's class names; the styles
 * themselves come from the browser build's files. Packages stay imports of node_modules, except the
 * app's own singletons' libraries, which the server must not share with anything else of its own, and
 * the icons: bundled, the painter holds the few dozen the pages use, where the package imported whole
 * held all of its thousands (15 MB of the server's heap once every page had been painted).
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // No public folder: nothing of it is served from here.
  publicDir: false,
  ssr: {
    noExternal: [
      'i18next',
      'react-i18next',
      '@tanstack/react-query',
      '@tanstack/query-core',
      '@tabler/icons-react',
    ],
  },
  build: {
    ssr: 'src/server-paint.ts',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node22',
    sourcemap: false,
    minify: false,
    copyPublicDir: false,
  },
});
