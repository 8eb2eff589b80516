import { useEffect } from 'react';
import { useCountersQuery } from './notifications.api.ts';

const PREFIX = /^\(\d+\+?\) /;

/** "(3) " before the page's title; "99+" above 99. */
export function unreadTitle(title: string, unread: number): string {
  const bare = title.replace(PREFIX, '');
  if (unread <= 0) return bare;
  return `(${unread > 99 ? '99+' : unread}) ${bare}`;
}

/**
 * The browser tab shows the member's unread messages before whatever title the open page set
 * ("(2) Chats · Motema"), following the page's own title changes (`useDocumentTitle`); `counted`
 * false (discreet mode) keeps the count out of the title while the counters still follow the server.
 */
export function useUnreadTitle(enabled: boolean, counted = true): void {
  const unread = useCountersQuery({ enabled }).data?.messages ?? 0;
  const count = enabled && counted ? unread : 0;

  useEffect(() => {
    const apply = () => {
      const next = unreadTitle(document.title, count);
      if (next !== document.title) document.title = next;
    };
    apply();
    // Also at 0: a page leaving restores the title it found, which may carry an old count.
    if (!enabled || typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = unreadTitle(document.title, 0);
    };
  }, [count, enabled]);
}
