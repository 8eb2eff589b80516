import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { outbox } from '../composer/outbox.ts';
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
