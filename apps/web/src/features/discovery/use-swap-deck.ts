import { useCallback, useEffect, useMemo, useState } from 'react';
import { LIKE_SCORE, PASS_SCORE, type UserCard, type UserList } from '@motema/shared/discovery';
import { dataSaverOn } from '../../lib/data-saver.ts';
import { useRateMutation, useUserListQuery } from './discovery.api.ts';

/** Cards asked for at a time, and how few left make the deck ask for more. */
export const DECK_BATCH = 20;
export const DECK_REFILL_AT = 3;
/** The next cards whose thumbnails are fetched ahead (thumbnails only: the large photo waits its turn). */
export const DECK_PRELOAD = 3;

export type Decision = 'like' | 'pass';

type Pool = { cards: UserCard[]; from: UserList | undefined; exhausted: boolean };

/**
 * The swap deck: members the viewer has not rated yet (`unrated=true`), in a local queue that keeps its
 * order while new batches arrive. Each decision sends its rating at once and takes the card off the
 * deck; a failed rating puts the card back. When the deck runs low it asks the server for more.
 */
export function useSwapDeck() {
  const params = { unrated: true, limit: DECK_BATCH };
  const list = useUserListQuery('users', params);
  const { mutateAsync: rateMember } = useRateMutation();
  const [pool, setPool] = useState<Pool>({ cards: [], from: undefined, exhausted: false });
  const [decided, setDecided] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState(0);

  // A new answer: append the members not seen yet, keeping the queue's order (the top card never jumps).
  if (list.data && list.data !== pool.from) {
    const known = new Set(pool.cards.map((card) => card._id));
    const fresh = list.data.users.filter((card) => !known.has(card._id) && !decided.has(card._id));
    setPool({
      cards: [...pool.cards, ...fresh],
      from: list.data,
      exhausted: fresh.length === 0 && list.data.users.length < DECK_BATCH,
    });
  }

  const cards = useMemo(() => pool.cards.filter((card) => !decided.has(card._id)), [pool.cards, decided]);
  const { refetch, isFetching } = list;
  const low = cards.length <= DECK_REFILL_AT;

  useEffect(() => {
    // Ratings still on their way would come back as unrated: wait for them before asking for more.
    if (low && list.isSuccess && !isFetching && !pool.exhausted && pending === 0) void refetch();
  }, [low, list.isSuccess, isFetching, pool.exhausted, pending, refetch]);

  useEffect(() => {
    // Data saver loads nothing ahead of the member.
    if (dataSaverOn()) return;
    for (const card of cards.slice(1, 1 + DECK_PRELOAD)) {
      if (card.avatar) new Image().src = card.avatar.thumbnail;
    }
  }, [cards]);

  const decide = useCallback(
    (card: UserCard, decision: Decision) => {
      setDecided((previous) => new Set(previous).add(card._id));
      setPending((count) => count + 1);
      // One promise per rating (a mutation's own callbacks only follow the latest call).
      rateMember({ user: card._id, score: decision === 'like' ? LIKE_SCORE : PASS_SCORE })
        .catch(() =>
          setDecided((previous) => {
            const next = new Set(previous);
            next.delete(card._id);
            return next;
          }),
        )
        .finally(() => setPending((count) => count - 1));
    },
    [rateMember],
  );

  /** After "no one new": look again (new members may have joined, preferences may have changed). */
  const reload = useCallback(() => {
    setPool((previous) => ({ ...previous, exhausted: false }));
    void refetch();
  }, [refetch]);

  return {
    cards,
    decide,
    reload,
    isError: list.isError && cards.length === 0,
    isEmpty: list.isSuccess && cards.length === 0 && pool.exhausted,
  };
}
