import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_PAGE_SIZE } from '@motema/shared/notifications';
import { users, visits } from '../../../db/schema.ts';
import { clock } from '../../../lib/clock.ts';
import { paymentIn, planOf, settledPayment } from '../../../test/billing-factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { giveAvatar, requestAs } from '../../../test/chat-factories.ts';
import { buildMatch, buildRating, buildVisit, insertProfiles } from '../../../test/discovery-factories.ts';
import { createMember } from '../../../test/factories.ts';
import { buildComment, buildPost } from '../../../test/post-factories.ts';
import { buildBlock, buildReport } from '../../../test/safety-factories.ts';
import { countersOf } from '../counters.service.ts';
import { countersWithEntries, idsOf, listOf } from './notification-list-requests.ts';

describe('the notification list (GET /api/notifications)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    return () => t.close();
  });
  const seconds = (n: number) => new Date(clock.now().getTime() + n * 1000);

  it('lists and counts each kind, newest first, with who did it and what it opens', async () => {
    const viewer = await createMember(t);
    const [matched, liker, visitor, requester, commenter, replier] = await Promise.all(
      ['Matondo', 'Lisanga', 'Vita', 'Rachel', 'Kiese', 'Ruth'].map((firstName) =>
        createMember(t, { firstName }),
      ),
    );
    const avatar = await giveAvatar(t, liker!);
    await t.db.update(users).set({ avatarPhotoId: avatar }).where(eq(users.id, liker!.user.id));
    const match = await buildMatch(t, { members: [viewer, matched!] });
    await buildRating(t, { rater: liker!, rated: viewer, score: 4 });
    await buildVisit(t, { visitor: visitor!, visited: viewer });
    const privatePost = await buildPost(t, {
      author: viewer,
      visibility: 'private',
      requested: [requester!],
    });
    const comment = await buildComment(t, { post: privatePost, author: commenter! });
    // A reply to the viewer's comment under someone else's public post.
    const othersPost = await buildPost(t, { author: commenter! });
    const mine = await buildComment(t, { post: othersPost, author: viewer });
    const reply = await buildComment(t, { post: othersPost, author: replier!, parent: mine });
    const paid = await settledPayment(t.db, viewer.user.id, await planOf(t.db, 'week'));
    // Each a second apart, in the order made: the list's order is known.
    const start = seconds(-100).getTime();
    const at = (i: number) => new Date(start + i * 1000);
    await t.db.execute(
      `UPDATE matches SET created_at = '${at(0).toISOString()}' WHERE id = '${match.id}';
       UPDATE ratings SET updated_at = '${at(1).toISOString()}' WHERE rated_id = '${viewer.user.id}';
       UPDATE visits SET last_at = '${at(2).toISOString()}' WHERE visited_id = '${viewer.user.id}';
       UPDATE post_requests SET created_at = '${at(3).toISOString()}' WHERE post_id = '${privatePost.id}';
       UPDATE comments SET created_at = '${at(4).toISOString()}' WHERE id = '${comment.id}';
       UPDATE comments SET created_at = '${at(5).toISOString()}' WHERE id = '${reply.id}';
       UPDATE payments SET settled_at = '${at(6).toISOString()}' WHERE id = '${paid.id}';`,
    );

    const { notifications } = await listOf(t, viewer);
    expect(notifications).toEqual([
      {
        _id: `payment:${paid.id}`,
        kind: 'payment',
        user: null,
        postId: null,
        payment: { _id: paid.id, status: 'SUCCESS' },
        zone: null,
        createdAt: at(6).toISOString(),
        read: false,
      },
      {
        _id: `comment:${reply.id}`,
        kind: 'comment',
        user: { _id: replier!.user.id, name: 'Ruth', avatar: null },
        postId: othersPost.id,
        payment: null,
        zone: null,
        createdAt: at(5).toISOString(),
        read: false,
      },
      expect.objectContaining({ _id: `comment:${comment.id}`, postId: privatePost.id }),
      expect.objectContaining({
        _id: `request:${privatePost.id}:${requester!.user.id}`,
        kind: 'request',
        postId: privatePost.id,
        user: expect.objectContaining({ name: 'Rachel' }),
      }),
      expect.objectContaining({ _id: `visit:${visitor!.user.id}`, kind: 'visit' }),
      expect.objectContaining({
        _id: `like:${liker!.user.id}`,
        kind: 'like',
        user: {
          _id: liker!.user.id,
          name: 'Lisanga',
          avatar: {
            thumbnail: expect.stringMatching(`^/api/media/${avatar}/`),
            placeholder: expect.any(String),
          },
        },
      }),
      expect.objectContaining({
        _id: `match:${match.id}`,
        kind: 'match',
        user: expect.objectContaining({ name: 'Matondo' }),
      }),
    ]);
    expect((await countersOf(t.db, viewer.user.id)).notifications).toEqual({
      match: 1,
      like: 1,
      visit: 1,
      request: 1,
      comment: 2,
      payment: 1,
      zoneRequest: 0,
      zoneAnswer: 0,
      zonePost: 0,
      // Lives are pushed when on air, never listed (docs/lives.md): their count stays 0.
      live: 0,
    });
    const counters = await countersWithEntries(t, viewer);
    expect(counters.notifications).toBe(7);
    expect(counters.entries.notifications).toEqual(notifications);
  });

  it('tells a failed payment, never one still open or refunded, nor a lukewarm rating or one’s own comment', async () => {
    const viewer = await createMember(t);
    const plan = await planOf(t.db, 'week');
    // Each stored the way the code gets it there (the database allows no other).
    const inState = (status: 'FAILED' | 'PENDING' | 'REFUNDED') =>
      paymentIn(t.db, status, viewer.user.id, plan);
    const failed = await inState('FAILED');
    await inState('REFUNDED');
    // Last: an open payment holds its plan until it settles.
    await inState('PENDING');
    await buildRating(t, { rated: viewer, score: 3 });
    const post = await buildPost(t, { author: viewer });
    await buildComment(t, { post, author: viewer });
    const { notifications } = await listOf(t, viewer);
    expect(notifications.map(({ _id, payment }) => ({ _id, payment }))).toEqual([
      { _id: `payment:${failed.id}`, payment: { _id: failed.id, status: 'FAILED' } },
    ]);
    expect((await countersWithEntries(t, viewer)).notifications).toBe(1);
  });

  it('leaves out blocked, reported, deactivated and incomplete members, in the list and the count', async () => {
    const viewer = await createMember(t);
    const [blocker, blocked, reported, gone, incomplete, kept] = await Promise.all(
      Array.from({ length: 6 }, () => createMember(t)),
    );
    const post = await buildPost(t, { author: viewer, visibility: 'private' });
    for (const member of [blocker!, blocked!, reported!, gone!, incomplete!, kept!]) {
      await buildVisit(t, { visitor: member, visited: viewer });
      await buildRating(t, { rater: member, rated: viewer, score: 5 });
      await buildComment(t, { post, author: member });
      await t.db.execute(
        `INSERT INTO post_requests (post_id, requester_id) VALUES ('${post.id}', '${member.user.id}')`,
      );
    }
    await buildBlock(t, { blocker: blocker!, blocked: viewer });
    await buildBlock(t, { blocker: viewer, blocked: blocked! });
    await buildReport(t, { reporter: viewer, reported: reported! });
    await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, gone!.user.id));
    await t.db.update(users).set({ firstName: null }).where(eq(users.id, incomplete!.user.id));

    const { notifications } = await listOf(t, viewer);
    expect(new Set(notifications.map((entry) => entry.user?._id))).toEqual(new Set([kept!.user.id]));
    expect(notifications).toHaveLength(4);
    expect((await countersWithEntries(t, viewer)).notifications).toBe(4);

    // Under the viewer's post, a reply to a comment of a member blocked with the viewer is hidden from
    // them: not told either (as the comment's event tells nobody).
    const viewer2 = await createMember(t);
    const [hidden, replier] = await Promise.all([createMember(t), createMember(t)]);
    const post2 = await buildPost(t, { author: viewer2 });
    const hiddenComment = await buildComment(t, { post: post2, author: hidden });
    await buildBlock(t, { blocker: viewer2, blocked: hidden });
    await buildComment(t, { post: post2, author: replier, parent: hiddenComment });
    expect((await listOf(t, viewer2)).notifications).toEqual([]);
    expect((await countersWithEntries(t, viewer2)).notifications).toBe(0);

    // A reply to the viewer's comment under a post they may no longer read is not told.
    const author = await createMember(t);
    const [reader, other] = await Promise.all([createMember(t), createMember(t)]);
    const closed = await buildPost(t, { author, visibility: 'private', allowed: [reader] });
    const readersComment = await buildComment(t, { post: closed, author: reader });
    await buildComment(t, { post: closed, author: other, parent: readersComment });
    expect((await listOf(t, reader)).notifications).toHaveLength(1);
    await t.db.execute(`DELETE FROM post_allowed WHERE post_id = '${closed.id}'`);
    expect((await listOf(t, reader)).notifications).toEqual([]);
  });

  it('pages newest first with `before`, losing nothing made at the same instant across a page’s end', async () => {
    const viewer = await createMember(t);
    const total = NOTIFICATIONS_PAGE_SIZE + 5;
    const visitors = await insertProfiles(t, total);
    // Two by two at the same microsecond: the first page's last time continues on the next page.
    const base = clock.now().getTime() - 3_600_000;
    await t.db.insert(visits).values(
      visitors.map((visitor, i) => {
        const at = new Date(base - Math.floor(i / 2) * 1000);
        return { visitorId: visitor.id, visitedId: viewer.user.id, firstAt: at, lastAt: at };
      }),
    );
    // Pairs 0..14 fill the first page exactly: nothing straddles.
    const first = await listOf(t, viewer);
    expect(first.notifications).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(first.next).not.toBeNull();
    const second = await listOf(t, viewer, first.next!);
    expect(second.next).toBeNull();
    const all = [...idsOf(first.notifications), ...idsOf(second.notifications)];
    expect(new Set(all).size).toBe(total);
    expect(all).toHaveLength(total);
    const times = [...first.notifications, ...second.notifications].map((entry) => entry.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    // A straddling pair: one more visit at the newest time moves every pair down by one place.
    const extra = await insertProfiles(t, 1);
    await t.db.insert(visits).values({
      visitorId: extra[0]!.id,
      visitedId: viewer.user.id,
      firstAt: new Date(base + 1000),
      lastAt: new Date(base + 1000),
    });
    const page1 = await listOf(t, viewer);
    // The 30th and 31st share their time: the page ends before them.
    expect(page1.notifications).toHaveLength(NOTIFICATIONS_PAGE_SIZE - 1);
    const page2 = await listOf(t, viewer, page1.next!);
    const both = [...idsOf(page1.notifications), ...idsOf(page2.notifications)];
    expect(new Set(both).size).toBe(total + 1);
    expect(both).toHaveLength(total + 1);
  });

  it('refuses a `before` that is not a time (invalid_value), and answers 401 without a session', async () => {
    const viewer = await createMember(t);
    const res = await requestAs(t, viewer)('GET', '/api/notifications?before=yesterday');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('invalid_value');
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});
