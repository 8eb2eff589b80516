/**
 * The build's entry for prerendering the public pages (build/prerender.ts runs it in Node): each page
 * rendered by the app itself (the routes, Mantine, i18next) through a memory router, for a visitor,
 * so the browser hydrates the very HTML it receives (main.tsx).
 */
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import type { InterfaceLanguage } from '@motema/shared/languages';
import { APP } from './app-features.ts';
import { AppRoot } from './app-root.tsx';
import { initI18n, loadSharedNamespaces } from './lib/i18n.ts';
import { ME_QUERY_KEY, queryClient } from './lib/query-client.ts';
import { firstPageLoaded } from './lib/router-ready.ts';
import { prerenderedTitle } from './lib/use-document-title.ts';
import { routes } from './router.tsx';

export type RenderedPage = {
  /** The markup of the root element. */
  html: string;
  /** The document title the page sets, if it sets one. */
  title: string | null;
};

/** Renders the page at `path` in `language`, as a visitor sees it once its code and texts are there. */
export async function renderPage(path: string, language: InterfaceLanguage): Promise<RenderedPage> {
  if (i18next.isInitialized) await i18next.changeLanguage(language);
  else await initI18n(language);
  // What the browser has loaded by the time it hydrates (main.tsx waits for the first page).
  await loadSharedNamespaces();
  queryClient.clear();
  queryClient.setQueryData(ME_QUERY_KEY, null);
  prerenderedTitle.current = null;
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  try {
    await firstPageLoaded(router);
    if (router.state.errors) throw new Error(`${path}: ${JSON.stringify(router.state.errors)}`);
    const html = renderToString(<AppRoot router={router} />);
    return { html, title: prerenderedTitle.current };
  } finally {
    router.dispose();
  }
}

/** The paths of the pages open to someone without a session (build/prerender.ts writes them for the server). */
export const openPagePaths = (): string[] => APP.openPages.map((page) => page.path);
