import type { ServerToClientEvents } from '@motema/shared/realtime';

/** The socket events chat sends to a member's own room (`user:{id}`), every device of theirs. */
export type ChatEventName =
  | 'chats:messages:new'
  | 'chats:messages:update'
  | 'chats:messages:hidden'
  | 'chats:receipts'
  | 'chats:typing'
  | 'chats:conversations:changed'
  | 'counters:update';
export type ChatEventPayload<E extends ChatEventName> = Parameters<ServerToClientEvents[E]>[0];

/** How the realtime layer delivers what the chat services decide to send (see chat-realtime.ts). */
export type ChatEventSink = {
  /** To every socket of the member, but the one `exceptSocketId` names (it has its answer already). */
  toUser<E extends ChatEventName>(
    userId: string,
    event: E,
    payload: ChatEventPayload<E>,
    exceptSocketId?: string,
  ): void;
  /** A block stands between the two now: neither may go on watching the other's presence. */
  separate(a: string, b: string): void;
};

const sinks = new Set<ChatEventSink>();

/** The realtime layer listens here; returns the way to stop listening. */
export function onChatEvent(sink: ChatEventSink): () => void {
  sinks.add(sink);
  return () => sinks.delete(sink);
}

/** Sends a chat event to every socket of the member; services call it only after their commit. */
export function emitToUser<E extends ChatEventName>(
  userId: string,
  event: E,
  payload: ChatEventPayload<E>,
  exceptSocketId?: string,
): void {
  for (const sink of sinks) sink.toUser(userId, event, payload, exceptSocketId);
}

export function separatePresence(a: string, b: string): void {
  for (const sink of sinks) sink.separate(a, b);
}
