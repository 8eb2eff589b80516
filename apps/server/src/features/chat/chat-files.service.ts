import type { ChatFile } from '@motema/shared/chat';
import type { DbOrTx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';

/**
 * Files of messages (QUALITY U1, Z5). The message side (chat.service) only calls the three functions
 * below; uploading and serving live in chat-files.routes.ts.
 */

/**
 * In the send's transaction: attaches the sender's uploaded, not yet attached files of this
 * conversation to the new message, in the given order. Throws `chat_file_unavailable` (400) when any
 * id is unknown, someone else's, from another conversation or already attached.
 */
export async function attachFiles(
  _tx: DbOrTx,
  _input: { conversationId: string; senderId: string; messageId: string; fileIds: readonly string[] },
): Promise<void> {
  throw new Error('attachFiles: not implemented yet');
}

/** The files of these messages, in attachment order, as every member of the conversation sees them. */
export async function filesOfMessages(
  _db: DbOrTx,
  _messageIds: readonly string[],
): Promise<Map<string, ChatFile[]>> {
  return new Map();
}

/**
 * After the commit of an unsend (one message) or a conversation's removal: the stored files go
 * through a durable job; their rows go with the message (unsend detaches and deletes them).
 */
export async function scheduleChatFilesRemoval(
  _jobs: JobQueue,
  _target: { messageId: string } | { conversationId: string } | { uploaderId: string },
): Promise<void> {}
