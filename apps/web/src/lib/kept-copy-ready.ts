import type { QueryClient } from '@tanstack/react-query';
import type { DataRouter } from 'react-router';
import { knownMe } from './query-client.ts';
import { firstPageLoaded } from './router-ready.ts';

/**
 * How long the copy waits for the kept lists beyond the page's code: a disk that slow gets the page
 * drawn with what it has, as without a copy.
 */
const KEPT_LISTS_WAIT_MS = 5000;

/**
 * Resolves once React can draw the page of a kept copy (lib/prerendered-page.ts `keptCopyPath`) in its
 * place in one commit, as complete as the copy: the page's code and texts are there (the router's
 * first page) and so are the member's kept lists (lib/persisted-queries.ts), which the member area
 * waits for a moment only (router.tsx), since without a copy a skeleton is better than a blank.
 */
export async function keptCopyCanGo(router: DataRouter, client: QueryClient): Promise<void> {
  const memberId = knownMe(client)?._id;
  const listsRead = memberId
    ? import('./persisted-queries.ts').then((module) => module.openMemberCache(client, memberId))
    : Promise.resolve();
  const waited = new Promise<void>((resolve) => setTimeout(resolve, KEPT_LISTS_WAIT_MS));
  await Promise.all([firstPageLoaded(router), Promise.race([listsRead, waited])]);
}
