import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PostAccess } from '@motema/shared/posts';
import { postAllowed, postRequests, posts, users } from '../../db/schema.ts';
import type { PostRow } from '../../db/schema.ts';
import { notBlockedWith } from '../safety/safety.policy.ts';
import { zoneFeedReadableBy } from '../zones/zones.policy.ts';

/**
 * Who may see a post: the ONE rule, here as a pure predicate (canViewPost, postAccessOf) and as SQL
 * (postReadableBy, postShownTo) for the queries of every part that lists posts (the feed, a member's
 * posts, stories' reuse). The test matrix (test/posts-visibility-matrix.test.ts) holds both forms to it.
 *
 * - The author sees their post whatever its state.
 * - Anyone else only a `ready` post of an active author with no block between them, either way (Z3),
 *   outside zones or in a zone whose feed they may read (decision 0041: a public zone's, for every
 *   member; a private zone's, for those in it; never a visitor): a public one whole, a private one
 *   whole when on its allow list. A zone's post is always public within its zone.
 * - A member not on a private post's allow list sees that it exists (`locked`), never its content.
 * - A visitor (no session) sees public posts only.
 */

/** What the rule needs to know of a post and of the viewer's relation to its author. */
export type PostFacts = Pick<PostRow, 'authorId' | 'visibility' | 'status'> & {
  /** The author's account is active (a deactivated member's posts are hidden with their profile). */
  authorActive: boolean;
  /** A block stands between the viewer and the author, either way. */
  blocked: boolean;
  /** The viewer is on the post's allow list. */
  allowed: boolean;
  /** The viewer asked to see it and the author has not answered yet. */
  requested: boolean;
  /** The post is outside zones, or in a zone whose feed the viewer may read (zones.policy.ts). */
  zoneReadable: boolean;
};

/** Whether the post exists for the viewer at all (whole or locked): else it is a 404. */
export function canSeePostExists(viewerId: string | null, post: PostFacts): boolean {
  if (viewerId !== null && viewerId === post.authorId) return true;
  return post.status === 'ready' && post.authorActive && !post.blocked && post.zoneReadable;
}

/** Whether the viewer may see the post's content: its text, media, comments and likes. */
export function canViewPost(viewerId: string | null, post: PostFacts): boolean {
  if (!canSeePostExists(viewerId, post)) return false;
  if (viewerId === post.authorId || post.visibility === 'public') return true;
  return viewerId !== null && post.allowed;
}

/**
 * The viewer's access as the API names it, or null when the post does not exist for them. A visitor
 * on a private post gets `none` too: the routes refuse it (403 post_not_allowed) rather than show it
 * locked, since a visitor cannot ask for permission.
 */
export function postAccessOf(viewerId: string | null, post: PostFacts): PostAccess | null {
  if (!canSeePostExists(viewerId, post)) return null;
  if (viewerId !== null && viewerId === post.authorId) return 'author';
  if (canViewPost(viewerId, post)) return 'allowed';
  return post.requested ? 'requested' : 'none';
}

// --- The same rule in SQL, over the `posts` table of the query. ---

/** The author is an active member (a primary-key lookup per post). */
const authorActive = sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${posts.authorId} AND ${users.status} = 'active')`;

/** The viewer is on the post's allow list (the primary key (post, user)). */
export function allowedSql(viewerId: string): SQL {
  return sql`EXISTS (SELECT 1 FROM ${postAllowed} WHERE ${postAllowed.postId} = ${posts.id} AND ${postAllowed.userId} = ${viewerId})`;
}

/** The viewer's permission request waits for the post's author (the primary key (post, requester)). */
export function requestedSql(viewerId: string): SQL {
  return sql`EXISTS (SELECT 1 FROM ${postRequests} WHERE ${postRequests.postId} = ${posts.id} AND ${postRequests.requesterId} = ${viewerId})`;
}

/** The post is outside zones, or in a zone whose feed the viewer may read (zones' own rule). */
export function zoneReadableSql(viewerId: string | null): SQL {
  return or(isNull(posts.zoneId), zoneFeedReadableBy(viewerId, posts.zoneId))!;
}

/**
 * Someone else's post that exists for the viewer: ready, by an active author, no block either way,
 * outside zones or in a zone they may read.
 */
function othersPostShown(viewerId: string | null): SQL {
  return and(
    eq(posts.status, 'ready'),
    authorActive,
    viewerId === null ? undefined : notBlockedWith(viewerId, posts.authorId),
    viewerId === null ? isNull(posts.zoneId) : zoneReadableSql(viewerId),
  )!;
}

/**
 * SQL of canSeePostExists: the posts a member's list may show, whole or locked. A visitor's lists
 * take postReadableBy(null) (public posts only): only a link to a private post tells a visitor it
 * exists (403 post_not_allowed), never a list.
 */
export function postShownTo(viewerId: string | null): SQL {
  if (viewerId === null) return othersPostShown(null);
  return or(eq(posts.authorId, viewerId), othersPostShown(viewerId))!;
}

/** SQL of canViewPost: the posts whose content the viewer may see (the feed shows only these). */
export function postReadableBy(viewerId: string | null): SQL {
  if (viewerId === null) return and(othersPostShown(null), eq(posts.visibility, 'public'))!;
  return or(
    eq(posts.authorId, viewerId),
    and(othersPostShown(viewerId), or(eq(posts.visibility, 'public'), allowedSql(viewerId))),
  )!;
}
