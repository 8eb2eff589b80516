/** /messages/{conversationId}: one conversation's thread. */
export function MessagesPage() {
  return null;
}
