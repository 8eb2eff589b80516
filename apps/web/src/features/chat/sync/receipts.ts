import type { AppSocket } from '../../../lib/socket.ts';

/**
 * Receipts the app sends: `chats:messages:deliver` when messages reach it, `chats:messages:read`
 * when the member sees them. Watermarks: each is sent once per conversation and seq in a connection
 * (the server ignores anything lower than what it holds); a new connection sends them again.
 */
const delivered = new Map<string, number>();
const read = new Map<string, number>();

export function resetReceipts() {
  delivered.clear();
  read.clear();
}

export function emitDelivered(socket: AppSocket, conversationId: string, seq: number) {
  if (seq <= 0 || (delivered.get(conversationId) ?? 0) >= seq) return;
  delivered.set(conversationId, seq);
  socket.emit('chats:messages:deliver', { conversationId, seq });
}

/** Returns true when the receipt went out (it was new). */
export function emitRead(socket: AppSocket, conversationId: string, seq: number): boolean {
  if (seq <= 0 || (read.get(conversationId) ?? 0) >= seq) return false;
  read.set(conversationId, seq);
  socket.emit('chats:messages:read', { conversationId, seq });
  return true;
}
