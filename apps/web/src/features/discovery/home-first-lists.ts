import { MEMBER_SHELL_ATTRIBUTE } from '@motema/shared/member-shells';
import { askEarly } from '../../lib/early-answers.ts';
import { rememberedMe } from '../../lib/query-client.ts';
import { SERVER_PAINTED_ATTRIBUTE } from '../../lib/server-painted.ts';
import { USER_LIST_PATH, userListQuery } from './user-list-request.ts';

/** Home's rows on a phone's first screen (home-page.tsx), which ask for their lists at once. */
export const HOME_FIRST_LISTS = ['near', 'connected', 'rated-each', 'visited-me'] as const;

let asked = false;

/**
 * Asks for home's first lists as home's code starts loading (discovery.feature.tsx), beside the profile, rather
 * than once home renders: on Regular 3G that is after its chunks, the profile and the texts in the
 * member's language, seconds later (bar B4). Only on /home, once per page (the member area's
 * background prefetch runs the route's loader again), and only for a member: one this device
 * remembers, or a request the server answered with home's member shell (it carried a session cookie,
 * which the page cannot read). Near only when a position may be shared (unknown before the profile).
 */
export function askHomeListsEarly(): void {
  // On the server, or in a page it painted: the lists are in the page, and in the cache.
  if (typeof document === 'undefined' || document.querySelector(`[${SERVER_PAINTED_ATTRIBUTE}]`)) return;
  if (asked || location.pathname.replace(/\/+$/, '') !== '/home') return;
  const remembered = rememberedMe();
  if (!remembered && !document.querySelector(`[${MEMBER_SHELL_ATTRIBUTE}]`)) return;
  asked = true;
  for (const filter of HOME_FIRST_LISTS) {
    if (filter === 'near' && remembered?.locationShared === false) continue;
    askEarly(USER_LIST_PATH, userListQuery(filter));
  }
}
