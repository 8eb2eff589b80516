import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lives } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { asMember, createMember, findUser, type Member } from '../../test/factories.ts';
import { addViewer, createLiveMember, putOnAir, startLiveAs } from '../../test/live-factories.ts';
import { buildPost } from '../../test/post-factories.ts';
import { addToZone, buildZone } from '../../test/zone-factories.ts';

/**
 * The counters other members' rows keep (a post's comments and likes, a comment's likes, a zone's
 * members, a live's viewers) stay true when a member whose rows cascade deletes their account.
 */
describe('deleting an account keeps the counters of what stays', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const comment = async (member: Member, postId: string, parent?: string) => {
    const res = await asMember(t, member.cookie)('POST', `/api/posts/${postId}/comments`, {
      text: 'Mbote!',
      ...(parent ? { parent } : {}),
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ _id: string }>()._id;
  };
  const like = async (member: Member, url: string) =>
    expect((await asMember(t, member.cookie)('PUT', url)).statusCode).toBe(200);

  /** Each counter as stored, beside what its rows say. */
  async function counts(
    postIds: readonly string[],
    commentIds: readonly string[],
    zoneIds: readonly string[],
    liveId: string,
  ) {
    type Count = { id: string; stored: string | number; rows: string | number };
    const { rows: postRows } = await t.db.execute<Count>(sql`
      SELECT p.id, p.comments || '/' || p.likes AS stored,
        (SELECT count(*) FROM comments c WHERE c.post_id = p.id) || '/' ||
        (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id) AS rows
      FROM posts p WHERE p.id IN ${postIds}`);
    const { rows: commentRows } = await t.db.execute<Count>(sql`
      SELECT c.id, c.likes AS stored,
        (SELECT count(*)::int FROM comment_likes l WHERE l.comment_id = c.id) AS rows
      FROM comments c WHERE c.id IN ${commentIds}`);
    const { rows: zoneRows } = await t.db.execute<Count>(sql`
      SELECT z.id, z.members AS stored,
        (SELECT count(*)::int FROM zone_members m WHERE m.zone_id = z.id AND m.role <> 'waiting') AS rows
      FROM zones z WHERE z.id IN ${zoneIds}`);
    const { rows: liveRows } = await t.db.execute<Omit<Count, 'id'>>(sql`
      SELECT v.viewers AS stored,
        (SELECT count(*)::int FROM live_viewers w WHERE w.live_id = v.id AND w.present) AS rows
      FROM lives v WHERE v.id = ${liveId}`);
    const byId = (rows: Count[]) =>
      Object.fromEntries(rows.map(({ id, stored, rows }) => [id, { stored, rows }]));
    return { posts: byId(postRows), comments: byId(commentRows), zones: byId(zoneRows), live: liveRows[0] };
  }

  it('lowers them in the deletion, by what cascaded', async () => {
    const author = await createLiveMember(t);
    const friend = await createMember(t);
    const leaving = await createMember(t);
    const post = await buildPost(t, { author });
    const other = await buildPost(t, { author: friend });
    const { id: zoneId } = await buildZone(t, { admin: author });
    const { id: waitingZoneId } = await buildZone(t, { admin: friend, access: 'private' });

    // The leaving member comments, replies and likes on others' posts and comments; others reply
    // under their comment (those replies go with it) and like it.
    const friendsComment = await comment(friend, post.id);
    const theirComment = await comment(leaving, post.id);
    const replyToThem = await comment(friend, post.id, theirComment);
    await comment(leaving, post.id, friendsComment);
    await comment(leaving, other.id);
    await comment(leaving, other.id);
    const friendsOther = await comment(friend, other.id);
    await like(leaving, `/api/posts/${post.id}/like`);
    await like(leaving, `/api/posts/${other.id}/like`);
    await like(friend, `/api/posts/${post.id}/like`);
    await like(leaving, `/api/comments/${friendsComment}/like`);
    await like(author, `/api/comments/${friendsComment}/like`);
    await like(leaving, `/api/comments/${friendsOther}/like`);
    await like(friend, `/api/comments/${theirComment}/like`);
    await like(leaving, `/api/comments/${replyToThem}/like`);

    // A member of one zone, waiting in another (not counted there); watching a live on air.
    await addToZone(t, zoneId, 'member', leaving);
    await addToZone(t, zoneId, 'member');
    await addToZone(t, waitingZoneId, 'waiting', leaving);
    const live = await startLiveAs(t, author);
    await putOnAir(t, live._id);
    const watcher = await createMember(t);
    for (const viewer of [leaving, watcher]) {
      await addViewer(t, live._id, viewer);
      await t.db
        .update(lives)
        .set({ viewers: sql`${lives.viewers} + 1` })
        .where(eq(lives.id, live._id));
    }
    const gone = await createMember(t);
    await addViewer(t, live._id, gone, { present: false });

    const ids = [
      [post.id, other.id],
      [friendsComment, friendsOther],
      [zoneId, waitingZoneId],
      live._id,
    ] as const;
    const before = await counts(...ids);
    expect(before.posts).toEqual({
      [post.id]: { stored: '4/2', rows: '4/2' },
      [other.id]: { stored: '3/1', rows: '3/1' },
    });
    expect(before.live).toEqual({ stored: 2, rows: 2 });

    const res = await asMember(t, leaving.cookie)('DELETE', '/api/users', { password: leaving.password });
    expect(res.statusCode).toBe(204);
    expect(await findUser(t.db, leaving.user.id)).toBeUndefined();

    const after = await counts(...ids);
    expect(after.posts).toEqual({
      [post.id]: { stored: '1/1', rows: '1/1' },
      [other.id]: { stored: '1/0', rows: '1/0' },
    });
    expect(after.comments).toEqual({
      [friendsComment]: { stored: 1, rows: 1 },
      [friendsOther]: { stored: 0, rows: 0 },
    });
    expect(after.zones).toEqual({
      [zoneId]: { stored: 2, rows: 2 },
      [waitingZoneId]: { stored: 1, rows: 1 },
    });
    expect(after.live).toEqual({ stored: 1, rows: 1 });
  });
});
