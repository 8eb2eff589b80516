import type { DataRouter } from 'react-router';

/** Resolves once the router has loaded its first page (its lazy routes and loaders have settled). */
export function firstPageLoaded(router: DataRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
