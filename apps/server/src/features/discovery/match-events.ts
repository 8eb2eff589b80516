import type { MatchEvent } from '@motema/shared/discovery';

/** Tells a member (the receiver) of a new match; called after the commit. */
export type MatchEmitter = (receiverId: string, event: MatchEvent) => void;

const listeners = new Set<MatchEmitter>();

/** The realtime layer listens here (see discovery-realtime.ts); returns the way to stop listening. */
export function onMatched(listener: MatchEmitter): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The emitter the routes pass to the rating service: forwards to every listener. */
export const announceMatched: MatchEmitter = (receiverId, event) => {
  for (const listener of listeners) listener(receiverId, event);
};
