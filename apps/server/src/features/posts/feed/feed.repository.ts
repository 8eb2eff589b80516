import { and, desc, eq, getTableColumns, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../../db/array-rows.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { postAllowed, postLikes, postMedia, posts, users, type PostRow } from '../../../db/schema.ts';
import { templatedStatement, type Templates } from '../../../db/statement-templates.ts';
import {
  discoverable,
  matchedMembersOf,
  positionOf,
  wantedBy,
  withinKm,
  type Viewer,
} from '../../discovery/discovery.policy.ts';
import { hiddenMembersOf } from '../../safety/safety.policy.ts';
import { commentsSeenBy } from '../comments/comments.repository.ts';
import type { Keyset } from '../post-cursor.ts';
import { postReadableBy, postShownTo, requestedSql } from '../posts.policy.ts';
import { feedInputs, type FeedInput } from './feed-templates.repository.ts';

/**
 * The feed (GET /api/posts) in ONE statement: the keys (created_at, id) of the page's posts from
 * four sources, each its own index walk that stops after `limit` rows, merged newest first; then the
 * page's posts with their author, the viewer's like, the comments they see and their media ids.
 *
 * - near: ready posts of the members the viewer's near list shows (discovery's policy: listed for
 *   the viewer, so active, with a complete profile, no block either way and not reported by them; of
 *   a sex and an age they want; with a position within their preferred distance), found once per
 *   page (`near`); their posts by a walk down `posts_feed_ready_idx` (created_at, id over ready
 *   posts, author and visibility included) or, when few, by each one's newest posts (see feedKeys).
 * - matches: the posts of the viewer's matches that exist for them (posts.policy.ts postShownTo).
 * - allowed: the private posts whose allow list holds the viewer (`post_allowed_user_idx`).
 * - own: the viewer's own posts, whatever their status (`posts_author_idx`).
 *
 * A zone's post is in none of them (its zone's feed shows it, features/posts/zone-posts/): each branch
 * says `zone_id IS NULL`, the predicate of `posts_feed_ready_idx` (migration 0033) beside its status,
 * so the near walk still goes down that index.
 *
 * A private post of a near member or a match that the viewer is not allowed to read is in the feed
 * locked (SPEC: those not allowed see that it exists and may ask to see it): the service names the
 * access and the presenter leaves its content out (Z5). The matches' and the allowed posts apply the
 * posts feature's visibility rule itself (ready, active author, no block either way), so the feed
 * never shows what GET /api/posts/{id} would refuse or show locked.
 */

/** Strictly after the cursor's key in the feed's order (newest first), and never a zone's post. */
function outsideZonesBefore(after: Keyset | undefined): SQL {
  const outsideZones = isNull(posts.zoneId);
  if (!after) return outsideZones;
  return sql`${outsideZones} AND (${posts.createdAt}, ${posts.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`;
}

const newestFirst = sql`${posts.createdAt} DESC, ${posts.id} DESC`;

/**
 * From this many members near the viewer, their public posts are found by walking all public posts
 * newest first (the walk reads about limit / their share of posts; at 200 members of 100,000 posting
 * alike, some 9,500 index entries, 1 to 2 ms); below it, by each member's own newest posts.
 */
const NEAR_WALK_MIN = 200;

/**
 * The members whose public posts the feed shows: those the viewer's near list shows (discovery's
 * `listedFor` and `wantedBy`, with the near list's distance: a shared position within the viewer's
 * preferred distance, `match_distance`, 1 to 500 km; `discoverable`: nobody in discreet mode nor asked
 * to verify, whose posts reach their matches through the matches' branch), null when the viewer
 * shares no position.
 * The conditions of a listed member are the predicate of the listed members' indexes: the planner
 * reads the wanted sex and ages from `users_listed_age_idx` (position included) alone, which at
 * 100,000 members took 3.3 ms for a typical viewer's 3,441 members against 5.4 ms through the GiST
 * index `users_near_idx` (EXPLAIN ANALYZE, warm).
 */
function nearAuthors(viewer: Viewer): SQL | null {
  const at = positionOf(viewer);
  if (!at) return null;
  return sql`SELECT ${users.id} FROM ${users} WHERE ${and(
    eq(users.status, 'active'),
    isNotNull(users.latitude),
    isNotNull(users.firstName),
    ne(users.firstName, ''),
    isNotNull(users.sex),
    ne(users.id, viewer.id),
    discoverable,
    wantedBy(viewer, { distance: false }),
    withinKm(at, viewer.matchDistanceKm),
    sql`${users.id} NOT IN (${hiddenMembersOf(viewer.id)})`,
  )}`;
}

/** The keys of the feed's next `limit` posts, newest first, as a subquery of (created_at, id). */
export function feedKeys(viewer: Viewer, after: Keyset | undefined, limit: number): SQL {
  const key = sql`SELECT ${posts.createdAt} AS created_at, ${posts.id} AS id FROM ${posts}`;
  const tail = sql`ORDER BY ${newestFirst} LIMIT ${limit}`;
  const near = nearAuthors(viewer);
  const branches: SQL[] = [
    sql`(${key} WHERE ${and(eq(posts.authorId, viewer.id), outsideZonesBefore(after))} ${tail})`,
    sql`(${key} WHERE ${and(
      sql`${posts.authorId} IN (${matchedMembersOf(viewer.id)})`,
      postShownTo(viewer.id),
      outsideZonesBefore(after),
    )} ${tail})`,
    sql`(${key} JOIN ${postAllowed} ON ${postAllowed.postId} = ${posts.id} AND ${postAllowed.userId} = ${viewer.id} WHERE ${and(
      eq(posts.visibility, 'private'),
      postReadableBy(viewer.id),
      outsideZonesBefore(after),
    )} ${tail})`,
  ];
  const merged = sql`ORDER BY created_at DESC, id DESC LIMIT ${limit}`;
  if (!near)
    return sql`SELECT created_at, id FROM (${sql.join(branches, sql` UNION `)}) AS feed_keys ${merged}`;
  // The near members' ready posts (the private ones locked for the viewer), by whichever way costs
  // least for their number (a one-time filter of each branch: PostgreSQL runs only the branch whose
  // test holds).
  const ready = and(eq(posts.status, 'ready'), outsideZonesBefore(after));
  const many = sql`(SELECT count(*) FROM near) >= ${NEAR_WALK_MIN}`;
  branches.push(
    // Many: down `posts_feed_ready_idx` from the cursor, index-only, keeping the posts whose author
    // is in the hash of near members, until `limit` are found: about limit / (their share of ready
    // posts) entries, whatever the page's depth. (`IS TRUE` keeps the test a hashed SubPlan: as a
    // semi-join, the planner, which cannot tell how many members are near, probes each one's posts.)
    sql`(${key} WHERE ${and(ready, sql`(${posts.authorId} IN (SELECT id FROM near)) IS TRUE`, many)} ${tail})`,
    // Few: each one's newest posts before the cursor (`posts_author_idx`), merged; the walk above
    // would go far down the index for the few posts of a handful of members.
    sql`(${key} JOIN near ON ${posts.authorId} = near.id WHERE ${and(ready, sql`NOT ${many}`)} ${tail})`,
  );
  return sql`WITH near AS MATERIALIZED (${near})
    SELECT created_at, id FROM (${sql.join(branches, sql` UNION `)}) AS feed_keys ${merged}`;
}

/** A post of the feed with what presenting it needs beyond the post itself. */
export type FeedRow = {
  post: PostRow;
  author: { id: string; username: string; firstName: string | null; avatarPhotoId: string | null };
  liked: boolean;
  /** How many of its comments the viewer sees (none hidden from them by a block). */
  commentsSeen: number;
  /** On the post's allow list (a private post by someone else that the feed shows). */
  allowed: boolean;
  /** The viewer's permission request waits (a private post shown locked). */
  requested: boolean;
  /** The allow list of the viewer's own private post (the author sees it); null otherwise. */
  allowedIds: string[] | null;
  /** The post's media items, in order. */
  mediaIds: string[];
};

/** The page's columns, flat (db/array-rows.ts reads them with each column's own decoder). */
export function pageFields(viewerId: string) {
  return {
    ...getTableColumns(posts),
    authorUsername: users.username,
    authorFirstName: users.firstName,
    authorAvatarPhotoId: users.avatarPhotoId,
    liked: sql<boolean>`EXISTS (SELECT 1 FROM ${postLikes} WHERE ${postLikes.postId} = ${posts.id} AND ${postLikes.userId} = ${viewerId})`,
    commentsSeen: commentsSeenBy(viewerId),
    allowed: sql<boolean>`(${posts.visibility} = 'private' AND EXISTS (SELECT 1 FROM ${postAllowed} WHERE ${postAllowed.postId} = ${posts.id} AND ${postAllowed.userId} = ${viewerId}))`,
    requested: sql<boolean>`(${posts.visibility} = 'private' AND ${requestedSql(viewerId)})`,
    allowedIds: sql<
      string[] | null
    >`CASE WHEN ${posts.authorId} = ${viewerId} AND ${posts.visibility} = 'private'
      THEN ARRAY(SELECT ${postAllowed.userId} FROM ${postAllowed} WHERE ${postAllowed.postId} = ${posts.id}
        ORDER BY ${postAllowed.createdAt}, ${postAllowed.userId}) END`,
    mediaIds: sql<
      string[]
    >`ARRAY(SELECT ${postMedia.itemId} FROM ${postMedia} WHERE ${postMedia.postId} = ${posts.id} ORDER BY ${postMedia.position})`,
  };
}
type FlatRow = PostRow & {
  authorUsername: string;
  authorFirstName: string | null;
  authorAvatarPhotoId: string | null;
  liked: boolean;
  commentsSeen: number;
  allowed: boolean;
  requested: boolean;
  allowedIds: string[] | null;
  mediaIds: string[];
};

/** The feed's query for one page (`limit` rows, the caller asks one more to know if a page follows). */
export function feedPageQuery(db: DbOrTx, viewer: Viewer, after: Keyset | undefined, limit: number) {
  return db
    .select(pageFields(viewer.id))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(sql`${posts.id} IN (SELECT id FROM (${feedKeys(viewer, after, limit)}) AS page)`)
    .orderBy(desc(posts.createdAt), desc(posts.id));
}

/** The page's statement templates by shape (feed-templates.repository.ts). */
const pageTemplates: Templates = new Map();

/**
 * One page. The statement's text comes from its shape's template once learned (Drizzle builds it for
 * the first viewer of each shape only: feed-templates.repository.ts). Read with each column's own
 * decoder (db/array-rows.ts). Left unnamed: as a prepared statement PostgreSQL kept planning it for
 * each execution all the same (its generic plan costs more than the custom ones, which fold the
 * viewer's values), about 2 ms a page at 1,000,000 posts.
 */
export async function findFeedPage(
  db: DbOrTx,
  viewer: Viewer,
  after: Keyset | undefined,
  limit: number,
): Promise<FeedRow[]> {
  const build = (input: FeedInput) => feedPageQuery(db, input.viewer, input.after, input.limit).toSQL();
  const statement = templatedStatement(feedInputs, pageTemplates, 'page', build, { viewer, after, limit });
  const rows =
    (statement && (await queryRows<FlatRow>(db, statement, pageFields(viewer.id)))) ??
    ((await feedPageQuery(db, viewer, after, limit)) as FlatRow[]);
  return rows.map(
    ({
      authorUsername,
      authorFirstName,
      authorAvatarPhotoId,
      liked,
      commentsSeen,
      allowed,
      requested,
      allowedIds,
      mediaIds,
      ...post
    }) => ({
      post,
      author: {
        id: post.authorId,
        username: authorUsername,
        firstName: authorFirstName,
        avatarPhotoId: authorAvatarPhotoId,
      },
      liked,
      commentsSeen,
      allowed,
      requested,
      allowedIds,
      mediaIds,
    }),
  );
}
