import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createProfile } from '../../test/discovery-factories.ts';
import { asMember, type Member } from '../../test/factories.ts';
import { buildComment, buildPost } from '../../test/post-factories.ts';
import { allReports, reportsBy } from '../../test/safety-factories.ts';

const REASON = { reason: 'inappropriate_content', subReason: 'offensive_language' };

describe('reports of a post or a comment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const report = (by: Member, body: object) =>
    asMember(t, by.cookie)('POST', '/api/reports', { ...REASON, ...body });

  it('stores the target beside its member; one open report per target', async () => {
    const [reporter, author] = [await createProfile(t), await createProfile(t)];
    const [post, other] = [await buildPost(t, { author }), await buildPost(t, { author })];
    const comment = await buildComment(t, { post, author });
    expect((await report(reporter, { user: author.user.id, post: post.id })).statusCode).toBe(201);
    expect((await report(reporter, { user: author.user.id, comment: comment.id })).statusCode).toBe(201);
    expect((await report(reporter, { user: author.user.id })).statusCode).toBe(201);
    expect((await report(reporter, { user: author.user.id, post: other.id })).statusCode).toBe(201);
    const before = await allReports(t.db);
    for (const body of [{ post: post.id }, { comment: comment.id }, {}]) {
      const again = await report(reporter, { user: author.user.id, ...body });
      expect([again.statusCode, again.json().code]).toEqual([409, 'report_already_open']);
    }
    expect(await allReports(t.db)).toEqual(before);
    const stored = (await reportsBy(t.db, reporter.user.id)).map((row) => [
      row.reportedId,
      row.postId,
      row.commentId,
    ]);
    expect(stored).toEqual(
      expect.arrayContaining([
        [author.user.id, post.id, null],
        [author.user.id, null, comment.id],
        [author.user.id, null, null],
        [author.user.id, other.id, null],
      ]),
    );
  });

  it('refuses a post or comment of someone else than the member named, or both at once; nothing stored', async () => {
    const [reporter, author, other] = [
      await createProfile(t),
      await createProfile(t),
      await createProfile(t),
    ];
    const post = await buildPost(t, { author });
    const comment = await buildComment(t, { post, author: other });
    const before = await allReports(t.db);
    const cases = [
      [{ user: other.user.id, post: post.id }, 404, 'post_not_found'],
      [{ user: author.user.id, comment: comment.id }, 404, 'comment_not_found'],
      [{ user: author.user.id, post: post.id, comment: comment.id }, 400, 'validation_failed'],
      [{ user: author.user.id, post: 'nope' }, 400, 'validation_failed'],
    ] as const;
    for (const [body, status, code] of cases) {
      const res = await report(reporter, body);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(await allReports(t.db)).toEqual(before);
  });

  it('keeps a post’s report when the post is deleted, for moderation', async () => {
    const [reporter, author] = [await createProfile(t), await createProfile(t)];
    const post = await buildPost(t, { author });
    expect((await report(reporter, { user: author.user.id, post: post.id })).statusCode).toBe(201);
    expect((await asMember(t, author.cookie)('DELETE', `/api/posts/${post.id}`)).statusCode).toBe(204);
    expect(await reportsBy(t.db, reporter.user.id)).toEqual([
      expect.objectContaining({ postId: post.id, status: 'open' }),
    ]);
  });
});
