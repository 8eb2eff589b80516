import { replaceEqualDeep, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type {
  Conversation,
  ConversationList,
  Message,
  MessagePage,
  ReactionsEvent,
  ReceiptEvent,
} from '@motema/shared/chat';

/** A thread's history as cached: `pages[0]` is the latest page, each next page older (`before`). */
export type MessagesData = InfiniteData<MessagePage, number | null>;

/** Query keys of the chat: the list, one conversation, a thread's pages, starred messages. */
export const chatKeys = {
  all: ['chat'] as const,
  conversations: () => [...chatKeys.all, 'conversations'] as const,
  conversationsOne: () => [...chatKeys.all, 'conversation'] as const,
  conversation: (id: string) => [...chatKeys.conversationsOne(), id] as const,
  threads: () => [...chatKeys.all, 'messages'] as const,
  messages: (conversationId: string) => [...chatKeys.threads(), conversationId] as const,
  important: (conversationId: string) => [...chatKeys.all, 'important', conversationId] as const,
};

const bySeq = (a: Message, b: Message) => a.seq - b.seq;

/** Every message held for a thread, ascending by seq, once each. */
export function flattenMessages(data: { pages: MessagePage[] } | undefined): Message[] {
  if (!data) return [];
  const seen = new Set<string>();
  const all: Message[] = [];
  for (const page of data.pages)
    for (const message of page.messages)
      if (!seen.has(message._id)) {
        seen.add(message._id);
        all.push(message);
      }
  return all.sort(bySeq);
}

export function highestSeq(data: { pages: MessagePage[] } | undefined): number {
  let highest = 0;
  for (const page of data?.pages ?? [])
    for (const message of page.messages) highest = Math.max(highest, message.seq);
  return highest;
}

/** Adds messages to the latest page, in seq order, skipping those already held (by `_id`). */
export function mergeMessages(data: MessagesData, incoming: Message[]): MessagesData {
  const held = new Set(data.pages.flatMap((page) => page.messages.map((message) => message._id)));
  const fresh: Message[] = [];
  for (const message of incoming)
    if (!held.has(message._id)) {
      held.add(message._id);
      fresh.push(message);
    }
  if (fresh.length === 0) return data;
  const [latest, ...older] = data.pages;
  const page = latest ?? { messages: [], count: 0, hasMore: false };
  return {
    ...data,
    pages: [
      { ...page, messages: [...page.messages, ...fresh].sort(bySeq), count: page.count + fresh.length },
      ...older,
    ],
    pageParams: data.pageParams.length > 0 ? data.pageParams : [null],
  };
}

/**
 * `structuralSharing` of a thread: a refetch answered from a snapshot taken before messages that
 * arrived meanwhile by socket keeps those newer messages instead of dropping them.
 */
export function keepNewerMessages(previous: unknown, next: unknown): unknown {
  const old = previous as MessagesData | undefined;
  const fresh = next as MessagesData;
  if (!old?.pages || !fresh?.pages?.length) return fresh;
  const top = highestSeq(fresh);
  const newer = old.pages.flatMap((page) => page.messages).filter((message) => message.seq > top);
  // Unchanged parts keep their identity (as TanStack's default sharing does): fewer re-renders.
  return replaceEqualDeep(old, newer.length > 0 ? mergeMessages(fresh, newer) : fresh);
}

function mapThread(
  queryClient: QueryClient,
  conversationId: string,
  change: (data: MessagesData) => MessagesData,
) {
  queryClient.setQueryData<MessagesData>(chatKeys.messages(conversationId), (data) =>
    data ? change(data) : data,
  );
}

/** New messages of one conversation into its thread, when the thread is held (else it loads them itself). */
export function addToThread(queryClient: QueryClient, conversationId: string, messages: Message[]) {
  mapThread(queryClient, conversationId, (data) => mergeMessages(data, messages));
}

function mapMessages(data: MessagesData, change: (messages: Message[]) => Message[]): MessagesData {
  return { ...data, pages: data.pages.map((page) => ({ ...page, messages: change(page.messages) })) };
}

function mapConversation(
  queryClient: QueryClient,
  conversationId: string,
  change: (conversation: Conversation) => Conversation,
) {
  queryClient.setQueryData<Conversation>(chatKeys.conversation(conversationId), (conversation) =>
    conversation ? change(conversation) : conversation,
  );
  queryClient.setQueryData<ConversationList>(chatKeys.conversations(), (list) =>
    list
      ? { ...list, conversations: list.conversations.map((c) => (c._id === conversationId ? change(c) : c)) }
      : list,
  );
}

/** A changed message (edited, unsent, starred) replaces its copy wherever it is held. */
export function replaceMessage(queryClient: QueryClient, message: Message) {
  const conversationId = message.conversation._id;
  const swap = (messages: Message[]) => messages.map((m) => (m._id === message._id ? message : m));
  mapThread(queryClient, conversationId, (data) => mapMessages(data, swap));
  queryClient.setQueryData<MessagesData>(chatKeys.important(conversationId), (data) =>
    data ? mapMessages(data, (messages) => swap(messages).filter((m) => m.important)) : data,
  );
  mapConversation(queryClient, conversationId, (conversation) =>
    conversation.message?._id === message._id ? { ...conversation, message } : conversation,
  );
}

/** A message's reactions now (`chats:messages:reactions`), wherever the message is held. */
export function applyReactions(
  queryClient: QueryClient,
  { conversationId, messageId, reactions }: ReactionsEvent,
) {
  const change = (messages: Message[]) =>
    messages.map((m) => (m._id === messageId ? { ...m, reactions } : m));
  mapThread(queryClient, conversationId, (data) => mapMessages(data, change));
  queryClient.setQueryData<MessagesData>(chatKeys.important(conversationId), (data) =>
    data ? mapMessages(data, change) : data,
  );
}

/** A message deleted for the member: gone from the thread (the list is refetched for its preview). */
export function removeMessage(queryClient: QueryClient, conversationId: string, messageId: string) {
  const drop = (messages: Message[]) => messages.filter((m) => m._id !== messageId);
  mapThread(queryClient, conversationId, (data) => mapMessages(data, drop));
  queryClient.setQueryData<MessagesData>(chatKeys.important(conversationId), (data) =>
    data ? mapMessages(data, drop) : data,
  );
  const list = queryClient.getQueryData<ConversationList>(chatKeys.conversations());
  if (list?.conversations.some((c) => c._id === conversationId && c.message?._id === messageId))
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
}

/**
 * A new message in the list: the conversation's last message, its unread count (messages of the
 * other member not seen before) and its place at the top. Returns false when the conversation is not
 * in the list (the caller refetches it).
 */
export function addToList(queryClient: QueryClient, message: Message, meId: string): boolean {
  const list = queryClient.getQueryData<ConversationList>(chatKeys.conversations());
  const conversationId = message.conversation._id;
  const current = list?.conversations.find((c) => c._id === conversationId);
  const update = (conversation: Conversation): Conversation => {
    if (
      message.seq <= conversation.lastSeq &&
      conversation.message &&
      message.seq <= conversation.message.seq
    )
      return conversation;
    const fromOther = message.sender._id !== meId;
    return {
      ...conversation,
      message,
      lastSeq: Math.max(conversation.lastSeq, message.seq),
      unread: fromOther && message.seq > conversation.readSeq ? conversation.unread + 1 : conversation.unread,
      readSeq: fromOther ? conversation.readSeq : Math.max(conversation.readSeq, message.seq),
      updatedAt: message.createdAt > conversation.updatedAt ? message.createdAt : conversation.updatedAt,
      // An answer makes a message request an ordinary conversation.
      request: fromOther ? conversation.request : false,
    };
  };
  queryClient.setQueryData<Conversation>(chatKeys.conversation(conversationId), (conversation) =>
    conversation ? update(conversation) : conversation,
  );
  if (!list || !current) return false;
  const moved = update(current);
  queryClient.setQueryData<ConversationList>(chatKeys.conversations(), {
    ...list,
    conversations: [moved, ...list.conversations.filter((c) => c._id !== conversationId)].sort((a, b) =>
      a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0,
    ),
  });
  return true;
}

/** Receipt watermarks only ever move forward, whatever order the events arrive in. */
export function applyReceipt(queryClient: QueryClient, receipt: ReceiptEvent, meId: string) {
  mapConversation(queryClient, receipt.conversationId, (conversation) => {
    if (receipt.userId === meId) {
      const readSeq = Math.max(conversation.readSeq, receipt.readSeq);
      return {
        ...conversation,
        readSeq,
        unread: readSeq >= conversation.lastSeq ? 0 : conversation.unread,
      };
    }
    return {
      ...conversation,
      deliveredSeq: Math.max(conversation.deliveredSeq, receipt.deliveredSeq, receipt.readSeq),
      otherReadSeq: Math.max(conversation.otherReadSeq, receipt.readSeq),
    };
  });
}

/** The member read up to `seq` here: the list's badge goes at once (the server confirms by receipt). */
export function markReadLocally(queryClient: QueryClient, conversationId: string, seq: number) {
  mapConversation(queryClient, conversationId, (conversation) => {
    const readSeq = Math.max(conversation.readSeq, seq);
    return { ...conversation, readSeq, unread: readSeq >= conversation.lastSeq ? 0 : conversation.unread };
  });
}

/** The conversations whose thread is held in the cache, with the highest seq held for each. */
export function heldThreads(queryClient: QueryClient): { conversationId: string; after: number }[] {
  return queryClient
    .getQueriesData<MessagesData>({ queryKey: chatKeys.threads() })
    .filter(([key, data]) => key.length === chatKeys.messages('').length && data?.pages)
    .map(([key, data]) => ({ conversationId: String(key[2]), after: highestSeq(data) }));
}
