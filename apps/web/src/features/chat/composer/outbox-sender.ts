import type { QueryClient } from '@tanstack/react-query';
import {
  MESSAGE_ACK_TIMEOUT_MS,
  type Conversation,
  type ConversationList,
  type Message,
} from '@motema/shared/chat';
import { isApiError } from '../../../lib/api-client.ts';
import { randomUuid } from '../../../lib/random-uuid.ts';
import { paymentRequired, paymentRequiredReason } from '../../billing/payment-required.ts';
import type { AppSocket } from '../../../lib/socket.ts';
import { addToList, addToThread, chatKeys } from '../chat-cache.ts';
import { uploadChatFile } from '../chat.api.ts';
import { outbox } from './outbox.ts';
import { PAYMENT_REQUIRED, resendsByItself, TRANSIENT_CODES } from './outbox-refusals.ts';
import type { Draft, OutboxEntry } from '../thread/thread-types.ts';

/** After an ack timeout while still connected, the conversation's queue tries again this much later. */
export const RETRY_AFTER_MS = 5_000;
/** The member the conversation is with, when a cache holds it (the paywall's dialog links to them). */
function memberOf(queryClient: QueryClient, conversationId: string): string | null {
  const conversation =
    queryClient.getQueryData<Conversation>(chatKeys.conversation(conversationId)) ??
    queryClient
      .getQueryData<ConversationList>(chatKeys.conversations())
      ?.conversations.find((item) => item._id === conversationId);
  return conversation?.member._id ?? null;
}

/**
 * Stored messages into the caches: the thread (when held) and the conversations list (refetched
 * when it lacks the conversation). An own message that is still in the outbox (its ack was lost, or
 * it came back by another path first) leaves the outbox: it is stored, once.
 */
export function absorbMessages(queryClient: QueryClient, meId: string, messages: Message[]) {
  const byConversation = new Map<string, Message[]>();
  for (const message of messages) {
    const list = byConversation.get(message.conversation._id) ?? [];
    list.push(message);
    byConversation.set(message.conversation._id, list);
  }
  let missing = false;
  for (const [conversationId, list] of byConversation) {
    addToThread(queryClient, conversationId, list);
    for (const message of list) if (!addToList(queryClient, message, meId)) missing = true;
  }
  if (missing && queryClient.getQueryData(chatKeys.conversations()))
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
  for (const message of messages)
    if (message.sender._id === meId && outbox.get(message.clientId)) void outbox.remove(message.clientId);
}

type Deps = { socket: AppSocket; queryClient: QueryClient; meId: string };

let active: OutboxSender | null = null;

/**
 * Sends the outbox (QUALITY C1, C2): one conversation's messages one after the other in the order
 * written (a message whose ack is lost holds back those after it until the next try), files
 * uploaded first and never twice, the same `clientId` on every try. A refusal marks the message
 * failed; a lost connection, a server error or the rate limit leaves it sending, for a later try.
 */
