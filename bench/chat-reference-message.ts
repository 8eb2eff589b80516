/**
 * A text message as the app sends it (its ack and `chats:messages:new`), as B3's reference servers
 * (chat-relay.ts, chat-durable.ts) build it: the same shape, so every server sends the same bytes.
 */
export type ReferenceMessageFields = {
  id: string;
  clientId: string;
  conversationId: string;
  seq: number;
  sender: object;
  text: string;
  createdAt: Date;
};

export function referenceMessage(fields: ReferenceMessageFields) {
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
