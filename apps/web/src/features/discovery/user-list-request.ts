import type { UserListFilter } from '@motema/shared/discovery';
import { USER_LIST_SIZES } from '@motema/shared/limits';
import type { UserListParams } from './discovery-keys.ts';

export const USER_LIST_PATH = '/users';

/**
 * The query of a list request, one page of the list's size. One function for the list's screen
 * (discovery.api.ts) and for asking early (home-first-lists.ts), so both ask for the same address
 * and the screen takes the early answer. Without zod (@motema/shared/discovery's values): the
 * early request is made from the entry.
 */
export function userListQuery(filter: UserListFilter, params: UserListParams & { skip?: number } = {}) {
  return {
    filter,
    skip: params.skip || undefined,
    limit: params.limit ?? USER_LIST_SIZES[filter],
    sort: params.sort,
    unrated: params.unrated,
  };
}
