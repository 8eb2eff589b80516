import type { ChatFileKind, Message } from '@motema/shared/chat';

/**
 * Where one of the member's own messages stands, as its bubble shows it: a clock while `sending`,
 * one tick once `sent` (stored, acked), two ticks once `delivered`, two coloured ticks once `read`,
 * and `failed` with a retry button after the app gave up for now (it tries again on reconnect).
 */
export type DeliveryState = 'sending' | 'sent' | 'delivered' | 'read' | 'failed';

/** A file waiting in the outbox with its message: uploaded before the message is sent. */
export type PendingFile = {
  localId: string;
  kind: ChatFileKind;
  /** The bytes (kept in IndexedDB until uploaded). */
  blob: Blob;
  name: string;
  durationMs: number | null;
  /** Set once uploaded: the stored file's id. */
  fileId: string | null;
  /** 0..1 while uploading. */
  progress: number;
};

/** A message written by the member and not yet acknowledged, kept in IndexedDB (QUALITY C2). */
export type OutboxEntry = {
  clientId: string;
  conversationId: string;
  text: string;
  files: PendingFile[];
  replyTo: string | null;
  createdAt: string;
  attempts: number;
  state: 'sending' | 'failed';
  /** The error code of the last refusal, when the server refused (not for a lost connection). */
  error: string | null;
  /** The member saw "review before you send" and sends it anyway (the scam shield, docs/scam-shield.md). */
  confirmed?: boolean;
};

/** One row of a thread: a stored message, or one of the member's own still in the outbox. */
export type ThreadItem =
  | { kind: 'message'; key: string; message: Message; mine: boolean; state: DeliveryState | null }
  | { kind: 'pending'; key: string; entry: OutboxEntry; state: 'sending' | 'failed' };

/** What the composer hands over to send. */
export type Draft = {
  text: string;
  files: { kind: ChatFileKind; blob: Blob; name: string; durationMs: number | null }[];
  replyTo: string | null;
};
