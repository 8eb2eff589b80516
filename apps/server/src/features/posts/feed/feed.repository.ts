import { and, desc, eq, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  blocks,
  matches,
  postAllowed,
  postLikes,
  postMedia,
  posts,
  reports,
  users,
  type PostRow,
} from '../../../db/schema.ts';
import { positionOf, wantedBy, withinKm, type Viewer } from '../../discovery/discovery.policy.ts';
import type { Keyset } from '../post-cursor.ts';
import { postReadableBy } from '../posts.policy.ts';

/**
 * The feed (GET /api/posts) in ONE statement: the keys (created_at, id) of the page's posts from
 * four sources, each its own index walk that stops after `limit` rows, merged newest first; then the
 * page's posts with their author, the viewer's like and their media ids.
 *
 * - near: public, ready posts of the members the viewer's near list shows (discovery's policy: listed
 *   for the viewer, so active, with a complete profile, no block either way and not reported by
 *   them; of a sex and an age they want; with a position within their preferred distance). The
 *   walk goes down `posts_feed_public_idx` (created_at, id over ready public posts, author included)
 *   and keeps the posts whose author is among those members, found once through `users_near_idx`.
 * - matches: the posts of the viewer's matches they may read (public, or private and allowed).
 * - allowed: the private posts whose allow list holds the viewer (`post_allowed_user_idx`).
 * - own: the viewer's own posts, whatever their status (`posts_author_idx`).
 *
 * The last three apply the posts feature's visibility rule itself (posts.policy.ts postReadableBy:
 * ready, active author, no block either way), so the feed never shows what GET /api/posts/{id}
 * would refuse.
 */

/** Strictly after the cursor's key in the feed's order (newest first). */
function before(after: Keyset | undefined): SQL | undefined {
  if (!after) return undefined;
  return sql`(${posts.createdAt}, ${posts.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`;
}

const newestFirst = sql`${posts.createdAt} DESC, ${posts.id} DESC`;

/**
 * The members the viewer blocked or who blocked them, and those they reported: read once per query
 * into a hash (`NOT IN` an uncorrelated subquery is a hashed SubPlan). Discovery's `listedFor` tests
 * the same per member with index probes (safety.policy.ts notBlockedWith, notReportedBy): fine for
 * the 96 members of a page, but the feed tests every member near the viewer, 3,423 for a typical
 * one at 100,000 members, where those probes took 10 of the statement's 17 ms (EXPLAIN ANALYZE).
 */
function hiddenFrom(viewerId: string): SQL {
  return sql`SELECT ${blocks.blockedId} FROM ${blocks} WHERE ${blocks.blockerId} = ${viewerId}
    UNION ALL SELECT ${blocks.blockerId} FROM ${blocks} WHERE ${blocks.blockedId} = ${viewerId}
    UNION ALL SELECT ${reports.reportedId} FROM ${reports} WHERE ${reports.reporterId} = ${viewerId}`;
}

/**
 * The members whose public posts the feed shows: those the viewer's near list shows (discovery's
 * `listedFor` and `wantedBy`, with the near list's distance: a shared position within the viewer's
 * preferred distance, `match_distance`, 25 to 500 km), null when the viewer shares no position.
 * The conditions of a listed member are those of `users_near_idx`'s predicate (active, first name,
 * sex, position), so the GiST index answers them alone, without reading the table.
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
    wantedBy(viewer, { distance: false }),
    withinKm(at, viewer.matchDistanceKm, { indexed: true }),
    sql`${users.id} NOT IN (${hiddenFrom(viewer.id)})`,
  )}`;
}

/** The other member of each of the viewer's matches. */
function matchedWith(viewerId: string): SQL {
  return sql`SELECT ${matches.userB} FROM ${matches} WHERE ${matches.userA} = ${viewerId}
    UNION ALL SELECT ${matches.userA} FROM ${matches} WHERE ${matches.userB} = ${viewerId}`;
}

