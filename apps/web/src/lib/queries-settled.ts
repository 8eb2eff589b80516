import type { QueryClient } from '@tanstack/react-query';

/** Resolves once no query of `client` is fetching: the data of what is on screen are in. */
export function queriesSettled(client: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    if (client.isFetching() === 0) return resolve();
    const unsubscribe = client.getQueryCache().subscribe(() => {
      if (client.isFetching() > 0) return;
      unsubscribe();
      resolve();
    });
  });
}
