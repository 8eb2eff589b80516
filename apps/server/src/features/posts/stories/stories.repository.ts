import { and, asc, count, desc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { mediaItems, stories, storyAllowed, storyViews, users, type StoryRow } from '../../../db/schema.ts';
import {
  discoverable,
  listedFor,
  positionOf,
  shownInListsTo,
  wantedBy,
  withinKm,
  type Viewer,
} from '../../discovery/discovery.policy.ts';
import { notBlockedWith } from '../../safety/safety.policy.ts';
import { storyAllowedSql, storyAuthorActive, storyShownTo, type StoryFacts } from './stories.policy.ts';

/** A story with what its viewer's view of it needs: whether they saw it. */
export type StoryListRow = { story: StoryRow; seen: boolean };
export type StoryFactsRow = StoryFacts & { story: StoryRow };

const seenBy = (viewerId: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${storyViews} WHERE ${storyViews.storyId} = ${stories.id} AND ${storyViews.viewerId} = ${viewerId})`;

/** A story and the viewer's relation to its author, whoever may see it (stories.policy.ts decides). */
export async function findStoryFacts(
  db: DbOrTx,
  storyId: string,
  viewerId: string,
): Promise<StoryFactsRow | undefined> {
  const [row] = await db
    .select({
      story: stories,
      status: mediaItems.status,
      authorActive: storyAuthorActive,
      blocked: sql<boolean>`NOT ${notBlockedWith(viewerId, stories.authorId)}`,
      allowed: storyAllowedSql(viewerId),
    })
    .from(stories)
    .innerJoin(mediaItems, eq(mediaItems.id, stories.itemId))
    .where(eq(stories.id, storyId))
    .limit(1);
  return (
    row && {
      ...row,
      authorId: row.story.authorId,
      expiresAt: row.story.expiresAt,
      visibility: row.story.visibility,
    }
  );
}

/**
 * Serialises a member's story creations until the commit, so that two sent at once are counted
 * against the limits one after the other.
 */
export async function lockAuthorStories(tx: DbOrTx, authorId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`stories:${authorId}`}, 0))`);
}

/** When the member's stories created after `since` were created, newest first (`stories_author_idx`). */
export async function storyTimesSince(
  db: DbOrTx,
  authorId: string,
  since: Date,
  limit: number,
): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: stories.createdAt })
    .from(stories)
    // A member has a day's worth of stories at most (the expiry deletes the rest): stories_author_idx.
    .where(and(eq(stories.authorId, authorId), gt(stories.createdAt, since)))
    .orderBy(desc(stories.createdAt))
    .limit(limit);
  return rows.map((row) => row.createdAt);
}

/** A story and, for a private one, the members allowed to see it. */
export async function insertStory(
  db: DbOrTx,
  values: typeof stories.$inferInsert,
  allowed: readonly string[],
): Promise<StoryRow> {
  const [row] = await db.insert(stories).values(values).returning();
  if (allowed.length > 0) {
    await db.insert(storyAllowed).values(allowed.map((userId) => ({ storyId: row!.id, userId })));
  }
  return row!;
}

/** The allow lists of the given stories, by story (the author's view of their own private stories). */
export async function findAllowed(db: DbOrTx, storyIds: readonly string[]): Promise<Map<string, string[]>> {
  const lists = new Map<string, string[]>();
  if (storyIds.length === 0) return lists;
  const rows = await db
    .select({ storyId: storyAllowed.storyId, userId: storyAllowed.userId })
    .from(storyAllowed)
    .where(inArray(storyAllowed.storyId, [...storyIds]));
  for (const row of rows) lists.set(row.storyId, [...(lists.get(row.storyId) ?? []), row.userId]);
  return lists;
}

/** Deletes the author's own story; undefined when it is not theirs (or gone). */
export async function deleteOwnStory(db: DbOrTx, authorId: string, storyId: string) {
  const [row] = await db
    .delete(stories)
    .where(and(eq(stories.id, storyId), eq(stories.authorId, authorId)))
    .returning({ itemId: stories.itemId });
  return row;
}

/**
 * Up to `limit` stories expired at `now`, deleted; their media items' ids. Rows another run holds
 * are skipped (SKIP LOCKED): runs at the same moment delete different stories, each once.
 */
