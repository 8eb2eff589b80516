import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDEXES_ONLY } from '../../../db/keyed.ts';
import { posts, type PostRow } from '../../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, type Member } from '../../../test/factories.ts';
import { buildComment, buildPost } from '../../../test/post-factories.ts';
import { buildBlock } from '../../../test/safety-factories.ts';
import { commentsSeenBy } from './comments.repository.ts';

/** The plan of a statement as PostgreSQL would run it with every table read by key (INDEXES_ONLY). */
async function planOf(t: TestApp, text: string, params: unknown[] = []): Promise<string> {
  const client = await t.db.$client.connect();
  try {
    await client.query('BEGIN');
    await client.query(INDEXES_ONLY);
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

/** The indexes a plan reads `comments` through. */
const commentIndexesOf = (plan: string) =>
  new Set([...plan.matchAll(/(?:using|Index Scan on) (comments_\w+)/g)].map((match) => match[1]));

/**
 * Comments are read by index where a post has thousands of them and a member thousands more: a
 * deleted comment's replies (a member's deletion cascades to each of theirs: 22.6 s for 5,000 of
 * them among 45,000 comments without an index on `parent_id`), and a post's comment count for a
 * reader with a block (the whole thread of each post of a page was read).
 */
describe('comment query plans', () => {
  let t: TestApp;
  let viewer: Member;
  let blocked: Member;
  let other: Member;
  let post: PostRow;
  beforeAll(async () => {
    t = await buildTestApp();
    viewer = await createMember(t);
    blocked = await createMember(t);
    other = await createMember(t);
    post = await buildPost(t, { author: await createMember(t) });
    await buildBlock(t, { blocker: viewer, blocked });
  });
  afterAll(() => t.close());

  it('finds a deleted comment’s replies by index (the cascade on parent_id)', async () => {
    // The statement PostgreSQL runs for each comment deleted (ON DELETE CASCADE of its replies).
    const plan = await planOf(t, 'DELETE FROM ONLY "public"."comments" WHERE $1::uuid = "parent_id"', [
      '00000000-0000-0000-0000-000000000000',
    ]);
    expect(plan).not.toContain('Seq Scan');
    expect(commentIndexesOf(plan)).toEqual(new Set(['comments_parent_idx']));
  });

  it('counts what a block hides by index, never reading a post’s whole thread', async () => {
    const query = t.db
      .select({ seen: commentsSeenBy(viewer.user.id) })
      .from(posts)
      .where(eq(posts.id, post.id))
      .toSQL();
    const plan = await planOf(t, query.sql, query.params);
    expect(commentIndexesOf(plan), plan).toEqual(
      new Set(['comments_post_author_idx', 'comments_parent_idx']),
    );
  });

  it('hides each comment once: the blocked member’s, a reply under it, theirs under their own', async () => {
    const hidden = await buildComment(t, { post, author: blocked });
    await buildComment(t, { post, author: other, parent: hidden });
    await buildComment(t, { post, author: blocked, parent: hidden });
    const shown = await buildComment(t, { post, author: other });
    await buildComment(t, { post, author: blocked, parent: shown });
    await buildComment(t, { post, author: other, parent: shown });
    const seen = async (viewerId: string) => {
      const [row] = await t.db
        .select({ seen: commentsSeenBy(viewerId) })
        .from(posts)
        .where(eq(posts.id, post.id));
      return row?.seen;
    };
    expect(await seen(viewer.user.id)).toBe(2);
    expect(await seen(other.user.id)).toBe(6);
    // Blocked the other way: the blocked member does not see the viewer's comments either.
    await buildComment(t, { post, author: viewer });
    expect([await seen(blocked.user.id), await seen(viewer.user.id)]).toEqual([6, 3]);
  });
});
