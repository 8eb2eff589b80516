import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Counters, CountersUpdate } from '@motema/shared/counters';
import { useSocket, type AppSocket } from '../../lib/socket.ts';
import { useMeQuery } from '../users/users.api.ts';
import { notificationsKeys } from './notifications.api.ts';
import { useUnreadTitle } from './use-unread-title.ts';

/**
 * The counters held with the badges a push changed (`counters:update` leaves out the ones it did not
 * count: a message sends the unread ones only), or undefined when a badge would still be unknown.
 */
function mergeCounters(held: Counters | undefined, update: CountersUpdate): Counters | undefined {
  const { messages, conversations, notifications } = { ...held, ...update };
  if (messages === undefined || conversations === undefined || notifications === undefined) return undefined;
  return { messages, conversations, notifications };
}

/** The badges the server pushes replace those cached; every connect refetches them (missed pushes). */
function listen(socket: AppSocket, queryClient: QueryClient) {
  const key = notificationsKeys.counters();
  const onConnect = () => void queryClient.invalidateQueries({ queryKey: key });
  const onCounters = (update: CountersUpdate) => {
    const merged = mergeCounters(queryClient.getQueryData<Counters>(key), update);
    // Nothing held to complete a partial push with (the first fetch failed or is on its way): ask.
    if (merged) queryClient.setQueryData(key, merged);
    else void queryClient.invalidateQueries({ queryKey: key });
  };
  socket.on('connect', onConnect);
  socket.on('counters:update', onCounters);
  // Already connected before this mounted: that connect counts too.
  if (socket.connected) onConnect();
  return () => {
    socket.off('connect', onConnect);
    socket.off('counters:update', onCounters);
  };
}

/**
 * The member's badges for the whole member app (mounted once inside the SocketProvider): keeps the
 * counters in step with the server and the tab title's unread count (none in discreet mode).
 */
export function CountersSync() {
  const socket = useSocket();
  const queryClient = useQueryClient();
  const me = useMeQuery().data;
  const member = me != null;
  // Discreet mode: the tab title counts nothing (docs/discreet-mode.md); the badges inside still do.
  useUnreadTitle(member, !me?.discreet);

  useEffect(() => {
    if (!socket || !member) return;
    return listen(socket, queryClient);
  }, [socket, member, queryClient]);

  return null;
}
