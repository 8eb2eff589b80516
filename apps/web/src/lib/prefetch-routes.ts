import type { RouteObject } from 'react-router';
import { dataSaverOn } from './data-saver.ts';
import { whenIdle } from './when-idle.ts';

/** Long enough for the first screen to finish its own requests (bars B4, B6) before any of this. */
const START_AFTER_MS = 5000;

type LazyLoader = () => Promise<unknown>;

/** Every lazy loader of `routes` and their children, parents first. */
function loadersOf(routes: readonly RouteObject[]): LazyLoader[] {
  return routes.flatMap((route) => [
    ...(typeof route.lazy === 'function' ? [route.lazy as LazyLoader] : []),
    ...loadersOf(route.children ?? []),
  ]);
}

let started = false;

/**
 * Loads the code and texts of every screen of `routes` (router.tsx's member area) in the background,
 * once per page, a few seconds after the member's first screen and one screen per idle moment, so
 * that the service worker keeps them (vite.config.ts, runtimeCaching) and every screen opens
 * offline later, not only those already visited. What a route's loader loads is what opening it
 * would: its chunks, their CSS and its texts in the member's language. Not with data saver on: the
 * member asked for no downloads they did not ask for; screens are then kept as they are opened.
 * `wanted` says whether a member is still there; a visitor's first visit does not download the
 * member app (bar B6).
 */
export function prefetchRoutes(routes: readonly RouteObject[], wanted: () => boolean): void {
  if (started || dataSaverOn()) return;
  started = true;
  const loaders = loadersOf(routes);
  const next = () => {
    const load = loaders.shift();
    // Checked before each screen: the member may have logged out meanwhile.
    if (!load || !wanted()) return;
    whenIdle(() => {
      void load()
        .catch(() => undefined)
        .then(next);
    });
  };
  setTimeout(next, START_AFTER_MS);
}
