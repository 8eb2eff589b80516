import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMMENTS_PAGE_SIZE } from '@motema/shared/posts';
import { clock } from '../../lib/clock.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { createProfile } from '../../test/discovery-factories.ts';
import { asMember, type Member } from '../../test/factories.ts';
import { randomIp } from '../../test/net.ts';
import { buildComment, buildPost, postRow } from '../../test/post-factories.ts';
import { buildBlock } from '../../test/safety-factories.ts';
import { addToZone, buildZone } from '../../test/zone-factories.ts';
import { collect, nextEvent, settle, socketTestBed } from '../../test/socket-test-bed.ts';

describe('comments', () => {
  const bed = socketTestBed();
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });
  afterEach(() => clock.reset());

  const as = (member: Member) => asMember(t, member.cookie);
  const comment = (by: Member, postId: string, body: object) =>
    as(by)('POST', `/api/posts/${postId}/comments`, body);
  const patch = (by: Member, id: string, text: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/comments/${id}`,
      payload: { text },
      headers: { cookie: by.cookie },
      remoteAddress: randomIp(),
    });
  const listed = async (viewer: Member | null, postId: string, query = '') => {
    const url = `/api/posts/${postId}/comments${query}`;
    const res = viewer
      ? await as(viewer)('GET', url)
      : await t.app.inject({ method: 'GET', url, remoteAddress: randomIp() });
    return res.json() as {
      comments: { _id: string; parent: string | null; text: string }[];
      next: string | null;
    };
  };
  const cast = async () => {
    const [author, ada, bo] = [
      await createProfile(t, { firstName: 'Author' }),
      await createProfile(t, { firstName: 'Ada' }),
      await createProfile(t, { firstName: 'Bo' }),
    ];
    return { author, ada, bo, post: await buildPost(t, { author }) };
  };

  it('threads one level: a reply to a reply hangs under the top comment; counters follow', async () => {
    const { author, ada, bo, post } = await cast();
    const top = await comment(ada, post.id, { text: '  First!  ' });
    expect(top.statusCode).toBe(201);
    expect(top.json()).toMatchObject({
      text: 'First!',
      parent: null,
      canEdit: true,
      canDelete: true,
      likes: 0,
    });
    clock.advance(1000);
    const reply = (await comment(bo, post.id, { text: 'Second', parent: top.json()._id })).json();
    clock.advance(1000);
    const deeper = (await comment(author, post.id, { text: 'Third', parent: reply._id })).json();
    expect([reply.parent, deeper.parent]).toEqual([top.json()._id, top.json()._id]);
    expect((await postRow(t.db, post.id))?.comments).toBe(3);
    const page = await listed(null, post.id);
    expect(page.comments.map((c) => c.text)).toEqual(['First!', 'Second', 'Third']);
    expect((await as(ada)('GET', `/api/posts/${post.id}`)).json().comments).toBe(3);
  });

  it('tells the post’s author and the replied-to comment’s author, each with their own rights', async () => {
    const { author, ada, bo, post } = await cast();
    const [authorSocket, adaSocket] = [await bed.socketOf(author), await bed.socketOf(ada)];
    const adaHeard = collect(adaSocket, 'posts:comment');
    const toAuthor = nextEvent(authorSocket, 'posts:comment');
    const top = (await comment(ada, post.id, { text: 'Hello' })).json();
    expect(await toAuthor).toMatchObject({
      post: { _id: post.id },
      comment: { _id: top._id, canEdit: false, canDelete: true, author: { _id: ada.user.id } },
    });
    const replyToAda = nextEvent(adaSocket, 'posts:comment');
    const reply = (await comment(bo, post.id, { text: 'Hi Ada', parent: top._id })).json();
    expect(await replyToAda).toMatchObject({
      comment: { _id: reply._id, parent: top._id, canEdit: false, canDelete: false },
    });
    await settle();
    // Ada never hears of her own comment.
    expect(adaHeard.map((event) => event.comment._id)).toEqual([reply._id]);
  });

  it('tells no one across a block: not the replied-to author, not the post’s author blocked with them', async () => {
    const { author, ada, bo, post } = await cast();
    const top = await buildComment(t, { post, author: ada });
    await buildBlock(t, { blocker: author, blocked: ada });
    const [authorSocket, adaSocket] = [await bed.socketOf(author), await bed.socketOf(ada)];
    const authorHeard = collect(authorSocket, 'posts:comment');
    const adaHears = nextEvent(adaSocket, 'posts:comment');
    expect((await comment(bo, post.id, { text: 'Reply', parent: top.id })).statusCode).toBe(201);
    await adaHears;
    await settle();
    expect(authorHeard).toEqual([]);
    // The author does not see Ada's comment nor the reply under it; Bo sees both.
    expect((await listed(author, post.id)).comments).toEqual([]);
    expect((await listed(bo, post.id)).comments).toHaveLength(2);
  });

  it('leaves out comments of members the viewer blocked or who blocked them, and of deactivated members', async () => {
    const { author, ada, bo, post } = await cast();
    const viewer = await createProfile(t);
    const gone = await createProfile(t, { status: 'active' });
    const kept = await buildComment(t, { post, author: bo });
    await buildComment(t, { post, author: ada });
    await buildComment(t, { post, author: gone });
    await buildComment(t, { post, author });
    await buildBlock(t, { blocker: viewer, blocked: ada });
    await buildBlock(t, { blocker: author, blocked: viewer });
    await t.db.$client.query(`UPDATE users SET status = 'deactivated' WHERE id = $1`, [gone.user.id]);
    // The author blocked the viewer: the post itself is hidden from them.
    expect((await as(viewer)('GET', `/api/posts/${post.id}/comments`)).statusCode).toBe(404);
    const other = await buildPost(t, { author: bo });
    await buildComment(t, { post: other, author: ada });
    const mine = await buildComment(t, { post: other, author: bo });
    expect((await listed(viewer, other.id)).comments.map((c) => c._id)).toEqual([mine.id]);
    expect((await listed(bo, post.id)).comments.map((c) => c._id)).toContain(kept.id);
    expect((await listed(bo, post.id)).comments).toHaveLength(3);
  });

  it('counts for each reader only the comments they see: feed, post, profile and zone lists', async () => {
    const { author, ada, bo, post } = await cast();
    const [cy, dee] = [
      await createProfile(t, { firstName: 'Cy' }),
      await createProfile(t, { firstName: 'Dee' }),
    ];
    const zone = await buildZone(t, { admin: author });
    const zonePost = await buildPost(t, { author, zoneId: zone.id });
    for (const onPost of [post, zonePost]) {
      const hidden = await buildComment(t, { post: onPost, author: ada });
      await buildComment(t, { post: onPost, author: bo, parent: hidden });
      await buildComment(t, { post: onPost, author: cy });
      await buildComment(t, { post: onPost, author: bo });
      await buildComment(t, { post: onPost, author: dee });
    }
    // The author blocked Ada (her comment and Bo's reply under it go), Cy blocked the author.
    await buildBlock(t, { blocker: author, blocked: ada });
    await buildBlock(t, { blocker: cy, blocked: author });
    const countsOf = async (reader: Member) => {
      const lists = await Promise.all(
        ['/api/posts', `/api/users/${author.user.id}/posts`, `/api/zones/${zone.id}/posts`].map(
          async (url) =>
            ((await as(reader)('GET', url)).json() as { posts: { _id: string; comments: number }[] }).posts,
        ),
      );
      const inLists = lists.flat().filter((p) => p._id === post.id || p._id === zonePost.id);
      const pages = [post, zonePost].map((p) => as(reader)('GET', `/api/posts/${p.id}`));
      return [
        ...inLists.map((p) => p.comments),
        ...(await Promise.all(pages)).map((res) => res.json().comments),
      ];
    };
    expect(await countsOf(author)).toEqual([2, 2, 2, 2, 2]);
    expect((await listed(author, post.id)).comments).toHaveLength(2);
    // Dee, with no block, sees the five.
    await addToZone(t, zone.id, 'member', dee);
    expect((await countsOf(dee)).slice(-3)).toEqual([5, 5, 5]);
  });

  it('lets only its author edit a comment, and its author or the post’s delete it with its replies', async () => {
    const { author, ada, bo, post } = await cast();
    const top = (await comment(ada, post.id, { text: 'Mine' })).json();
    await comment(bo, post.id, { text: 'Reply', parent: top._id });
    for (const by of [author, bo]) {
      const res = await patch(by, top._id, 'Not yours');
      expect([res.statusCode, res.json().code]).toEqual([403, 'forbidden']);
    }
    const empty = await patch(ada, top._id, '   ');
    expect(empty.json().issues).toContainEqual(
      expect.objectContaining({ path: 'text', code: 'comment_empty' }),
    );
    const edited = await patch(ada, top._id, 'Mine, edited');
    expect(edited.json()).toMatchObject({ text: 'Mine, edited', editedAt: expect.any(String) });

    const byStranger = await as(bo)('DELETE', `/api/comments/${top._id}`);
    expect([byStranger.statusCode, byStranger.json().code]).toEqual([403, 'forbidden']);
    expect((await postRow(t.db, post.id))?.comments).toBe(2);
    expect((await as(author)('DELETE', `/api/comments/${top._id}`)).statusCode).toBe(204);
    expect((await postRow(t.db, post.id))?.comments).toBe(0);
    expect((await listed(author, post.id)).comments).toEqual([]);
    expect((await as(ada)('DELETE', `/api/comments/${top._id}`)).statusCode).toBe(404);
  });

  it('refuses a parent of another post or unknown: 404 comment_not_found, nothing stored', async () => {
    const { ada, post } = await cast();
    const elsewhere = await buildComment(t, { post: await buildPost(t, { author: ada }), author: ada });
    const res = await comment(ada, post.id, { text: 'Reply', parent: elsewhere.id });
    expect([res.statusCode, res.json().code]).toEqual([404, 'comment_not_found']);
    expect((await postRow(t.db, post.id))?.comments).toBe(0);
  });

  it('pages comments oldest first', async () => {
    const { ada, post } = await cast();
    const ids: string[] = [];
    for (let i = 0; i < COMMENTS_PAGE_SIZE + 3; i++) {
      clock.advance(10);
      ids.push((await buildComment(t, { post, author: ada, text: `#${i}` })).id);
    }
    const first = await listed(ada, post.id);
    expect(first.comments.map((c) => c._id)).toEqual(ids.slice(0, COMMENTS_PAGE_SIZE));
    const second = await listed(ada, post.id, `?cursor=${first.next}`);
    expect(second.comments.map((c) => c._id)).toEqual(ids.slice(COMMENTS_PAGE_SIZE));
    expect(second.next).toBeNull();
  });

  it('counts likes of posts and comments once per member, whatever the repeats', async () => {
    const { ada, bo, post } = await cast();
    const top = await buildComment(t, { post, author: ada });
    for (const url of [`/api/posts/${post.id}/like`, `/api/comments/${top.id}/like`]) {
      const likes = await Promise.all([ada, ada, bo, bo].map((member) => as(member)('PUT', url)));
      expect(likes.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
      expect((await as(ada)('PUT', url)).json()).toEqual({ likes: 2, liked: true });
      expect((await as(bo)('DELETE', url)).json()).toEqual({ likes: 1, liked: false });
      expect((await as(bo)('DELETE', url)).json()).toEqual({ likes: 1, liked: false });
    }
    expect((await as(ada)('GET', `/api/posts/${post.id}`)).json()).toMatchObject({ likes: 1, liked: true });
    expect((await as(bo)('GET', `/api/posts/${post.id}`)).json()).toMatchObject({ likes: 1, liked: false });
    expect((await listed(ada, post.id)).comments[0]).toMatchObject({ likes: 1, liked: true });
  });
});
