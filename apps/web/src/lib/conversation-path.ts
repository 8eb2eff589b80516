/**
 * The page that opens the member's conversation with `userId`, or starts it (`/conversations?user=`):
 * a profile's "Send a message", the match screen, a story reply and the paywall's way back all lead
 * there. In lib/, as a path any feature may build without depending on chat.
 */
export const conversationWithPath = (userId: string) => `/conversations?user=${encodeURIComponent(userId)}`;
