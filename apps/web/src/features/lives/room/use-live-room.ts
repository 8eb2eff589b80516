import type { Live, LiveEndReason, LiveMessage, LiveReaction } from '@motema/shared/lives';
import type { EventAck } from '@motema/shared/realtime';
import { useEffect, useState } from 'react';
import { randomUuid } from '../../../lib/random-uuid.ts';
import { useSocket, useSocketConnected, useSocketEvent } from '../../../lib/socket.ts';

const ACK_TIMEOUT_MS = 10_000;

/**
 * One live as its screen follows it: joined over the member's socket (again after a reconnection),
 * its count, chat and state kept current by the room's events. `failure` is the join's refusal code;
 * `gone` says the live is over for this member: ended (its reason) or they were removed from it.
 */
export type LiveRoom = {
  live: Live | null;
  messages: LiveMessage[];
  failure: string | null;
  gone: LiveEndReason | 'removed' | null;
  /** Sends a chat message; resolves with the refusal's code, or null once stored (shown or held). */
  send: (text: string) => Promise<string | null>;
  /** Sends a reaction; resolves with the refusal (a rate limit), or null. */
  react: (reaction: LiveReaction) => Promise<string | null>;
  /** Takes a message off the screen (a held one dropped). */
  forget: (messageId: string) => void;
};

/** The message added, or put in place of its earlier copy (a held one released, a sent one acked). */
const upsert = (messages: LiveMessage[], message: LiveMessage) => {
  const index = messages.findIndex(
    (each) =>
      each._id === message._id ||
      (each.clientId === message.clientId && each.sender._id === message.sender._id),
  );
  if (index === -1) return [...messages, message];
  return messages.map((each, at) => (at === index ? message : each));
};

export function useLiveRoom(liveId: string): LiveRoom {
  const socket = useSocket();
  const online = useSocketConnected();
  const [live, setLive] = useState<Live | null>(null);
  const [messages, setMessages] = useState<LiveMessage[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [gone, setGone] = useState<LiveRoom['gone']>(null);

  useEffect(() => {
    if (!socket || !online) return;
    let active = true;
    socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck('lives:join', { liveId })
      .then((result) => {
        if (!active) return;
        if (!result.ok) return setFailure(result.code);
        setFailure(null);
        setLive(result.live);
        setMessages(result.messages);
        if (result.live.status === 'ended') setGone(result.live.endReason ?? 'broadcaster');
      })
      .catch(() => active && setFailure((current) => current ?? 'network'));
    return () => {
      active = false;
      if (socket.connected) socket.emit('lives:leave', { liveId });
    };
  }, [socket, online, liveId]);

  const change = (patch: Partial<Live>) => setLive((current) => current && { ...current, ...patch });
  useSocketEvent('lives:viewers', (event) => event.liveId === liveId && change({ viewers: event.viewers }));
  useSocketEvent(
    'lives:on-air',
    (event) => event.liveId === liveId && change({ status: 'live', playlist: event.playlist }),
  );
  useSocketEvent('lives:ended', (event) => {
    if (event.liveId !== liveId) return;
    change({ status: 'ended', endReason: event.reason, playlist: null });
    setGone(event.reason);
  });
  useSocketEvent('lives:removed', (event) => event.liveId === liveId && setGone('removed'));
  useSocketEvent(
    'lives:you',
    (event) => event.liveId === liveId && change({ role: event.role, muted: event.muted }),
  );
  useSocketEvent('lives:message', (message) => {
    if (message.liveId === liveId) setMessages((current) => upsert(current, message));
  });
  useSocketEvent('lives:message:removed', (event) => {
    if (event.liveId === liveId)
      setMessages((current) => current.filter((each) => each._id !== event.messageId));
  });

  const send = async (text: string) => {
    if (!socket?.connected) return 'network';
    try {
      const payload = { liveId, clientId: randomUuid(), text };
      const result = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('lives:message', payload);
      if (!result.ok) return result.code;
      setMessages((current) => upsert(current, result.message));
      return null;
    } catch {
      return 'network';
    }
  };

  const react = async (reaction: LiveReaction) => {
    if (!socket?.connected) return 'network';
    try {
      const result: EventAck = await socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck('lives:reaction', { liveId, reaction });
      return result.ok ? null : result.code;
    } catch {
      return 'network';
    }
  };

  const forget = (messageId: string) =>
    setMessages((current) => current.filter((each) => each._id !== messageId));

  return { live, messages, failure, gone, send, react, forget };
}
