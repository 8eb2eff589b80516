/**
 * Prerenders the public pages (@motema/shared/public-pages) into HTML at build time, in each interface
 * language: the app's own components (src/prerender.tsx, run in Node through Vite's module runner)
 * render each page for a visitor, and prerender-html.ts writes it into the build's index.html with the
 * styles it paints with inline (critical-css.ts). The server and the service worker answer those paths with the file of
 * the visitor's language (decision 0023); the browser paints it before any script runs, then hydrates.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import { INTERFACE_LANGUAGES, type InterfaceLanguage } from '@motema/shared/languages';
import { OPEN_PAGES_FILE } from '@motema/shared/open-pages';
import {
  PRERENDERED_PAGES,
  PUBLIC_PAGES_WORKER,
  prerenderedFile,
  type PrerenderedPath,
} from '@motema/shared/public-pages';
import { entryKeys, pageFiles, readManifest, staticFiles, type Manifest } from './critical-path.ts';
import { criticalCss } from './critical-css.ts';
import { earlyTapsHtml, writePaintedStart } from './painted-start.ts';
import { prerenderedHtml } from './prerender-html.ts';
import { publicPagesWorker } from './public-pages-worker.ts';
import type { openPagePaths, renderPage } from '../src/prerender.tsx';

type Page = {
  /** The page's module (a manifest key), whose chunks and styles it loads. */
  module: string;
  /** The texts it loads with its code (router.tsx): modulepreloaded in the page's language. */
  namespaces: readonly string[];
  /** Other files of its language it loads (a legal page's document). */
  content?: (language: InterfaceLanguage) => string;
  /**
   * A form a visitor fills: the page loads the painted pages' start script before its entry, which
   * keeps what is typed and tapped before the app has the page and gives it back once it has
   * (build/painted-start.ts). Without it, "Log in" tapped on the painted page sent the form to the page
   * itself, which came back empty. The start page has none: its links work without script, and its
   * code is at B5's limit.
   */
  form?: true;
};

const SIGN_IN = ['common', 'errors', 'validation', 'auth'] as const;
const legal = (doc: string): Page => ({
  module: 'src/features/legal/legal-page.tsx',
  namespaces: ['common', 'errors', 'validation', 'public'],
  content: (language) => `src/features/legal/content/${language}/${doc}.json`,
});

/** What each prerendered page is made of (router.tsx's routes for these paths). */
const PAGE_PARTS: Record<PrerenderedPath, Page> = {
  '/': { module: 'src/features/public/start-page.tsx', namespaces: ['common', 'public'] },
  '/login': { module: 'src/features/auth/login-page.tsx', namespaces: SIGN_IN, form: true },
  '/register': { module: 'src/features/auth/register-page.tsx', namespaces: SIGN_IN, form: true },
  '/privacy-policy': legal('privacy'),
  '/cookie-policy': legal('cookies'),
  '/terms-and-conditions': legal('terms'),
  '/safety-standards': legal('safety'),
  '/about': legal('about'),
};

type Renderer = { renderPage: typeof renderPage; openPagePaths: typeof openPagePaths };

/** The style sheets of a page, in the order the build loads them: the entry's, then the page's. */
async function pageCss(outDir: string, manifest: Manifest, page: Page) {
  const files = [...staticFiles(manifest, [...entryKeys(manifest), page.module])].filter((file) =>
    file.endsWith('.css'),
  );
  const sheets = await Promise.all(files.map((file) => readFile(path.join(outDir, file), 'utf8')));
  return { files, css: sheets.join('\n') };
}

/** The page's scripts beyond the entry, and its texts in `language`. */
function pagePreloads(manifest: Manifest, page: Page, language: InterfaceLanguage): string[] {
  const texts = [
    ...page.namespaces.map((namespace) => `src/locales/${language}/${namespace}.json`),
    ...(page.content ? [page.content(language)] : []),
  ];
  return pageFiles(manifest, [page.module], texts).scripts;
}

export function prerenderPublicPages(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'motema-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the bundle is written (index.html, the manifest), before the compressed copies are made
    // (closeBundle), so they include the pages; the service worker precaches none (build/app-shell.ts).
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const started = Date.now();
        const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
        const manifest = readManifest(outDir);
        // The app's sources as Node runs them (CSS modules give the build's class names).
        const server = await createServer({
          configFile: false,
          root,
          logLevel: 'warn',
          mode: 'production',
          appType: 'custom',
          // Node imports the packages itself: nothing to pre-bundle for a browser.
          optimizeDeps: { noDiscovery: true, include: [] },
          server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        });
        try {
          const module = (await server.ssrLoadModule(path.join(root, 'src', 'prerender.tsx'))) as Renderer;
          await writePages(module, template, manifest, await writePaintedStart(outDir));
          await writeFile(path.join(outDir, OPEN_PAGES_FILE), JSON.stringify(module.openPagePaths()));
        } finally {
          await server.close();
        }
        await writeFile(path.join(outDir, PUBLIC_PAGES_WORKER), publicPagesWorker());
        this.info(`prerendered the public pages in ${Date.now() - started} ms`);
      },
    },
  };

  async function writePages(module: Renderer, template: string, manifest: Manifest, startFile: string) {
    for (const language of INTERFACE_LANGUAGES) {
      for (const pagePath of Object.keys(PRERENDERED_PAGES) as PrerenderedPath[]) {
        const parts = PAGE_PARTS[pagePath];
        const rendered = await module.renderPage(pagePath, language);
        const sheets = await pageCss(outDir, manifest, parts);
        const html = prerenderedHtml(template, {
          path: pagePath,
          language,
          body: rendered.html,
          title: rendered.title,
          css: criticalCss(sheets.css, rendered.html),
          stylesheets: sheets.files,
          modulePreloads: pagePreloads(manifest, parts, language),
        });
        const file = path.join(outDir, prerenderedFile(pagePath, language));
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, parts.form ? earlyTapsHtml(html, startFile) : html);
      }
    }
  }
}
