import { useEffect, useState } from 'react';
import type { Presence } from '@motema/shared/chat';
import type { Activity } from '@motema/shared/discovery';
import { useSocket, useSocketConnected, useSocketEvent } from '../../../lib/socket.ts';

const WATCH_ACK_TIMEOUT_MS = 10_000;

/**
 * The other member's presence, live: `users:presence:watch` answers the current state (asked again
 * on every reconnect) and `users:presence` events follow it. Until the first answer, `initial`
 * (the conversation's own copy) stands in. A refused watch means no presence (null).
 */
export function usePresence(
  userId: string | null,
  initial: { activity: Activity } | null,
): { activity: Activity } | null {
  const socket = useSocket();
  const online = useSocketConnected();
  const [live, setLive] = useState<Presence | { userId: string; activity: null } | null>(null);

  useEffect(() => {
    if (!socket || !online || !userId) return;
    let active = true;
    socket
      .timeout(WATCH_ACK_TIMEOUT_MS)
      .emitWithAck('users:presence:watch', { userId })
      .then((result) => {
        if (!active) return;
        // Refused (a block between the two, or no conversation any more): no presence at all, not
        // the last one heard nor the conversation's copy, which may both say "online".
        setLive(result.ok ? result.presence : { userId, activity: null });
      })
      // No answer in time: the conversation's copy and later events still show something.
      .catch(() => undefined);
    return () => {
      active = false;
      if (socket.connected) socket.emit('users:presence:unwatch', { userId });
    };
  }, [socket, online, userId]);

  useSocketEvent('users:presence', (presence) => {
    if (presence.userId === userId) setLive(presence);
  });

  if (live && live.userId === userId) return live.activity ? { activity: live.activity } : null;
  return initial;
}