export class OutboxSender {
  private readonly chains = new Map<string, Promise<void>>();
  private readonly queued = new Set<string>();
  private readonly paused = new Set<string>();
  private flushing: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** The uploads under way, by message (the member's Cancel stops them). */
  private readonly uploads = new Map<string, AbortController>();

  constructor(private readonly deps: Deps) {}

  stop() {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
  }

  /** Stops the upload of a message the member cancelled (its bytes stop going up at once). */
  cancelUpload(clientId: string) {
    this.uploads.get(clientId)?.abort();
  }

  /** Sends every entry, oldest first; one flush at a time (a flush asked meanwhile runs once after). */
  flush(): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      do {
        this.again = false;
        this.paused.clear();
        await outbox.load();
        await Promise.all(outbox.list().map((entry) => this.send(entry.clientId)));
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** Queues one entry behind its conversation's earlier ones. */
  send(clientId: string): Promise<void> {
    const entry = outbox.get(clientId);
    if (!entry) return Promise.resolve();
    const conversationId = entry.conversationId;
    const tail = this.chains.get(conversationId) ?? Promise.resolve();
    if (this.queued.has(clientId)) return tail;
    this.queued.add(clientId);
    const next: Promise<void> = tail
      .then(() => this.attempt(clientId))
      .catch(() => undefined)
      .finally(() => {
        this.queued.delete(clientId);
        if (this.chains.get(conversationId) === next) this.chains.delete(conversationId);
      });
    this.chains.set(conversationId, next);
    return next;
  }

  private pause(conversationId: string, delayMs = RETRY_AFTER_MS) {
    this.paused.add(conversationId);
    if (this.retryTimer || this.stopped || !this.deps.socket.connected) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.deps.socket.connected && !this.stopped) void this.flush();
    }, delayMs);
  }

  /**
   * Marks the message failed with the refusal's code. Behind the paywall it also opens the
   * payment-required dialog (the socket's `app:error` says the same; the dialog opens once).
   */
  private async fail(clientId: string, code: string, reason?: string) {
    const entry = outbox.get(clientId);
    if (code === PAYMENT_REQUIRED && entry)
      paymentRequired.ask({
        reason: paymentRequiredReason(reason),
        profile: memberOf(this.deps.queryClient, entry.conversationId),
      });
    await outbox.update(clientId, { state: 'failed', error: code });
  }

  private async attempt(clientId: string): Promise<void> {
    const { socket, queryClient, meId } = this.deps;
    let entry = outbox.get(clientId);
    if (!entry || this.stopped || this.paused.has(entry.conversationId) || !socket.connected) return;
    const conversationId = entry.conversationId;
    // A refusal that sending again cannot change stays failed (the member deletes it), one behind the
    // paywall waits for the member's Retry; others go again.
    if (entry.state === 'failed' && !resendsByItself(entry.error)) return;
    if (entry.state === 'failed') entry = await outbox.update(clientId, { state: 'sending', error: null });

    for (const file of entry?.files ?? []) {
      if (file.fileId) continue;
      const upload = new AbortController();
      this.uploads.set(clientId, upload);
      try {
        // Each try sends the file from its first byte: its progress too starts from nothing.
        await this.setProgress(clientId, file.localId, 0);
        const stored = await uploadChatFile(
          conversationId,
          file.blob,
          file.kind,
          file.durationMs,
          (progress) => void this.setProgress(clientId, file.localId, progress),
          upload.signal,
          file.name,
        );
        const current = outbox.get(clientId);
        if (!current) return;
        entry = await outbox.update(clientId, {
          files: current.files.map((f) =>
            f.localId === file.localId ? { ...f, fileId: stored._id, progress: 1 } : f,
          ),
        });
      } catch (error) {
        // Cancelled by the member: gone from the outbox. Otherwise what went up of it is lost: 0 again.
        if (upload.signal.aborted) return;
        await this.setProgress(clientId, file.localId, 0);
        // Refused (too big, wrong type, blocked...): failed. No answer, a 5xx or a lost session: later.
        if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401)
          return this.fail(clientId, error.code, error.reason);
        this.pause(conversationId);
        return;
      } finally {
        if (this.uploads.get(clientId) === upload) this.uploads.delete(clientId);
      }
    }
    if (!entry || !outbox.get(clientId) || !socket.connected) return;

    const fileIds = entry.files.map((file) => file.fileId).filter((id): id is string => id !== null);
    const payload = {
      clientId,
      conversationId,
      ...(entry.text ? { text: entry.text } : {}),
      ...(fileIds.length > 0 ? { files: fileIds } : {}),
      ...(entry.replyTo ? { replyTo: entry.replyTo } : {}),
      ...(entry.confirmed ? { confirmed: true } : {}),
    };
    let result;
    try {
      result = await socket.timeout(MESSAGE_ACK_TIMEOUT_MS).emitWithAck('chats:messages:send', payload);
    } catch {
      // No ack in time or the connection dropped: maybe stored, maybe not; the retry tells (same clientId).
      await outbox.update(clientId, { attempts: (outbox.get(clientId)?.attempts ?? 0) + 1 });
      this.pause(conversationId);
      return;
    }
    if (result.ok) absorbMessages(queryClient, meId, [result.message]);
    // Over the member's message limit: the queue waits the seconds the server gave, then goes on.
    else if (result.code === 'rate_limited') this.pause(conversationId, (result.retryAfter ?? 5) * 1000);
    else if (TRANSIENT_CODES.has(result.code)) this.pause(conversationId);
    else await this.fail(clientId, result.code, result.reason);
  }

  private progressAt = new Map<string, number>();

  /** Upload progress, on screen only (not written to IndexedDB), at most every 5%; 0 starts it again. */
  private setProgress(clientId: string, localId: string, progress: number) {
    const key = `${clientId}:${localId}`;
    if (progress > 0 && progress < 1 && progress - (this.progressAt.get(key) ?? 0) < 0.05) return;
    this.progressAt.set(key, progress);
    const current = outbox.get(clientId);
    if (!current) return;
    return outbox.update(
      clientId,
      { files: current.files.map((f) => (f.localId === localId ? { ...f, progress } : f)) },
      false,
    );
  }
}

let lastCreated = 0;

/** Strictly increasing times: messages written within one millisecond keep their order after a reload. */
function creationTime(): string {
  lastCreated = Math.max(Date.now(), lastCreated + 1);
  return new Date(lastCreated).toISOString();
}

/** Makes `sender` the one new messages go through; the returned function stops it. */
export function activateSender(sender: OutboxSender): () => void {
  active = sender;
  return () => {
    sender.stop();
    if (active === sender) active = null;
  };
}

/** Writes a message to the outbox (IndexedDB first), then sends it when connected. */
export async function queueMessage(conversationId: string, draft: Draft): Promise<string> {
  const clientId = randomUuid();
  const entry: OutboxEntry = {
    clientId,
    conversationId,
    text: draft.text.trim(),
    files: draft.files.map((file) => ({ ...file, localId: randomUuid(), fileId: null, progress: 0 })),
    replyTo: draft.replyTo,
    createdAt: creationTime(),
    attempts: 0,
    state: 'sending',
    error: null,
  };
  await outbox.put(entry);
  void active?.send(clientId);
  return clientId;
}

/** The member's retry of a failed message (same clientId); `confirmed` after "review before you send". */
export async function retryMessage(clientId: string, confirmed = false): Promise<void> {
  await outbox.update(clientId, { state: 'sending', error: null, ...(confirmed && { confirmed }) });
  void active?.send(clientId);
}

/** Forgets a message the member deleted or cancelled, stopping its upload under way. */
export function discardMessage(clientId: string): Promise<void> {
  active?.cancelUpload(clientId);
  return outbox.remove(clientId);
}