export async function deleteExpiredStories(tx: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const due = tx
    .select({ id: stories.id })
    .from(stories)
    .where(lte(stories.expiresAt, now))
    .orderBy(asc(stories.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await tx.delete(stories).where(inArray(stories.id, due)).returning({ itemId: stories.itemId });
  return rows.map((row) => row.itemId);
}

/** Records the viewer's view once (the first time counts). */
export async function insertView(db: DbOrTx, storyId: string, viewerId: string, at: Date): Promise<void> {
  await db.insert(storyViews).values({ storyId, viewerId, viewedAt: at }).onConflictDoNothing();
}

/**
 * A viewer the author is shown: active, with no block between them either way, and, as discovery
 * lists members, one in discreet mode only when matched or in a conversation with the author.
 */
const shownViewer = (authorId: string) =>
  and(eq(users.status, 'active'), notBlockedWith(authorId, storyViews.viewerId), shownInListsTo(authorId))!;

/** Who saw the story, latest first, as its author is shown them. */
export async function findViewers(db: DbOrTx, authorId: string, storyId: string, limit: number) {
  return db
    .select({ viewerId: storyViews.viewerId, viewedAt: storyViews.viewedAt })
    .from(storyViews)
    .innerJoin(users, eq(users.id, storyViews.viewerId))
    .where(and(eq(storyViews.storyId, storyId), shownViewer(authorId)))
    .orderBy(desc(storyViews.viewedAt), asc(storyViews.viewerId))
    .limit(limit);
}

/** How many members the author is shown saw each of their stories. */
export async function countViews(db: DbOrTx, authorId: string, storyIds: readonly string[]) {
  if (storyIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ storyId: storyViews.storyId, views: count() })
    .from(storyViews)
    .innerJoin(users, eq(users.id, storyViews.viewerId))
    .where(and(inArray(storyViews.storyId, [...storyIds]), shownViewer(authorId)))
    .groupBy(storyViews.storyId);
  return new Map(rows.map((row) => [row.storyId, row.views]));
}

/** The stories of the given authors the viewer may see at `now`, oldest first. */
export async function findShownStories(
  db: DbOrTx,
  viewerId: string,
  authorIds: readonly string[],
  now: Date,
): Promise<StoryListRow[]> {
  if (authorIds.length === 0) return [];
  return db
    .select({ story: stories, seen: seenBy(viewerId) })
    .from(stories)
    .innerJoin(mediaItems, eq(mediaItems.id, stories.itemId))
    .where(and(inArray(stories.authorId, [...authorIds]), storyShownTo(viewerId, now)))
    .orderBy(asc(stories.createdAt), asc(stories.id));
}

/**
 * Whose stories the tray shows: the viewer, `memberIds` (their matches and conversation partners),
 * and members near them who fit their preferences (discovery's rule: listed for the viewer and
 * discoverable, as on the near list, a sex and an age they want) within their preferred distance;
 * nobody is near a viewer without a position.
 */
export type TrayAudience = { viewer: Viewer; memberIds: readonly string[] };

function audienceOf({ viewer, memberIds }: TrayAudience): SQL {
  const at = positionOf(viewer);
  const near =
    at &&
    sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${stories.authorId} AND ${and(
      listedFor(viewer.id),
      discoverable,
      wantedBy(viewer, { distance: false }),
      withinKm(at, viewer.matchDistanceKm),
    )})`;
  return or(
    eq(stories.authorId, viewer.id),
    memberIds.length ? sql`${stories.authorId} = ANY(${sql.param([...memberIds])}::uuid[])` : undefined,
    near ?? undefined,
  )!;
}

/**
 * The tray's members: authors of stories the viewer may see at `now` in the audience, the viewer
 * first, then those with a story the viewer has not seen, then the rest, each group by its newest
 * story; `limit` members at most. Driven by the live stories (a day's worth), each author's
 * conditions a primary-key lookup.
 */
export async function findTrayAuthors(
  db: DbOrTx,
  audience: TrayAudience,
  now: Date,
  limit: number,
): Promise<{ authorId: string; unseen: boolean }[]> {
  const viewerId = audience.viewer.id;
  const unseen = sql<boolean>`bool_or(NOT ${seenBy(viewerId)})`;
  return db
    .select({ authorId: stories.authorId, unseen })
    .from(stories)
    .innerJoin(mediaItems, eq(mediaItems.id, stories.itemId))
    .where(and(storyShownTo(viewerId, now), audienceOf(audience)))
    .groupBy(stories.authorId)
    .orderBy(
      desc(sql`${stories.authorId} = ${viewerId}`),
      desc(unseen),
      desc(sql`max(${stories.createdAt})`),
      asc(stories.authorId),
    )
    .limit(limit);
}
