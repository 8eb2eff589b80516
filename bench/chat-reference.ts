/**
 * What B3's two reference servers (chat-relay.ts, chat-durable.ts) share: how a socket says who it
 * is, and the message they send, shaped as the app's so every server sends the same bytes.
 */
import type { Message, MessageSender } from '@motema/shared/chat';
import type { Socket } from 'socket.io';

type Auth = { userId: string; username: string; conversationId: string };
export type SendPayload = { clientId: string; conversationId: string; text: string };
export type Ack = (result: { ok: true; message: Message } | { ok: false; code: string }) => void;

/**
 * Takes a socket in as both references do: the handshake's `auth` says who it is and its
 * conversation (no session lookup); it joins its member's room, and `members` learns the pair.
 * Returns who it is and the sender as messages show it.
 */
export function acceptReferenceSocket(socket: Socket, members: Map<string, Set<string>>) {
  const auth = socket.handshake.auth as Auth;
  void socket.join(`user:${auth.userId}`);
  let pair = members.get(auth.conversationId);
  if (!pair) members.set(auth.conversationId, (pair = new Set()));
  pair.add(auth.userId);
  const sender: MessageSender = {
    _id: auth.userId,
    username: auth.username,
    firstName: 'Seed',
    name: 'Seed',
    avatar: null,
  };
  socket.emit('connected', { userId: auth.userId });
  return { auth, sender };
}

type ReferenceMessageFields = {
  id: string;
  clientId: string;
  conversationId: string;
  seq: number;
  sender: MessageSender;
  text: string;
  createdAt: Date;
};

/**
 * A text message as the app sends it (its ack and `chats:messages:new`): typed as the app's own
 * `Message` (packages/shared), so a field the app adds or renames fails to compile here instead of
 * leaving the references sending other bytes.
 */
export function referenceMessage(fields: ReferenceMessageFields): Message {
  return {
    _id: fields.id,
    clientId: fields.clientId,
    conversation: { _id: fields.conversationId },
    seq: fields.seq,
    sender: fields.sender,
    text: fields.text,
    files: [],
    replyTo: null,
    deliveredTo: [],
    readBy: [],
    important: false,
    unsent: false,
    editedAt: null,
    createdAt: fields.createdAt.toISOString(),
  };
}
