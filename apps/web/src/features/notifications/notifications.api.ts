import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Counters } from '@motema/shared/counters';
import type { NotificationList } from '@motema/shared/notifications';
import { CLOCK_REFRESH_MS } from '@motema/shared/limits';
import { useEffect, useRef } from 'react';
import { api } from '../../lib/api-client.ts';

/**
 * Query keys of the notifications: the member's counters (the badges of the bell, the tabs and the
 * tab title) and the notification list.
 */
export const notificationsKeys = {
  all: ['notifications'] as const,
  counters: () => [...notificationsKeys.all, 'counters'] as const,
  list: () => [...notificationsKeys.all, 'list'] as const,
};

/** The member's badges: refetched every clock tick, on connect, and set by `counters:update`. */
export function useCountersQuery(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: notificationsKeys.counters(),
    queryFn: ({ signal }) => api<Counters>('/counters', { signal }),
    refetchInterval: CLOCK_REFRESH_MS,
    enabled: options.enabled,
    meta: { silent: true },
  });
}

/** The notification list, newest first, page after page (`before`: where the last page ended). */
export function useNotificationListQuery() {
  return useInfiniteQuery({
    queryKey: notificationsKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      api<NotificationList>('/notifications', { signal, query: pageParam ? { before: pageParam } : {} }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

/** The member opened their notifications: they are seen. */
export function useNotificationsSeenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<Counters | undefined>('/counters/notifications', { method: 'PUT' }),
    meta: { form: true },
    onSuccess: (counters) => {
      if (counters && typeof counters === 'object')
        queryClient.setQueryData(notificationsKeys.counters(), counters);
    },
  });
}

/**
 * On the notifications screen, once `shown` (its list loaded, unread ones styled as such): they are
 * seen. New ones arriving while it is open are listed first (the list refetched), then seen too.
 */
export function useNotificationsSeenOnOpen(shown: boolean): void {
  const { mutate } = useNotificationsSeenMutation();
  const queryClient = useQueryClient();
  const hasNew = (useCountersQuery().data?.notifications ?? 0) > 0;
  const told = useRef(false);
  useEffect(() => {
    if (!shown || (told.current && !hasNew)) return;
    if (!told.current) {
      told.current = true;
      mutate();
      return;
    }
    void queryClient.refetchQueries({ queryKey: notificationsKeys.list() }).then(() => mutate());
  }, [shown, hasNew, mutate, queryClient]);
}
