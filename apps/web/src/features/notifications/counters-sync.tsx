import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Counters } from '@motema/shared/chat';
import { useSocket, type AppSocket } from '../../lib/socket.ts';
import { useMeQuery } from '../users/users.api.ts';
import { notificationsKeys } from './notifications.api.ts';
import { useUnreadTitle } from './use-unread-title.ts';

/** The counters the server pushes replace the cached ones; every connect refetches them (missed pushes). */
function listen(socket: AppSocket, queryClient: QueryClient) {
  const onConnect = () => void queryClient.invalidateQueries({ queryKey: notificationsKeys.counters() });
  const onCounters = (counters: Counters) => queryClient.setQueryData(notificationsKeys.counters(), counters);
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
 * counters in step with the server and the tab title's unread count.
 */
export function CountersSync() {
  const socket = useSocket();
  const queryClient = useQueryClient();
  const member = useMeQuery().data != null;
  useUnreadTitle(member);

  useEffect(() => {
    if (!socket || !member) return;
    return listen(socket, queryClient);
  }, [socket, member, queryClient]);

  return null;
}
