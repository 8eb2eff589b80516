import type { PostMember, Story } from '@motema/shared/posts';
import { useCallback, useState } from 'react';

/** One member's stories as the viewer plays them. */
export type StoryEntry = { member: PostMember; stories: Story[] };

type Position = { member: number; story: number };

const oldestFirst = (a: Story, b: Story) => Date.parse(a.createdAt) - Date.parse(b.createdAt);

/** Where a member's stories start: at the first one not seen yet, else at the first. */
function firstToPlay(stories: Story[]): number {
  const unseen = stories.findIndex((story) => !story.seen);
  return unseen === -1 ? 0 : unseen;
}

/** The reasons a story waits; it runs when there is none. */
export type PauseReason = 'held' | 'writing' | 'viewers' | 'menu' | 'hidden';

/** The set of reasons the story waits, and the switch of one. */
export function usePauses() {
  const [pauses, setPauses] = useState<ReadonlySet<PauseReason>>(new Set());
  const pause = useCallback((reason: PauseReason, on: boolean) => {
    setPauses((current) => {
      if (current.has(reason) === on) return current;
      const next = new Set(current);
      if (on) next.add(reason);
      else next.delete(reason);
      return next;
    });
  }, []);
  return { pauses, pause };
}

/**
 * Which story plays: each member's stories oldest first, from the first not seen (or the one
 * tapped, `startStory`); on from a member's
 * last story to the next member's, closed after the last; back from a member's first to the previous
 * member's, or the very first story again (`round` changes). The entries are those opened: stories
 * deleted meanwhile leave them, nothing else reorders them under the member's finger; a story's
 * fields are the latest `given` holds (home asks again for a tray it drew from the device).
 */
export function useStoryPlayback(
  given: StoryEntry[],
  start: number,
  onClose: () => void,
  startStory?: string,
) {
  const [entries, setEntries] = useState(() =>
    given
      .map((entry) => ({ ...entry, stories: [...entry.stories].sort(oldestFirst) }))
      .filter((entry) => entry.stories.length > 0),
  );
  const [position, setPosition] = useState<Position>(() => {
    const member = Math.min(Math.max(0, start), Math.max(0, entries.length - 1));
    const stories = entries[member]?.stories ?? [];
    const chosen = stories.findIndex((story) => story._id === startStory);
    return { member, story: chosen === -1 ? firstToPlay(stories) : chosen };
  });
  const [round, setRound] = useState(0);

  const goNext = useCallback(() => {
    const current = entries[position.member];
    if (!current) return onClose();
    if (position.story < current.stories.length - 1)
      return setPosition({ member: position.member, story: position.story + 1 });
    const following = entries[position.member + 1];
    if (!following) return onClose();
    setPosition({ member: position.member + 1, story: firstToPlay(following.stories) });
  }, [entries, position, onClose]);

  const goPrevious = useCallback(() => {
    if (position.story > 0) return setPosition({ member: position.member, story: position.story - 1 });
    if (position.member > 0) return setPosition({ member: position.member - 1, story: 0 });
    setRound((value) => value + 1);
  }, [position]);

  /** Takes a deleted story out; the next one (or the member's previous last) shows, or the viewer closes. */
  const removeStory = useCallback(
    (storyId: string) => {
      const entry = entries[position.member];
      if (!entry) return;
      const stories = entry.stories.filter((item) => item._id !== storyId);
      setEntries((current) =>
        current.flatMap((item, index) =>
          index !== position.member ? [item] : stories.length > 0 ? [{ ...item, stories }] : [],
        ),
      );
      if (stories.length === 0) return onClose();
      setPosition({ member: position.member, story: Math.min(position.story, stories.length - 1) });
    },
    [entries, position, onClose],
  );

  // The order stays the one opened; each story's own fields (its views, seen) follow a newer list.
  const [followed, setFollowed] = useState(given);
  if (followed !== given) {
    setFollowed(given);
    const latest = new Map(given.flatMap((item) => item.stories.map((one) => [one._id, one] as const)));
    setEntries((current) =>
      current.map((item) => ({ ...item, stories: item.stories.map((one) => latest.get(one._id) ?? one) })),
    );
  }

  const entry = entries[position.member];
  const story = entry?.stories[position.story];
  return { entry, story, position, key: `${story?._id}:${round}`, goNext, goPrevious, removeStory };
}
