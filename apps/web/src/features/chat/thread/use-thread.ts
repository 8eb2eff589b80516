import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Conversation, Message } from '@motema/shared/chat';
import { useSocket } from '../../../lib/socket.ts';
import { useMeQuery } from '../../users/users.api.ts';
import { flattenMessages, markReadLocally } from '../chat-cache.ts';
import { useConversationQuery, useMessagesQuery } from '../chat.api.ts';
import { discardMessage, queueMessage, retryMessage } from '../composer/outbox-sender.ts';
import { outbox } from '../composer/outbox.ts';
import { emitRead } from '../sync/receipts.ts';
import type { DeliveryState, Draft, OutboxEntry, ThreadItem } from './thread-types.ts';

/** Where one of the member's stored messages stands, from the other member's watermarks. */
export function deliveryStateOf(message: Message, conversation: Conversation | undefined): DeliveryState {
  const otherId = conversation?.member._id;
  const readByOther = message.readBy.some((receipt) => receipt.user === otherId);
  if ((conversation && message.seq <= conversation.otherReadSeq) || readByOther) return 'read';
  const reached = message.deliveredTo.some((receipt) => receipt.user === otherId);
  if ((conversation && message.seq <= conversation.deliveredSeq) || reached) return 'delivered';
  return 'sent';
}

/**
 * A thread's rows, oldest first: the stored messages (once each, by seq), then the member's own
 * messages still in the outbox that the server has not stored yet. An own message keeps its key
 * (its clientId) when it moves from the outbox to the stored list, so its bubble stays in place.
 */
export function threadItems(
  messages: Message[],
  pending: OutboxEntry[],
  conversation: Conversation | undefined,
  meId: string | null,
): ThreadItem[] {
  const stored = new Set<string>();
  const items: ThreadItem[] = messages.map((message) => {
    const mine = message.sender._id === meId;
    if (mine) stored.add(message.clientId);
    return {
      kind: 'message',
      key: mine ? `c:${message.clientId}` : `m:${message._id}`,
      message,
      mine,
      state: mine ? deliveryStateOf(message, conversation) : null,
    };
  });
  for (const entry of pending)
    if (!stored.has(entry.clientId))
      items.push({ kind: 'pending', key: `c:${entry.clientId}`, entry, state: entry.state });
  return items;
}

/**
 * Everything the thread screen needs for one conversation: its rows, the conversation, sending
 * (through the outbox), retry and discard of failed messages, older pages, and read receipts
 * (sent while the thread is on screen and the tab visible).
 */
export function useThread(conversationId: string) {
  const meId = useMeQuery().data?._id ?? null;
  const socket = useSocket();
  const queryClient = useQueryClient();
  const messagesQuery = useMessagesQuery(conversationId);
  const conversationQuery = useConversationQuery(conversationId);
  const conversation = conversationQuery.data;
  const entries = useSyncExternalStore(outbox.subscribe, outbox.list, outbox.list);

  useEffect(() => {
    if (!meId) return;
    outbox.open(meId);
    void outbox.load();
  }, [meId]);

  const messages = useMemo(() => flattenMessages(messagesQuery.data), [messagesQuery.data]);
  const pending = useMemo(
    () => entries.filter((entry) => entry.conversationId === conversationId),
    [entries, conversationId],
  );
  const items = useMemo(
    () => threadItems(messages, pending, conversation, meId),
    [messages, pending, conversation, meId],
  );
  const highest = messages.at(-1)?.seq ?? 0;
  const readSeq = conversation?.readSeq ?? 0;

  const markRead = useCallback(() => {
    if (!socket || !conversationId || highest === 0 || highest <= readSeq) return;
    if (typeof document !== 'undefined' && document.visibilityState !== 'visible') return;
    if (emitRead(socket, conversationId, highest)) markReadLocally(queryClient, conversationId, highest);
  }, [socket, conversationId, highest, readSeq, queryClient]);

  const send = useCallback((draft: Draft) => queueMessage(conversationId, draft), [conversationId]);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = messagesQuery;
  const fetchOlder = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  return {
    items,
    conversation,
    send,
    retry: retryMessage,
    discard: discardMessage,
    fetchOlder,
    hasOlder: hasNextPage,
    isFetchingOlder: isFetchingNextPage,
    isLoading: messagesQuery.isPending || (conversationQuery.isPending && !conversation),
    error: messagesQuery.error ?? conversationQuery.error ?? null,
    markRead,
  };
}
