import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  MESSAGES_MAX_PAGE,
  type ChatFile,
  type ChatFileKind,
  type Conversation,
  type ConversationList,
  type Message,
  type MessagePage,
  type ReactionEmoji,
} from '@motema/shared/chat';
import { CONVERSATIONS_LIMIT } from '@motema/shared/limits';
import { api, isApiError, uploadForm } from '../../lib/api-client.ts';
import { keepOnDevice, keptData, keptStart } from '../../lib/persisted-queries.ts';
import {
  chatKeys,
  keepNewerMessages,
  removeMessage,
  replaceMessage,
  type MessagesData,
} from './chat-cache.ts';
import { paymentRequired, paymentRequiredReason } from '../billing/payment-required.ts';
import { chatKeptQueries } from './chat-kept.ts';
import { conversationWithPath } from '../../lib/conversation-path.ts';

export { chatKeys };

// The list and the latest messages stay on the device: offline, the screens start from them.
keepOnDevice(chatKeptQueries);

const conversationPath = (id: string) => `/conversations/${encodeURIComponent(id)}`;
const messagePath = (id: string) => `/messages/${encodeURIComponent(id)}`;

/** The member's conversations, newest activity first (one request: at most CONVERSATIONS_LIMIT). */
export function fetchConversations(signal?: AbortSignal): Promise<ConversationList> {
  return api<ConversationList>('/conversations', { query: { limit: CONVERSATIONS_LIMIT }, signal });
}

export function useConversationsQuery(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: chatKeys.conversations(),
    queryFn: ({ signal }) => fetchConversations(signal),
    enabled: options.enabled,
    ...keptStart<ConversationList>(chatKeys.conversations()),
  });
}

/** One conversation (header, receipts), shown at once from the list when it holds it. */
export function useConversationQuery(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: chatKeys.conversation(id),
    queryFn: ({ signal }) =>
      api<{ conversation: Conversation }>(conversationPath(id), { signal }).then(
        (answer) => answer.conversation,
      ),
    enabled: id !== '',
    meta: { silent: true },
    initialData: () =>
      (
        queryClient.getQueryData<ConversationList>(chatKeys.conversations()) ??
        keptData<ConversationList>(chatKeys.conversations())
      )?.conversations.find((conversation) => conversation._id === id),
    // As old as the list it was found in; from the device's copy, stale (persisted-queries.ts).
    initialDataUpdatedAt: () => queryClient.getQueryState(chatKeys.conversations())?.dataUpdatedAt ?? 0,
  });
}

type MessagesCursor = { before?: number; after?: number; limit?: number; important?: boolean };

export function fetchMessages(conversationId: string, cursor: MessagesCursor = {}, signal?: AbortSignal) {
  return api<MessagePage>(`${conversationPath(conversationId)}/messages`, {
    query: { ...cursor, important: cursor.important ? 'true' : undefined },
    signal,
  });
}

/** Everything after `seq` (catch-up after a reconnect), page after page, ascending. */
export async function fetchMessagesAfter(conversationId: string, seq: number): Promise<Message[]> {
  const all: Message[] = [];
  let after = seq;
  for (;;) {
    const page = await fetchMessages(conversationId, { after, limit: MESSAGES_MAX_PAGE });
    all.push(...page.messages);
    const last = page.messages.at(-1);
    if (!page.hasMore || !last || last.seq <= after) return all;
    after = last.seq;
  }
}

/** A thread's history: the latest page first, then older pages on demand (`fetchNextPage`). */
export function useMessagesQuery(conversationId: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(conversationId),
    queryFn: ({ pageParam, signal }) =>
      fetchMessages(conversationId, pageParam === null ? {} : { before: pageParam }, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) =>
      last.hasMore && last.messages.length > 0 ? last.messages[0]!.seq : undefined,
    structuralSharing: keepNewerMessages,
    enabled: conversationId !== '',
    meta: { silent: true },
    // Asked for again as it opens, however recent the copy: the socket's catch-up (sync/chat-sync.tsx)
    // reaches only the threads held when it connects.
    ...keptStart<MessagesData>(chatKeys.messages(conversationId)),
  });
}