/** The keys of the feed's next `limit` posts, newest first, as a subquery of (created_at, id). */
export function feedKeys(viewer: Viewer, after: Keyset | undefined, limit: number): SQL {
  const key = sql`SELECT ${posts.createdAt} AS created_at, ${posts.id} AS id FROM ${posts}`;
  const tail = sql`ORDER BY ${newestFirst} LIMIT ${limit}`;
  const near = nearAuthors(viewer);
  const branches: SQL[] = [
    sql`(${key} WHERE ${and(eq(posts.authorId, viewer.id), before(after))} ${tail})`,
    sql`(${key} WHERE ${and(
      sql`${posts.authorId} IN (${matchedWith(viewer.id)})`,
      postReadableBy(viewer.id),
      before(after),
    )} ${tail})`,
    sql`(${key} JOIN ${postAllowed} ON ${postAllowed.postId} = ${posts.id} AND ${postAllowed.userId} = ${viewer.id} WHERE ${and(
      eq(posts.visibility, 'private'),
      postReadableBy(viewer.id),
      before(after),
    )} ${tail})`,
  ];
  if (near) {
    branches.push(
      sql`(${key} WHERE ${and(
        eq(posts.status, 'ready'),
        eq(posts.visibility, 'public'),
        sql`(${posts.authorId} IN (${near})) IS TRUE`,
        before(after),
      )} ${tail})`,
    );
  }
  return sql`SELECT created_at, id FROM (${sql.join(branches, sql` UNION `)}) AS feed_keys ORDER BY created_at DESC, id DESC LIMIT ${limit}`;
}

/** A post of the feed with what presenting it needs beyond the post itself. */
export type FeedRow = {
  post: PostRow;
  author: { id: string; username: string; firstName: string | null; avatarPhotoId: string | null };
  liked: boolean;
  /** On the post's allow list (a private post by someone else that the feed shows). */
  allowed: boolean;
  /** The allow list of the viewer's own private post (the author sees it); null otherwise. */
  allowedIds: string[] | null;
  /** The post's media items, in order. */
  mediaIds: string[];
};

/** The feed's query for one page (`limit` rows, the caller asks one more to know if a page follows). */
export function feedPageQuery(db: DbOrTx, viewer: Viewer, after: Keyset | undefined, limit: number) {
  return db
    .select({
      post: posts,
      author: {
        id: users.id,
        username: users.username,
        firstName: users.firstName,
        avatarPhotoId: users.avatarPhotoId,
      },
      liked: sql<boolean>`EXISTS (SELECT 1 FROM ${postLikes} WHERE ${postLikes.postId} = ${posts.id} AND ${postLikes.userId} = ${viewer.id})`,
      allowed: sql<boolean>`(${posts.visibility} = 'private' AND EXISTS (SELECT 1 FROM ${postAllowed} WHERE ${postAllowed.postId} = ${posts.id} AND ${postAllowed.userId} = ${viewer.id}))`,
      allowedIds: sql<
        string[] | null
      >`CASE WHEN ${posts.authorId} = ${viewer.id} AND ${posts.visibility} = 'private'
        THEN ARRAY(SELECT ${postAllowed.userId} FROM ${postAllowed} WHERE ${postAllowed.postId} = ${posts.id}
          ORDER BY ${postAllowed.createdAt}, ${postAllowed.userId}) END`,
      mediaIds: sql<
        string[]
      >`ARRAY(SELECT ${postMedia.itemId} FROM ${postMedia} WHERE ${postMedia.postId} = ${posts.id} ORDER BY ${postMedia.position})`,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(sql`${posts.id} IN (SELECT id FROM (${feedKeys(viewer, after, limit)}) AS page)`)
    .orderBy(desc(posts.createdAt), desc(posts.id));
}

export async function findFeedPage(
  db: DbOrTx,
  viewer: Viewer,
  after: Keyset | undefined,
  limit: number,
): Promise<FeedRow[]> {
  return (await feedPageQuery(db, viewer, after, limit)) as FeedRow[];
}
