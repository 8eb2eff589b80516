import type { UserListFilter, UserListQuery } from '@motema/shared/discovery';

/** What a list request may set beside its filter. */
export type UserListParams = Pick<UserListQuery, 'sort' | 'unrated'> & { limit?: number };

/** Query keys of discovery: lists by filter and parameters, the default list's pages, profiles. */
export const discoveryKeys = {
  all: ['discovery'] as const,
  lists: () => [...discoveryKeys.all, 'lists'] as const,
  listsOf: (filter: UserListFilter) => [...discoveryKeys.lists(), filter] as const,
  list: (filter: UserListFilter, params: UserListParams = {}) =>
    [...discoveryKeys.listsOf(filter), params] as const,
  pages: (filter: UserListFilter, params: UserListParams = {}) =>
    [...discoveryKeys.listsOf(filter), 'pages', params] as const,
  profiles: () => [...discoveryKeys.all, 'profiles'] as const,
  profile: (id: string) => [...discoveryKeys.profiles(), id] as const,
  /** A profile as one viewer sees it (a visitor sees less): logging in never shows the visitor's copy. */
  profileAs: (id: string, viewer: string | null) =>
    [...discoveryKeys.profile(id), viewer ?? 'visitor'] as const,
};
