import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, users, type PostRow } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember, type Member } from '../../test/factories.ts';
import { buildPost } from '../../test/post-factories.ts';
import { buildBlock } from '../../test/safety-factories.ts';
import {
  canSeePostExists,
  canViewPost,
  postAccessOf,
  postReadableBy,
  postShownTo,
  type PostFacts,
} from './posts.policy.ts';

/**
 * The rule of posts.policy.ts in its two forms, the predicate (canViewPost, canSeePostExists) and the
 * SQL (postReadableBy, postShownTo), agree on every combination of what it reads: the post's
 * visibility and status, its author's state, a block either way, the allow list and a request, for
 * the author, a member and a visitor.
 */
describe('posts.policy: the predicate and its SQL agree', () => {
  let t: TestApp;
  let viewer: Member;
  const facts = new Map<string, PostFacts & { id: string }>();
  const ids: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    viewer = await createMember(t);
    for (const active of [true, false]) {
      for (const block of ['none', 'by author', 'by viewer'] as const) {
        const author = await createMember(t);
        if (block === 'by author') await buildBlock(t, { blocker: author, blocked: viewer });
        if (block === 'by viewer') await buildBlock(t, { blocker: viewer, blocked: author });
        for (const visibility of ['public', 'private'] as const) {
          for (const status of ['ready', 'processing', 'failed'] as const) {
            for (const relation of ['allowed', 'requested', 'neither'] as const) {
              const post: PostRow = await buildPost(t, {
                author,
                visibility,
                status,
                ...(relation === 'allowed' && { allowed: [viewer] }),
                ...(relation === 'requested' && { requested: [viewer] }),
              });
              ids.push(post.id);
              facts.set(post.id, {
                id: post.id,
                authorId: author.user.id,
                visibility,
                status,
                authorActive: active,
                blocked: block !== 'none',
                allowed: relation === 'allowed',
                requested: relation === 'requested',
              });
            }
          }
        }
        if (!active)
          await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, author.user.id));
      }
    }
    // The viewer's own posts, in every state.
    for (const visibility of ['public', 'private'] as const) {
      for (const status of ['ready', 'processing', 'failed'] as const) {
        const post = await buildPost(t, { author: viewer, visibility, status });
        ids.push(post.id);
        facts.set(post.id, {
          id: post.id,
          authorId: viewer.user.id,
          visibility,
          status,
          authorActive: true,
          blocked: false,
          allowed: false,
          requested: false,
        });
      }
    }
  });
  afterAll(() => t.close());

  const selected = async (where: ReturnType<typeof postReadableBy>) =>
    (
      await t.db
        .select({ id: posts.id })
        .from(posts)
        .where(and(inArray(posts.id, ids), where))
    )
      .map((row) => row.id)
      .sort();
  const expected = (keep: (post: PostFacts) => boolean) =>
    [...facts.values()]
      .filter(keep)
      .map((post) => post.id)
      .sort();

  it.each([
    ['a member', () => viewer.user.id],
    ['a visitor', () => null],
  ])('for %s', async (_name, viewerOf) => {
    const id = viewerOf();
    // A visitor has no block, allow list or request: the predicate reads them as false.
    const as = (post: PostFacts): PostFacts =>
      id === null ? { ...post, blocked: false, allowed: false, requested: false } : post;
    expect(await selected(postReadableBy(id))).toEqual(expected((post) => canViewPost(id, as(post))));
    expect(await selected(postShownTo(id))).toEqual(expected((post) => canSeePostExists(id, as(post))));
    // The sets are not trivial: some posts whole, some locked, some hidden.
    const access = [...facts.values()].map((post) => postAccessOf(id, as(post)));
    expect(new Set(access)).toEqual(
      new Set(id === null ? [null, 'allowed', 'none'] : [null, 'author', 'allowed', 'none', 'requested']),
    );
  });
});
