import { useCallback, useEffect, useRef, useState } from 'react';
import { TYPING_THROTTLE_MS, TYPING_TIMEOUT_MS } from '@motema/shared/chat';
import { useSocket, useSocketEvent } from '../../../lib/socket.ts';

/** With no keystroke for this long the member counts as stopped typing. */
export const TYPING_IDLE_MS = 3_000;

export type TypingControls = {
  /** The other member is typing (a `true` lapses after TYPING_TIMEOUT_MS without a refresh). */
  otherTyping: boolean;
  /** Call on every change of the draft: tells the other member, at most every TYPING_THROTTLE_MS. */
  typed: (text: string) => void;
  /** The member sent, left the field or cleared it: tells the other member at once. */
  stopped: () => void;
};

/** The typing indicator both ways for one conversation (`chats:typing`). */
export function useTyping(conversationId: string, otherId: string | null): TypingControls {
  const socket = useSocket();
  const [otherTyping, setOtherTyping] = useState(false);
  const lapse = useRef<ReturnType<typeof setTimeout> | null>(null);
  const idle = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastSentAt = useRef<number | null>(null);

  const clearLapse = () => {
    if (lapse.current) clearTimeout(lapse.current);
    lapse.current = null;
  };

  useSocketEvent('chats:typing', (event) => {
    if (event.conversationId !== conversationId || event.userId !== otherId) return;
    clearLapse();
    setOtherTyping(event.typing);
    if (event.typing) lapse.current = setTimeout(() => setOtherTyping(false), TYPING_TIMEOUT_MS);
  });
  // Their message arrived: they are done typing it.
  useSocketEvent('chats:messages:new', (message) => {
    if (message.conversation._id !== conversationId || message.sender._id !== otherId) return;
    clearLapse();
    setOtherTyping(false);
  });

  const emit = useCallback(
    (typing: boolean) => {
      if (socket?.connected) socket.emit('chats:typing', { conversationId, typing });
    },
    [socket, conversationId],
  );

  const stopped = useCallback(() => {
    if (idle.current) clearTimeout(idle.current);
    idle.current = null;
    if (lastSentAt.current === null) return;
    lastSentAt.current = null;
    emit(false);
  }, [emit]);

  const typed = useCallback(
    (text: string) => {
      if (text.trim() === '') return stopped();
      const now = Date.now();
      if (lastSentAt.current === null || now - lastSentAt.current >= TYPING_THROTTLE_MS) {
        lastSentAt.current = now;
        emit(true);
      }
      if (idle.current) clearTimeout(idle.current);
      idle.current = setTimeout(stopped, TYPING_IDLE_MS);
    },
    [emit, stopped],
  );

  // Leaving the thread (or switching conversation) stops both ways.
  useEffect(
    () => () => {
      stopped();
      clearLapse();
      setOtherTyping(false);
    },
    [stopped],
  );

  return { otherTyping, typed, stopped };
}