/** The member's starred messages of one conversation (the thread's filter). */
export function useImportantMessagesQuery(conversationId: string, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: chatKeys.important(conversationId),
    queryFn: ({ pageParam, signal }) =>
      fetchMessages(
        conversationId,
        { important: true, ...(pageParam === null ? {} : { before: pageParam }) },
        signal,
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) =>
      last.hasMore && last.messages.length > 0 ? last.messages[0]!.seq : undefined,
    enabled: conversationId !== '' && options.enabled !== false,
    placeholderData: keepPreviousData,
  });
}

/**
 * Finds or starts the conversation with a member (POST /api/conversations). Behind the paywall (402)
 * it opens the payment-required dialog, whose success leads back here to start the chat again.
 */
export function useStartConversationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api<{ conversation: Conversation }>('/conversations', { method: 'POST', body: { user: userId } }).then(
        (answer) => answer.conversation,
      ),
    onSuccess: (conversation) => {
      queryClient.setQueryData(chatKeys.conversation(conversation._id), conversation);
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
    },
    onError: (error, userId) => {
      if (isApiError(error) && error.code === 'payment_required')
        paymentRequired.ask({
          reason: paymentRequiredReason(error.reason),
          profile: userId,
          ...(error.plan && { plan: error.plan }),
          returnTo: conversationWithPath(userId),
          refused: 'chat',
        });
    },
  });
}

export function useEditMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, text }: { messageId: string; text: string }) =>
      api<{ message: Message }>(messagePath(messageId), { method: 'PATCH', body: { text } }).then(
        (a) => a.message,
      ),
    onSuccess: (message) => replaceMessage(queryClient, message),
  });
}

/** Takes a message back for both members ("message removed"). */
export function useUnsendMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) =>
      api<{ message: Message }>(`${messagePath(messageId)}/unsend`, { method: 'POST' }).then(
        (a) => a.message,
      ),
    onSuccess: (message) => replaceMessage(queryClient, message),
  });
}

/** Deletes a message for the member only. */
export function useHideMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId }: { messageId: string; conversationId: string }) =>
      api<void>(messagePath(messageId), { method: 'DELETE' }),
    onSuccess: (_nothing, { messageId, conversationId }) =>
      removeMessage(queryClient, conversationId, messageId),
  });
}

/** The member's own star on a message. */
export function useImportantMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, important }: { messageId: string; important: boolean }) =>
      api<{ message: Message }>(`${messagePath(messageId)}/important`, {
        method: 'PUT',
        body: { important },
      }).then((a) => a.message),
    onSuccess: (message) => {
      replaceMessage(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: chatKeys.important(message.conversation._id) });
    },
  });
}

/** The member's reaction on a message: set (replacing theirs) or, with `null`, taken off. */
export function useReactionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, emoji }: { messageId: string; emoji: ReactionEmoji | null }) =>
      api<{ message: Message }>(`${messagePath(messageId)}/reaction`, {
        method: emoji ? 'PUT' : 'DELETE',
        body: emoji ? { emoji } : undefined,
      }).then((a) => a.message),
    onSuccess: (message) => replaceMessage(queryClient, message),
  });
}

/**
 * Uploads one file of a message (POST /api/conversations/{id}/files, multipart: `kind`, optional
 * `durationMs`, then `file`) through XMLHttpRequest for its progress. Errors are `ApiError`s (status 0
 * without an answer); a cancelled upload rejects with an `AbortError`.
 */
export async function uploadChatFile(
  conversationId: string,
  file: Blob,
  kind: ChatFileKind,
  durationMs: number | null,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
  name = file instanceof File ? file.name : kind,
): Promise<ChatFile> {
  const form = new FormData();
  form.append('kind', kind);
  if (durationMs !== null) form.append('durationMs', String(Math.round(durationMs)));
  form.append('file', file, name);
  const body = (await uploadForm(`${conversationPath(conversationId)}/files`, form, {
    onProgress,
    signal,
  })) as {
    file: ChatFile;
  };
  return body.file;
}
