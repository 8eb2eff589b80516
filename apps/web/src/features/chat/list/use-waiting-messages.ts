import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { outbox } from '../composer/outbox.ts';
import type { Conversation } from '@motema/shared/chat';
import type { OutboxEntry } from '../thread/thread-types.ts';

/**
 * The member's newest message still in the outbox for each conversation (written offline, or
 * sending), read from the same outbox the thread shows: the list's rows show it until it is sent.
 */
export function useWaitingMessages(meId: string | null): ReadonlyMap<string, OutboxEntry> {
  const entries = useSyncExternalStore(outbox.subscribe, outbox.list, outbox.list);
  useEffect(() => {
    if (!meId) return;
    outbox.open(meId);
    void outbox.load();
  }, [meId]);
  return useMemo(() => {
    const newest = new Map<string, OutboxEntry>();
    // Oldest first: the last one written wins.
    for (const entry of entries) newest.set(entry.conversationId, entry);
    return newest;
  }, [entries]);
}

/** When a conversation's last stored activity was: its last message, else its own time. */
const activityOf = (conversation: Conversation) => conversation.message?.createdAt ?? conversation.updatedAt;

/**
 * The list newest activity first, counting the member's messages still waiting to be sent: a
 * conversation with one takes its place by that message's time (above older activity, below newer);
 * the others keep the server's order.
 */
export function byNewestActivity(
  conversations: readonly Conversation[],
  waiting: ReadonlyMap<string, OutboxEntry>,
): Conversation[] {
  if (waiting.size === 0) return [...conversations];
  const timeOf = (conversation: Conversation) => {
    const entry = waiting.get(conversation._id);
    const activity = activityOf(conversation);
    return entry && entry.createdAt > activity ? entry.createdAt : activity;
  };
  const moved = conversations
    .filter((conversation) => waiting.has(conversation._id))
    .sort((a, b) => (timeOf(a) < timeOf(b) ? 1 : timeOf(a) > timeOf(b) ? -1 : 0));
  const ordered: Conversation[] = [];
  for (const conversation of conversations) {
    if (waiting.has(conversation._id)) continue;
    while (moved.length > 0 && timeOf(moved[0]!) >= activityOf(conversation)) ordered.push(moved.shift()!);
    ordered.push(conversation);
  }
  return [...ordered, ...moved];
}
