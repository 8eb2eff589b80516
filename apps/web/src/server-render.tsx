/**
 * The server's entry for painting a page at request time (apps/server's plugins/server-paint.ts,
 * decision 0057): the app's own routes, Mantine and i18next render the page at `path` for the visit
 * the request is, through a memory router, with every API call the page makes sent to the server's own
 * routes with the visit's cookie (`ServerVisit.fetch`), so the HTML holds exactly what the API would
 * give that visit and nothing else. The answers go into the page as a dehydrated query cache, from
 * which the browser takes the page over without asking again (lib/server-painted.ts).
 *
 * Renders run one at a time: the query cache, i18next and the platform's server port are the app's
 * singletons, as in the browser.
 */
import type { Query, QueryKey } from '@tanstack/react-query';
import i18next from 'i18next';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import type { InterfaceLanguage } from '@motema/shared/languages';
import type { Me } from '@motema/shared/users';
import { AppRoot } from './app-root.tsx';
import { meQueryOptions } from './features/users/users.api.ts';
import { initI18n, loadSharedNamespaces } from './lib/i18n.ts';
import { server, webServer } from './lib/platform/server.ts';
import { ME_QUERY_KEY, queryClient } from './lib/query-client.ts';
import { firstPageLoaded } from './lib/router-ready.ts';
import type { PaintedAnswers } from './lib/server-painted.ts';
import { NEUTRAL_TITLE, prerenderedTitle } from './lib/use-document-title.ts';
import { routes } from './router.tsx';

export type ServerVisit = {
  /** The page's path with its query, as the browser asked for it. */
  url: string;
  /** The language the web app will start in for this request. */
  language: InterfaceLanguage;
  /** Sends one of the page's API calls (`/api/...`) to the server's routes as this visit. */
  fetch(url: string, init: RequestInit): Promise<Response>;
};

export type ServerPaintedPage =
  | {
      kind: 'page';
      /** The markup of the root element. */
      html: string;
      /** The document title the page sets, if it sets one (the neutral one in discreet mode). */
      title: string | null;
      /** The API's answers the page was drawn from, for the browser's query cache. */
      answers: PaintedAnswers;
    }
  /** The page sends this visit elsewhere (a visitor on a member page): the app shell answers. */
  | { kind: 'elsewhere' };

/** Rounds of "render, then fetch what the render asked for": a page's queries depend at most this deep. */
const MAX_ROUNDS = 4;

let queue: Promise<unknown> = Promise.resolve();

/** Renders the page `visit` asks for, after any render under way. */
export function renderVisit(visit: ServerVisit): Promise<ServerPaintedPage> {
  const rendered = queue.then(() => render(visit));
  queue = rendered.catch(() => undefined);
  return rendered;
}

async function render(visit: ServerVisit): Promise<ServerPaintedPage> {
  if (i18next.isInitialized) await i18next.changeLanguage(visit.language);
  else await initI18n(visit.language);
  await loadSharedNamespaces();
  server.fetch = visit.fetch;
  queryClient.clear();
  prerenderedTitle.current = null;
  const router = createMemoryRouter(routes, { initialEntries: [visit.url] });
  try {
    await queryClient.prefetchQuery(meQueryOptions);
    await firstPageLoaded(router);
    const requested = new URL(visit.url, 'http://page');
    if (router.state.location.pathname !== requested.pathname || router.state.errors) {
      return { kind: 'elsewhere' };
    }
    let html = await renderWhole(router);
    for (let round = 1; round < MAX_ROUNDS; round++) {
      const asked = queryClient.getQueryCache().findAll({ predicate: isAskedFor });
      if (asked.length === 0) break;
      await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
      html = await renderWhole(router);
    }
    const me = queryClient.getQueryData<Me | null>(ME_QUERY_KEY);
    return {
      kind: 'page',
      html,
      title: me?.discreet ? NEUTRAL_TITLE : prerenderedTitle.current,
      answers: queryClient
        .getQueryCache()
        .findAll({ predicate: (query) => query.state.status === 'success' })
        .map((query): [QueryKey, unknown] => [query.queryKey, query.state.data]),
    };
  } finally {
    router.dispose();
    queryClient.clear();
    server.fetch = webServer.fetch;
  }
}

/** The page's markup once every part it loads lazily (a zone's feed) is in: none is left as its fallback. */
async function renderWhole(router: ReturnType<typeof createMemoryRouter>): Promise<string> {
  // Boundaries inline, however large: outlined ones need a script to show, and the page paints without any.
  const { prelude } = await prerenderToNodeStream(<AppRoot router={router} />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A query a render asked for that has no answer yet and may be asked (not switched off). */
function isAskedFor(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const { enabled, queryFn } = query.options as typeof query.options & {
    enabled?: boolean | ((query: Query) => boolean);
  };
  if (!queryFn) return false;
  return typeof enabled === 'function' ? enabled(query) !== false : enabled !== false;
}
