import {
  POST_PHOTOS_MAX,
  POSTS_PAGE_SIZE,
  type PostCreate,
  type PostKind,
  type PostListQuery,
  type PostUpdate,
} from '@motema/shared/posts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { MediaItemRow, PostRow } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, fieldIssue, invalidFields } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import { claimMediaItems, removeMediaItems } from '../media/media-items.service.ts';
import { lockOwn, reachPost } from './post-access.service.ts';
import { decodeCursor, encodeKey, pageOf } from './post-cursor.ts';
import { canListMemberPosts, reachableMembers } from './post-members.service.ts';
import { postView, postViews, type PostView } from './post-views.service.ts';
import { postMediaMixed, postNotAllowed } from './posts-errors.ts';
import { postAccessOf } from './posts.policy.ts';
import * as repo from './posts.repository.ts';

export type PostsDeps = Pick<AppDeps, 'db' | 'jobs' | 'events'>;

/** What a post's media make of it: text only, up to 10 photos, one video or one audio. */
export function postKindOf(items: readonly Pick<MediaItemRow, 'kind'>[]): PostKind {
  const [first] = items;
  if (!first) return 'text';
  if (items.every((item) => item.kind === 'photo') && items.length <= POST_PHOTOS_MAX) return 'photo';
  if (items.length === 1) return first.kind;
  throw postMediaMixed();
}

/** A post's status from its media: failed if one was refused, processing while one encodes. */
export function postStatusOf(items: readonly Pick<MediaItemRow, 'status'>[]): PostRow['status'] {
  if (items.some((item) => item.status === 'failed')) return 'failed';
  return items.some((item) => item.status === 'processing') ? 'processing' : 'ready';
}

/**
 * The members a private post's author names (themselves left out, each once): every one not on the
 * list already must be a member the author can see (active, no block either way), else 400 on
 * `allowed`. One already on it whom a block has since hidden may stay (the author's view of the list
 * leaves them out, so the list they send back may or may not name them).
 */
async function allowList(
  tx: DbOrTx,
  authorId: string,
  ids: readonly string[],
  already: readonly string[] = [],
): Promise<string[]> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))].filter((id) => id !== authorId);
  const added = wanted.filter((id) => !already.includes(id));
  const reachable = await reachableMembers(tx, authorId, added);
  if (reachable.length !== added.length) throw invalidFields(fieldIssue('allowed', 'post_allowed_invalid'));
  return wanted;
}

/**
 * A new post and its media claimed, in the caller's transaction (claimMediaItems locks the items, so
 * an item that finishes encoding meanwhile is seen by this transaction or by the processed handler
 * after it, never by neither). `processing` while a video or audio encodes. A zone's post is public
 * within its zone and names no one: its allow list is empty whatever was sent.
 */
export async function insertPostWithMedia(
  tx: DbOrTx,
  authorId: string,
  input: Pick<PostCreate, 'text' | 'media'> & Partial<Pick<PostCreate, 'visibility' | 'allowed'>>,
  zoneId: string | null,
): Promise<PostRow> {
  const media = input.media.map((id) => id.toLowerCase());
  const items = await claimMediaItems(tx, authorId, media, 'post');
  const kind = postKindOf(items);
  const allowed = zoneId === null ? await allowList(tx, authorId, input.allowed ?? []) : [];
  const now = clock.now();
  const row = await repo.insertPost(tx, {
    authorId,
    text: input.text,
    kind,
    visibility: zoneId === null ? (input.visibility ?? 'public') : 'public',
    status: postStatusOf(items),
    mediaCount: items.length,
    createdAt: now,
    zoneId,
  });
  await repo.insertPostMedia(
    tx,
    row.id,
    items.map((item) => item.id),
  );
  await repo.insertAllowed(tx, row.id, allowed, now);
  return row;
}

/**
 * Tells the app that a post is published (ready): `zone.posted` for a zone's post, which only its
 * zone's readers may see, else `post.published`.
 */
export async function announcePublished(events: PostsDeps['events'], post: PostRow): Promise<void> {
  if (post.status !== 'ready') return;
  if (post.zoneId === null) await events.emit('post.published', { postId: post.id, authorId: post.authorId });
  else await events.emit('zone.posted', { zoneId: post.zoneId, postId: post.id, authorId: post.authorId });
}

/** POST /api/posts: a post outside zones (insertPostWithMedia). */
export async function createPost(deps: PostsDeps, authorId: string, input: PostCreate): Promise<PostView> {
  const post = await deps.db.transaction((tx) => insertPostWithMedia(tx, authorId, input, null));
  await announcePublished(deps.events, post);
  return postView(deps.db, await reachPost(deps.db, authorId, post.id));
}

/**
 * GET /api/posts/{id}: the post as the viewer may see it; a member without access sees it locked,
 * a visitor is refused a private post (403 post_not_allowed).
 */
