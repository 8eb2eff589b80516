import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { keepHomeCopy, takeHomeCopy } from '../../lib/home-copy.ts';
import { rememberedMe } from '../../lib/query-client.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { useMeQuery } from '../users/users.api.ts';
import { discoveryKeptQueries, KEPT_GRID_MEMBERS, KEPT_ROW_MEMBERS } from './discovery-kept.ts';

const PROFILE_LINK = 'a[href^="/profile/"]';

/**
 * The copy holds the members the kept lists hold, no more: each row's first members and the grid's
 * (what it drew beyond them, the rest of a row or the pages scrolled to, is not kept): the copy stays
 * small, and the page React draws from the kept lists in its place is the same.
 */
function trimToKeptLists(copy: HTMLElement): void {
  for (const row of copy.querySelectorAll(`ul:has(> li > ${PROFILE_LINK})`))
    for (const item of [...row.children].slice(KEPT_ROW_MEMBERS)) item.remove();
  const gridCards = [...copy.querySelectorAll(PROFILE_LINK)].filter((card) => !card.closest('ul'));
  for (const card of gridCards.slice(KEPT_GRID_MEMBERS)) card.remove();
}

/**
 * Whether home shows the member's lists, not a skeleton or an error where one was asked for: every
 * list on screen (an active query: rows not yet near the screen are not asked for, and show the same
 * skeleton when drawn from the kept lists, which hold nothing of them either) has an answer and none
 * is being fetched, so what is drawn is what the refresh brought.
 */
function homeListsDrawn(client: QueryClient): boolean {
  const lists = client
    .getQueryCache()
    .findAll({ type: 'active' })
    .filter((query) => discoveryKeptQueries.keeps(query.queryKey));
  return (
    lists.length > 0 &&
    lists.every((query) => query.state.data !== undefined && query.state.fetchStatus === 'idle')
  );
}

/**
 * Keeps a copy of what home drew (lib/home-copy.ts, decision 0024) once the page is idle after its
 * lists are drawn, and again after a refresh changed them: the service worker draws it in the first
 * frame of the member's next visit.
 */
export function useKeepHomeCopy(): void {
  const client = useQueryClient();
  const member = useMeQuery().data?._id;
  useEffect(() => {
    if (!member) return;
    let cancel = () => {};
    const keep = () => {
      cancel();
      cancel = whenIdle(() => {
        if (!homeListsDrawn(client)) return;
        const copy = takeHomeCopy(document, member, trimToKeptLists);
        if (copy) void keepHomeCopy(copy, () => rememberedMe()?._id ?? null);
      });
    };
    keep();
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && discoveryKeptQueries.keeps(event.query.queryKey)) keep();
    });
    return () => {
      unsubscribe();
      cancel();
    };
  }, [client, member]);
}
