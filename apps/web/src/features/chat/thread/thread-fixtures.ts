/** Test helpers of the thread screen: messages, a conversation, a socket that also takes plain emits. */
import type { Conversation, Message } from '@motema/shared/chat';
import { vi, type Mock } from 'vitest';
import {
  buildConversation as buildChatConversation,
  buildMessage as buildChatMessage,
  ME,
} from '../chat-fixtures.tsx';
import type { OutboxEntry, ThreadItem } from './thread-types.ts';

/** What the mocked `useThread` answers. */
export type FakeThread = {
  items: ThreadItem[];
  conversation: Conversation | undefined;
  send: Mock;
  retry: Mock;
  discard: Mock;
  fetchOlder: Mock;
  hasOlder: boolean;
  isFetchingOlder: boolean;
  isLoading: boolean;
  error: unknown;
  markRead: Mock;
};

export { ME, OTHER } from '../chat-fixtures.tsx';
export const CONVERSATION = 'c-1';

/** A message of the thread's conversation, sent `100 - seq` minutes ago (today, in order). */
export function buildMessage(seq: number, change: Partial<Message> & { from?: string } = {}): Message {
  return buildChatMessage(CONVERSATION, seq, {
    _id: `m-${seq}`,
    clientId: `client-${seq}`,
    createdAt: new Date(Date.now() - (100 - seq) * 60_000).toISOString(),
    ...change,
  });
}

export function buildConversation(change: Partial<Conversation> = {}): Conversation {
  return buildChatConversation(CONVERSATION, { updatedAt: new Date().toISOString(), ...change });
}

export const messageItem = (message: Message, state: ThreadItem['state'] = null): ThreadItem => {
  const mine = message.sender._id === ME;
  return { kind: 'message', key: message._id, message, mine, state: mine ? (state ?? 'sent') : null };
};

export function pendingItem(clientId: string, change: Partial<OutboxEntry> = {}): ThreadItem {
  const entry: OutboxEntry = {
    clientId,
    conversationId: CONVERSATION,
    text: `Pending ${clientId}`,
    files: [],
    replyTo: null,
    createdAt: new Date().toISOString(),
    attempts: 0,
    state: 'sending',
    error: null,
    ...change,
  };
  return { kind: 'pending', key: `c:${clientId}`, entry, state: entry.state };
}

/** What the mocked `useThread` answers; tests change it before rendering. */
export function threadOf(items: ThreadItem[], change: Partial<FakeThread> = {}): FakeThread {
  return {
    items,
    conversation: buildConversation(),
    send: vi.fn(),
    retry: vi.fn(),
    discard: vi.fn(),
    fetchOlder: vi.fn(),
    hasOlder: false,
    isFetchingOlder: false,
    isLoading: false,
    error: null,
    markRead: vi.fn(),
    ...change,
  };
}
