import { hashKey, type InfiniteData } from '@tanstack/react-query';
import { USER_LIST_FILTERS, type UserList } from '@motema/shared/discovery';
import type { KeepPolicy, KeptQuery } from '../../lib/persisted-queries.ts';
import { discoveryKeys } from './discovery-keys.ts';

/**
 * The members kept of each list: a little more than a phone's first screen shows of a row (two or
 * three cards) or of the grid (two columns), so the first frame of a repeat visit draws few cards
 * (each costs rendering time on a slow phone: every row is drawn at once, not only those near the
 * screen) and the copy reads back quickly. The rest comes with the refresh.
 */
export const KEPT_ROW_MEMBERS = 8;
export const KEPT_GRID_MEMBERS = 12;

/**
 * Home's lists as home asks for them (no parameters: not the swap deck's `unrated` list, whose rated
 * cards must not come back), which the new-chat sheet shares; the default list by its pages.
 */
const rowHashes = new Set(
  USER_LIST_FILTERS.filter((filter) => filter !== 'users').map((filter) =>
    hashKey(discoveryKeys.list(filter)),
  ),
);
const gridHash = hashKey(discoveryKeys.pages('users'));

const trim = (list: UserList, size: number): UserList => ({ ...list, users: list.users.slice(0, size) });

/** The grid's first page only, trimmed: the next pages load as the member scrolls, online. */
function boundGrid(data: InfiniteData<UserList, number>): InfiniteData<UserList, number> {
  const [first] = data.pages;
  return first ? { pages: [trim(first, KEPT_GRID_MEMBERS)], pageParams: [0] } : { pages: [], pageParams: [] };
}

/**
 * Discovery's queries kept on the device (lib/persisted-queries.ts): home's rows and the first page of
 * its grid, so a repeat visit draws home at once from the last visit's lists, then refreshes them
 * (`keptList` in discovery.api.ts). Profiles are not kept: a profile is one tap away and asked for then.
 */
export const discoveryKeptQueries: KeepPolicy = {
  keeps: (queryKey) => {
    if (queryKey[0] !== discoveryKeys.all[0]) return false;
    const hash = hashKey(queryKey);
    return rowHashes.has(hash) || hash === gridHash;
  },

  bound: (queries: KeptQuery[]) =>
    queries.map((query) =>
      query.hash === gridHash
        ? { ...query, data: boundGrid(query.data as InfiniteData<UserList, number>) }
        : { ...query, data: trim(query.data as UserList, KEPT_ROW_MEMBERS) },
    ),
};
