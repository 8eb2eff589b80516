import type { AppDeps } from '../../deps.ts';
import type { Realtime } from '../../realtime/server.ts';
import { presentMessage, presentReactions } from './chat.presenter.ts';

/**
 * Chat's realtime emitters, subscribed by chat.module.ts: what the chat services tell after their commits,
 * presented for each member, to the member's room `user:{id}` (every device of theirs; the Redis
 * adapter carries it to the other nodes). What the sockets ask is chat-realtime.ts.
 */
export function subscribeChatEvents({ events }: Pick<AppDeps, 'events'>, { io }: Pick<Realtime, 'io'>): void {
  const toUser = (userId: string) => io.to(`user:${userId}`);

  events.on('message.stored', ({ message, recipientId, senderSocketId, shield }) => {
    const shown = presentMessage(message);
    const senderRoom = `user:${message.row.senderId}`;
    // A flagged message: the recipient's copy carries its banner, the sender's never.
    if (shield) {
      const to = io.to(senderRoom);
      (senderSocketId ? to.except(senderSocketId) : to).emit('chats:messages:new', shown);
      toUser(recipientId).emit('chats:messages:new', { ...shown, important: false, shield });
      return;
    }
    // The sender's star is the sender's own: then the recipient's copy differs. Otherwise one emit to
    // both members' rooms, so one packet encoded (Socket.IO encodes an emit before it looks at who is
    // in its rooms: the sender's room, often the sending socket alone, cost a whole encoding).
    const rooms = shown.important ? [senderRoom] : [senderRoom, `user:${recipientId}`];
    const to = io.to(rooms);
    // The sending socket has the message in its ack.
    (senderSocketId ? to.except(senderSocketId) : to).emit('chats:messages:new', shown);
    if (shown.important) toUser(recipientId).emit('chats:messages:new', { ...shown, important: false });
  });
  events.on('message.changed', ({ views }) => {
    for (const { userId, message } of views)
      toUser(userId).emit('chats:messages:update', presentMessage(message));
  });
  events.on('message.reactions', ({ conversationId, messageId, userIds, reactions }) => {
    io.to(userIds.map((userId) => `user:${userId}`)).emit('chats:messages:reactions', {
      conversationId,
      messageId,
      reactions: presentReactions(reactions.map((reaction) => ({ ...reaction, messageId }))),
    });
  });
  events.on('message.hidden', ({ userId, conversationId, messageId }) => {
    toUser(userId).emit('chats:messages:hidden', { conversationId, messageId });
  });
  events.on('receipts.changed', ({ conversationId, userId, otherId, deliveredSeq, readSeq }) => {
    const receipts = { conversationId, userId, deliveredSeq, readSeq };
    for (const member of [userId, otherId]) toUser(member).emit('chats:receipts', receipts);
  });
  events.on('typing.changed', ({ conversationId, userId, otherId, typing }) => {
    toUser(otherId).emit('chats:typing', { conversationId, userId, typing });
  });
  events.on('conversation.changed', ({ conversationId, userIds }) => {
    for (const member of userIds) toUser(member).emit('chats:conversations:changed', { conversationId });
  });
  // A block (or its end) between two members: neither may go on watching the other's presence.
  events.on('block.changed', ({ blockerId: a, blockedId: b }) => {
    io.in(`user:${a}`).socketsLeave(`presence:${b}`);
    io.in(`user:${b}`).socketsLeave(`presence:${a}`);
  });
}
