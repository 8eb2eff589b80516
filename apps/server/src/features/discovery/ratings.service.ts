import { MATCH_MIN_SCORE, type Rating, type RatingResult } from '@motema/shared/discovery';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import type { MatchRow } from '../../db/schema.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import { setPopularity } from '../users/users.service.ts';
import * as members from './members.repository.ts';
import { computePopularity } from './popularity.ts';
import * as repo from './ratings.repository.ts';
import type { MemberView } from './discovery.presenter.ts';
import { loadViewer, withAvatars } from './user-lists.service.ts';
import { visitorCount } from './visits.repository.ts';

export const userNotFound = () => new AppError(404, 'user_not_found');

/**
 * Recomputes a member's popularity from every rating received and every distinct visitor, inside
 * the caller's transaction, once the member's row is locked by it.
 */
export async function refreshPopularity(tx: DbOrTx, memberId: string): Promise<number> {
  const [stats, visitors] = await Promise.all([repo.ratingStats(tx, memberId), visitorCount(tx, memberId)]);
  const popularity = computePopularity({ ...stats, visitors });
  await setPopularity(tx, memberId, popularity);
  return popularity;
}

/**
 * POST /api/rate/user: the rater's one current rating of a member (created or changed), the rated
 * member's popularity recomputed in the same transaction, and the match made when both rated each
 * other MATCH_MIN_SCORE or more (removed, silently, when one rating drops below). After the commit,
 * a new match is told on the event port (`match.made`), then the rating (`rating.given`).
 */
export async function rateUser(
  { db, events }: Pick<AppDeps, 'db' | 'events'>,
  raterId: string,
  input: Rating,
): Promise<RatingResult> {
  const ratedId = input.user.toLowerCase();
  if (ratedId === raterId) throw badRequest('self_not_allowed');
  const now = clock.now();
  const { matched, created } = await db.transaction(async (tx) => {
    await repo.lockPair(tx, raterId, ratedId);
    // Active, complete, and no block either way (Z3): a blocked pair can neither rate nor match.
    if (!(await members.lockVisibleMember(tx, raterId, ratedId))) throw userNotFound();
    await repo.upsertRating(tx, raterId, ratedId, input.score, now);
    await refreshPopularity(tx, ratedId);
    const theirs = await repo.findScore(tx, ratedId, raterId);
    if (input.score >= MATCH_MIN_SCORE && theirs !== null && theirs >= MATCH_MIN_SCORE) {
      return { matched: true, created: await repo.insertMatch(tx, raterId, ratedId, now) };
    }
    await repo.deleteMatch(tx, raterId, ratedId);
    return { matched: false, created: undefined };
  });
  if (created) await events.emit('match.made', { match: created });
  await events.emit('rating.given', { raterId, ratedId, score: input.score });
  return { user: ratedId, score: input.score, matched };
}

/** Each member of a match with the other's card as they see it (none for a member gone meanwhile). */
export async function matchCards(
  db: Db,
  match: MatchRow,
): Promise<{ receiverId: string; other: MemberView }[]> {
  const pairs: [string, string][] = [
    [match.userA, match.userB],
    [match.userB, match.userA],
  ];
  const cards = await Promise.all(
    pairs.map(async ([receiverId, otherId]) => {
      const viewer = await loadViewer(db, receiverId).catch(() => null);
      const card = viewer && (await members.findCard(db, viewer, otherId));
      if (!card) return [];
      const [other] = await withAvatars(db, [card]);
      return [{ receiverId, other: other! }];
    }),
  );
  return cards.flat();
}

/** Ends the match between two members, if any (a block ends it: `block.changed`). */
export function endMatchBetween(db: DbOrTx, a: string, b: string): Promise<void> {
  return repo.deleteMatch(db, a, b);
}

/** The members the member matched with (the stories' tray shows theirs; blocks are the caller's filter). */
export function matchedMemberIds(db: DbOrTx, memberId: string): Promise<string[]> {
  return repo.findMatchedIds(db, memberId);
}
