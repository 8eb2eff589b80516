import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTS_PAGE_SIZE, type Post, type PostPage } from '@motema/shared/posts';
import type { AppEvents } from '../../../app-events.ts';
import { mediaItems, postAllowed } from '../../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createProfile, KINSHASA, moved } from '../../../test/discovery-factories.ts';
import { createMember, waitFor, type Member } from '../../../test/factories.ts';
import { storedFiles } from '../../../test/media-factories.ts';
import { createPhotoItem, createProcessingItem } from '../../../test/media-item-factories.ts';
import { buildComment, buildPost, postRow, sendMediaProcessed } from '../../../test/post-factories.ts';
import { buildBlock } from '../../../test/safety-factories.ts';
import { addToZone, buildZone, zoneCall } from '../../../test/zone-factories.ts';

/**
 * A zone's feed (docs/zones.md, decision 0041): who reads a zone's post by every route that shows a
 * post, posting, removals by the zone's admins and managers, a zone's deletion with its posts' files,
 * `zone.posted`, and the general feed and profiles that leave zone posts out. The rights by role are
 * zones-matrix.test.ts's.
 */
describe('the zone feed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const ids = (page: PostPage) => page.posts.map((post) => post._id);
  const status = async (who: Member | null, method: 'GET' | 'PUT', url: string) =>
    (await zoneCall(t, who)(method, url)).statusCode;

  /** The URL of the first file of a post's photo. */
  const fileOf = (post: Post, photo: { id: string; image: { key: string }[] | null }) =>
    `/api/posts/${post._id}/media/${photo.id}/${photo.image![0]!.key.split('/').at(-1)}`;

  /** A zone of `access` with its admin, a member who posted a photo (with a comment), and a non-member. */
  async function zoneWithPost(access: 'public' | 'private') {
    const zone = await buildZone(t, { access });
    const author = await addToZone(t, zone.id, 'member');
    const outsider = await createMember(t);
    const photo = await createPhotoItem(t, { owner: author });
    const res = await zoneCall(t, author)('POST', `/api/zones/${zone.id}/posts`, {
      text: 'Sunday run at the river',
      media: [photo.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json<Post>();
    const comment = await buildComment(t, { post: (await postRow(t.db, post._id))!, author });
    return { zone, author, outsider, photo, post, comment };
  }

  it('shows a public zone’s posts to every member, by every route, and none to a visitor', async () => {
    const { zone, author, outsider, photo, post } = await zoneWithPost('public');
    const feed = await zoneCall(t, outsider)('GET', `/api/zones/${zone.id}/posts`);
    expect(ids(feed.json())).toEqual([post._id]);
    expect(feed.json<PostPage>().posts[0]).toMatchObject({ locked: false, text: 'Sunday run at the river' });
    const file = fileOf(post, photo);
    for (const url of [`/api/posts/${post._id}`, `/api/posts/${post._id}/comments`, file]) {
      expect(await status(outsider, 'GET', url), url).toBe(200);
      // Not shown to visitors: a hidden post.
      expect(await status(null, 'GET', url), url).toBe(404);
    }
    expect(await status(outsider, 'PUT', `/api/posts/${post._id}/like`)).toBe(200);
    // A block hides it both ways.
    const blocked = await createMember(t);
    await buildBlock(t, { blocker: author, blocked });
    expect(ids((await zoneCall(t, blocked)('GET', `/api/zones/${zone.id}/posts`)).json())).toEqual([]);
    expect(await status(blocked, 'GET', `/api/posts/${post._id}`)).toBe(404);
  });

  it('shows a private zone’s posts only to its admins, managers and members (404 as a hidden post)', async () => {
    const { zone, outsider, photo, post, comment } = await zoneWithPost('private');
    const waiting = await addToZone(t, zone.id, 'waiting');
    const manager = await addToZone(t, zone.id, 'manager');
    const file = fileOf(post, photo);
    for (const who of [zone.admin, manager]) {
      expect(ids((await zoneCall(t, who)('GET', `/api/zones/${zone.id}/posts`)).json())).toEqual([post._id]);
      expect(await status(who, 'GET', `/api/posts/${post._id}`)).toBe(200);
      expect(await status(who, 'GET', file)).toBe(200);
      // They may remove it: the post says so.
      const seen = await zoneCall(t, who)('GET', `/api/posts/${post._id}`);
      expect(seen.json().zone).toEqual({ _id: zone.id, moderator: true });
    }
    expect(post.zone).toEqual({ _id: zone.id, moderator: false });
    for (const who of [outsider, waiting]) {
      expect(await status(who, 'GET', `/api/zones/${zone.id}/posts`)).toBe(403);
      expect(await status(who, 'GET', `/api/posts/${post._id}`)).toBe(404);
      expect(await status(who, 'GET', `/api/posts/${post._id}/comments`)).toBe(404);
      expect(await status(who, 'PUT', `/api/posts/${post._id}/like`)).toBe(404);
      expect(await status(who, 'PUT', `/api/comments/${comment.id}/like`)).toBe(404);
      expect(await status(who, 'GET', file)).toBe(404);
      const commented = await zoneCall(t, who)('POST', `/api/posts/${post._id}/comments`, { text: 'Hi' });
      expect(commented.statusCode).toBe(404);
      const asked = await zoneCall(t, who)('POST', `/api/posts/${post._id}/requests`);
      expect(asked.statusCode).toBe(404);
    }
    // A member removed from the zone reads it no more.
    const leaving = await addToZone(t, zone.id, 'member');
    expect(await status(leaving, 'GET', `/api/posts/${post._id}`)).toBe(200);
    await zoneCall(t, zone.admin)('DELETE', `/api/zones/${zone.id}/members/${leaving.user.id}`);
    expect(await status(leaving, 'GET', `/api/posts/${post._id}`)).toBe(404);
  });

  it('keeps zone posts out of the general feed and the profile, and lists a member’s posts in the zone', async () => {
    const author = await createProfile(t, { sex: 'female', position: moved(KINSHASA, 5) });
    const viewer = await createProfile(t, { sex: 'male', wants: ['female'] });
    const zone = await buildZone(t, { access: 'public' });
    await addToZone(t, zone.id, 'member', author);
    const outside = await buildPost(t, { author });
    // A second apart: the zone's feed is newest first, and two posts made in one millisecond tie.
    const inZone = await buildPost(t, { author, zoneId: zone.id, createdAt: new Date(Date.now() - 1000) });
    const other = await buildPost(t, { author: viewer, zoneId: zone.id });
    for (const who of [author, viewer]) {
      const feed = (await zoneCall(t, who)('GET', '/api/posts')).json<PostPage>();
      expect(ids(feed), 'the general feed').toContain(outside.id);
      expect(ids(feed), 'the general feed').not.toContain(inZone.id);
      const profile = (await zoneCall(t, who)('GET', `/api/users/${author.user.id}/posts`)).json<PostPage>();
      expect(ids(profile), 'the profile').toEqual([outside.id]);
      const theirs = await zoneCall(t, who)('GET', `/api/zones/${zone.id}/members/${author.user.id}/posts`);
      expect(ids(theirs.json()), 'in the zone').toEqual([inZone.id]);
    }
    expect(ids((await zoneCall(t, viewer)('GET', `/api/zones/${zone.id}/posts`)).json())).toEqual([
      other.id,
      inZone.id,
    ]);
    const strange = await zoneCall(t, viewer)('GET', `/api/zones/${zone.id}/members/${other.id}/posts`);
    expect([strange.statusCode, strange.json().code]).toEqual([404, 'user_not_found']);
  });

  it('pages a zone’s feed newest first with a cursor', async () => {
    const zone = await buildZone(t, { access: 'public' });
    const author = await addToZone(t, zone.id, 'member');
    const start = Date.now() - 3_600_000;
    const built = [];
    for (let i = 0; i < POSTS_PAGE_SIZE + 3; i++) {
      built.push(
        await buildPost(t, { author, zoneId: zone.id, createdAt: new Date(start + (i >> 1) * 1000) }),
      );
    }
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const query: string = next ? `?cursor=${encodeURIComponent(next)}` : '';
      const page: PostPage = (await zoneCall(t, author)('GET', `/api/zones/${zone.id}/posts${query}`)).json();
      seen.push(...ids(page));
      next = page.next;
    } while (next);
    const newestFirst = [...built].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1),
    );
    expect(seen).toEqual(newestFirst.map((post) => post.id));
  });

  it('posts as POST /api/posts does, public within the zone whatever visibility or allow list is sent', async () => {
    const zone = await buildZone(t, { access: 'private' });
    const author = await addToZone(t, zone.id, 'member');
    const friend = await createMember(t);
    const res = await zoneCall(t, author)('POST', `/api/zones/${zone.id}/posts`, {
      text: 'Members only',
      visibility: 'private',
      allowed: [friend.user.id],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ visibility: 'public', access: 'author', allowed: null });
    expect(await t.db.select().from(postAllowed).where(eq(postAllowed.postId, res.json()._id))).toEqual([]);
    expect((await postRow(t.db, res.json()._id))?.zoneId).toBe(zone.id);
    // Nor does an edit give it an audience of its own.
    const edited = await zoneCall(t, author)('PATCH', `/api/posts/${res.json()._id}`, {
      text: 'Members only, edited',
      visibility: 'private',
      allowed: [friend.user.id],
    });
    expect(edited.json()).toMatchObject({
      text: 'Members only, edited',
      visibility: 'public',
      allowed: null,
    });
    expect(await t.db.select().from(postAllowed).where(eq(postAllowed.postId, res.json()._id))).toEqual([]);

    const empty = await zoneCall(t, author)('POST', `/api/zones/${zone.id}/posts`, { text: '' });
    expect([empty.statusCode, empty.json().issues?.[0]?.code]).toEqual([400, 'post_empty']);
    const others = await createPhotoItem(t);
    const stolen = await zoneCall(t, author)('POST', `/api/zones/${zone.id}/posts`, { media: [others.id] });
    expect([stolen.statusCode, stolen.json().code]).toEqual([400, 'media_not_found']);
    const feed = (await zoneCall(t, author)('GET', `/api/zones/${zone.id}/posts`)).json<PostPage>();
    expect(ids(feed)).toEqual([res.json()._id]);
  });

  it('lets admins and managers remove a post (its media files too) and a comment, nothing else', async () => {
    const { zone, author, photo, post, comment } = await zoneWithPost('public');
    const manager = await addToZone(t, zone.id, 'manager');
    const reply = await buildComment(t, {
      post: (await postRow(t.db, post._id))!,
      author: manager,
      parent: comment,
    });
    const elsewhere = await buildPost(t, { author });
    const call = zoneCall(t, manager);
    // Only a post of this zone, and a comment of that post.
    expect((await call('DELETE', `/api/zones/${zone.id}/posts/${elsewhere.id}`)).json().code).toBe(
      'post_not_found',
    );
    const otherComment = await buildComment(t, { post: elsewhere, author });
    expect(
      (await call('DELETE', `/api/zones/${zone.id}/posts/${post._id}/comments/${otherComment.id}`)).json()
        .code,
    ).toBe('comment_not_found');
    expect((await zoneCall(t, author)('DELETE', `/api/zones/${zone.id}/posts/${post._id}`)).statusCode).toBe(
      403,
    );

    expect(
      (await call('DELETE', `/api/zones/${zone.id}/posts/${post._id}/comments/${comment.id}`)).statusCode,
    ).toBe(204);
    const comments = (await call('GET', `/api/posts/${post._id}/comments`)).json().comments;
    expect(comments).toEqual([]);
    expect((await postRow(t.db, post._id))?.comments).toBe(0);
    expect(reply.parentId).toBe(comment.id);

    expect((await storedFiles(t)).some((file) => file.startsWith(photo.folder))).toBe(true);
    expect((await call('DELETE', `/api/zones/${zone.id}/posts/${post._id}`)).statusCode).toBe(204);
    expect(await postRow(t.db, post._id)).toBeUndefined();
    expect(await t.db.select().from(mediaItems).where(eq(mediaItems.id, photo.id))).toEqual([]);
    await waitFor(
      async () => ((await storedFiles(t)).some((file) => file.startsWith(photo.folder)) ? undefined : true),
      'the post’s files removed',
    );
    expect(await postRow(t.db, elsewhere.id)).toBeDefined();
  });

  it('removes its posts’ media items and files with a deleted zone', async () => {
    const { zone, photo, post } = await zoneWithPost('private');
    expect((await storedFiles(t)).some((file) => file.startsWith(photo.folder))).toBe(true);
    expect((await zoneCall(t, zone.admin)('DELETE', `/api/zones/${zone.id}`)).statusCode).toBe(204);
    expect(await postRow(t.db, post._id)).toBeUndefined();
    expect(await t.db.select().from(mediaItems).where(eq(mediaItems.id, photo.id))).toEqual([]);
    await waitFor(
      async () => ((await storedFiles(t)).some((file) => file.startsWith(photo.folder)) ? undefined : true),
      'the zone’s posts’ files removed',
    );
  });

  it('tells zone.posted (never post.published) once a zone post is ready: at once, or once encoded', async () => {
    const heard: string[] = [];
    const events = t.app.deps.events;
    events.on('zone.posted', async (payload: AppEvents['zone.posted']) => {
      heard.push(`zone.posted ${payload.zoneId} ${payload.postId} ${payload.authorId}`);
    });
    events.on('post.published', async (payload) => void heard.push(`post.published ${payload.postId}`));
    const zone = await buildZone(t, { access: 'public' });
    const author = await addToZone(t, zone.id, 'member');
    const text = await zoneCall(t, author)('POST', `/api/zones/${zone.id}/posts`, { text: 'Hello' });
    expect(heard).toEqual([`zone.posted ${zone.id} ${text.json()._id} ${author.user.id}`]);

    const item = await createProcessingItem(t, { owner: author });
    const video = await zoneCall(t, author)('POST', `/api/zones/${zone.id}/posts`, { media: [item.id] });
    expect(video.json()).toMatchObject({ status: 'processing' });
    expect(heard).toHaveLength(1);
    await t.db.update(mediaItems).set({ status: 'ready' }).where(eq(mediaItems.id, item.id));
    await sendMediaProcessed(t, { itemId: item.id, ownerId: author.user.id, status: 'ready' });
    await waitFor(async () => (heard.length === 2 ? true : undefined), 'zone.posted after encoding');
    expect(heard[1]).toBe(`zone.posted ${zone.id} ${video.json()._id} ${author.user.id}`);
  });
});
