import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Counters } from '@motema/shared/chat';
import { CLOCK_REFRESH_MS } from '@motema/shared/limits';
import { useEffect, useRef } from 'react';
import { api } from '../../lib/api-client.ts';

/** Query keys of the notifications: the member's counters (the badges of the tabs and the tab title). */
export const notificationsKeys = {
  all: ['notifications'] as const,
  counters: () => [...notificationsKeys.all, 'counters'] as const,
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

/** The member opened home: their notifications are seen. */
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

/** On home: notifications are seen when it opens, and again when new ones arrive while it is open. */
export function useNotificationsSeenOnOpen(): void {
  const { mutate } = useNotificationsSeenMutation();
  const hasNew = (useCountersQuery().data?.notifications ?? 0) > 0;
  const told = useRef(false);
  useEffect(() => {
    if (told.current && !hasNew) return;
    told.current = true;
    mutate();
  }, [mutate, hasNew]);
}
