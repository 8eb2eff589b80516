/** /conversations: the member's conversations, newest activity first, and starting a new chat. */
export function ConversationsPage() {
  return null;
}
