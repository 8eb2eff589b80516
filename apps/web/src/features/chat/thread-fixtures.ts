/** Test helpers of the thread screen: messages, a conversation, a socket that also takes plain emits. */
import type { Conversation, Message } from '@motema/shared/chat';
import { vi, type Mock } from 'vitest';
import { FakeSocket } from '../../test/fake-socket.ts';
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

export const ME = 'me-1';
export const OTHER = 'other-1';
export const CONVERSATION = 'c-1';

const people = {
  [ME]: { _id: ME, username: 'amani', firstName: 'Amani', name: 'Amani Mbala', avatar: null },
  [OTHER]: { _id: OTHER, username: 'zola', firstName: 'Zola', name: 'Zola Tshibanda', avatar: null },
};

export function buildMessage(seq: number, change: Partial<Message> & { from?: string } = {}): Message {
  const { from = OTHER, ...rest } = change;
  return {
    _id: `m-${seq}`,
    clientId: `client-${seq}`,
    conversation: { _id: CONVERSATION },
    seq,
    sender: people[from as keyof typeof people],
    text: `Message ${seq}`,
    files: [],
    replyTo: null,
    deliveredTo: [],
    readBy: [],
    important: false,
    unsent: false,
    editedAt: null,
    createdAt: new Date(Date.now() - (100 - seq) * 60_000).toISOString(),
    ...rest,
  };
}

export function buildConversation(change: Partial<Conversation> = {}): Conversation {
  return {
    _id: CONVERSATION,
    member: { ...people[OTHER], activity: 'earlier', connected: false, lastActivity: null },
    message: null,
    lastSeq: 0,
    unread: 0,
    readSeq: 0,
    deliveredSeq: 0,
    otherReadSeq: 0,
    updatedAt: new Date().toISOString(),
    ...change,
  };
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

/** The fake socket, plus the plain `emit` the thread uses for typing and presence. */
export class ThreadSocket extends FakeSocket {
  emit(event: string, ...args: unknown[]) {
    this.emitted.push({ event, args });
    return this;
  }

  emitsOf(event: string) {
    return this.emitted.filter((entry) => entry.event === event).map((entry) => entry.args[0]);
  }
}