export async function getPost(db: Db, viewerId: string | null, postId: string): Promise<PostView> {
  const reached = await reachPost(db, viewerId, postId);
  if (viewerId === null && reached.access === 'none') throw postNotAllowed();
  return postView(db, reached);
}

type AccessChange = { userIds: string[]; access: 'allowed' | 'none' };

/**
 * PATCH /api/posts/{id} (author only). Editing the allow list tells those added (`allowed`) and those
 * removed (`none`) while the post is private; making it public drops its waiting requests (everyone
 * may see it now) and tells their requesters. The allow list is kept for when it goes private again.
 */
export async function updatePost(
  deps: PostsDeps,
  authorId: string,
  postId: string,
  input: PostUpdate,
): Promise<PostView> {
  const { post, changes } = await deps.db.transaction(async (tx) => {
    const current = await lockOwn(tx, authorId, postId);
    const now = clock.now();
    const text = input.text ?? current.text;
    if (text === '' && current.mediaCount === 0) throw invalidFields(fieldIssue('text', 'post_empty'));
    // A zone's post stays public within its zone, with no allow list.
    const visibility = current.zoneId === null ? (input.visibility ?? current.visibility) : 'public';
    const updated = await repo.updatePost(tx, current.id, {
      text,
      visibility,
      ...(text !== current.text && { editedAt: now }),
    });
    const changes: AccessChange[] = [];
    if (input.allowed && current.zoneId === null) {
      const before = await repo.findAllowedIds(tx, current.id);
      const wanted = await allowList(tx, authorId, input.allowed, before);
      const added = wanted.filter((id) => !before.includes(id));
      const removed = before.filter((id) => !wanted.includes(id));
      await repo.deleteAllowed(tx, current.id, removed);
      await repo.insertAllowed(tx, current.id, added, now);
      // Those added need not wait for an answer any more.
      await repo.deleteRequests(tx, current.id, added);
      if (visibility === 'private') {
        changes.push({ userIds: added, access: 'allowed' });
        changes.push({ userIds: await reachableMembers(tx, authorId, removed), access: 'none' });
      }
    }
    if (visibility === 'public') {
      const waited = await repo.deleteRequests(tx, current.id);
      changes.push({ userIds: await reachableMembers(tx, authorId, waited), access: 'allowed' });
    }
    return { post: updated, changes };
  });
  if (post.status === 'ready') {
    for (const { userIds, access } of changes) {
      if (userIds.length) await deps.events.emit('post.access.changed', { postId: post.id, userIds, access });
    }
  }
  return postView(deps.db, await reachPost(deps.db, authorId, post.id));
}

/** A locked post, then its media items and their files (Z6). */
export async function removePost(tx: DbOrTx, jobs: PostsDeps['jobs'], post: PostRow): Promise<void> {
  const itemIds = (await repo.findMediaIds(tx, [post.id])).get(post.id) ?? [];
  await repo.deletePost(tx, post.id);
  await removeMediaItems(tx, jobs, itemIds);
}

/** DELETE /api/posts/{id} (author only): the post, then its media items and their files (Z6). */
export async function deletePost(deps: PostsDeps, authorId: string, postId: string): Promise<void> {
  await deps.db.transaction(async (tx) => removePost(tx, deps.jobs, await lockOwn(tx, authorId, postId)));
}

export type PostViewPage = { posts: PostView[]; next: string | null };

/**
 * GET /api/users/{id}/posts: a member's posts outside zones, newest first, of one kind (the profile's
 * tabs); the private ones the viewer may not see locked. 404 user_not_found as the profile when either blocked
 * the other or the member is not active.
 */
export async function listMemberPosts(
  db: Db,
  viewerId: string | null,
  memberId: string,
  query: PostListQuery,
): Promise<PostViewPage> {
  const after = decodeCursor(query.cursor);
  if (!(await canListMemberPosts(db, viewerId, memberId))) throw new AppError(404, 'user_not_found');
  const rows = await repo.listAuthorPosts(db, {
    viewerId,
    authorId: memberId,
    zoneId: null,
    kind: query.kind,
    after,
    limit: POSTS_PAGE_SIZE,
  });
  return viewPage(db, viewerId, rows);
}

/**
 * A page of a list's rows (`POSTS_PAGE_SIZE + 1` asked) as the viewer may see them: each with its
 * access (posts.policy.ts), the next page's cursor.
 */
export async function viewPage(
  db: DbOrTx,
  viewerId: string | null,
  rows: repo.PostFactsRow[],
): Promise<PostViewPage> {
  const page = pageOf(rows, POSTS_PAGE_SIZE, (row) => encodeKey(row.post.createdAt, row.post.id));
  const reached = page.rows.flatMap((row) => {
    const access = postAccessOf(viewerId, { ...row, ...row.post });
    return access ? [{ ...row, access }] : [];
  });
  return { posts: await postViews(db, reached), next: page.next };
}
