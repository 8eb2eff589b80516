import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createProfile } from '../../test/discovery-factories.ts';
import { asMember, type Member } from '../../test/factories.ts';
import { buildComment, buildPost } from '../../test/post-factories.ts';
import { settle } from '../../test/socket-test-bed.ts';

/**
 * A like, a comment or a reply meeting the deletion of what it points at: the deletion is held open
 * in a transaction of its own while the request runs, then committed. The request waits for it and
 * answers 404, never a 500 from a foreign key that no longer holds.
 */
describe('posts and comments deleted under a like, a comment or a reply', () => {
  let t: TestApp;
  let member: Member;
  beforeAll(async () => {
    t = await buildTestApp();
    member = await createProfile(t);
  });
  afterAll(() => t.close());

  async function whileDeleting(
    table: 'posts' | 'comments',
    id: string,
    request: () => Promise<{ statusCode: number; body: string }>,
  ) {
    const client = await t.db.$client.connect();
    try {
      await client.query('BEGIN');
      await client.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
      const answer = request();
      await settle(300);
      await client.query('COMMIT');
      return await answer;
    } finally {
      client.release();
    }
  }

  it.each([
    [
      'a like of a post',
      'posts',
      (ids: { post: string }) => ['PUT', `/api/posts/${ids.post}/like`, undefined],
      'post_not_found',
    ],
    [
      'a comment',
      'posts',
      (ids: { post: string }) => ['POST', `/api/posts/${ids.post}/comments`, { text: 'Hi' }],
      'post_not_found',
    ],
    [
      'a like of a comment',
      'comments',
      (ids: { comment: string }) => ['PUT', `/api/comments/${ids.comment}/like`, undefined],
      'comment_not_found',
    ],
    [
      'a reply',
      'comments',
      (ids: { post: string; comment: string }) => [
        'POST',
        `/api/posts/${ids.post}/comments`,
        { text: 'Hi', parent: ids.comment },
      ],
      'comment_not_found',
    ],
  ] as const)('answers %s 404 once its target is gone', async (_name, table, requestOf, code) => {
    const author = await createProfile(t);
    const post = await buildPost(t, { author });
    const comment = await buildComment(t, { post, author });
    const [method, url, body] = requestOf({ post: post.id, comment: comment.id }) as [
      'PUT' | 'POST',
      string,
      object | undefined,
    ];
    const res = await whileDeleting(table, table === 'posts' ? post.id : comment.id, () =>
      asMember(t, member.cookie)(method, url, body),
    );
    expect([res.statusCode, JSON.parse(res.body).code]).toEqual([404, code]);
  });
});
