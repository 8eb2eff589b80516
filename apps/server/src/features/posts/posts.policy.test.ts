import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, users, type PostRow } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember, type Member } from '../../test/factories.ts';
import { buildPost } from '../../test/post-factories.ts';
import { buildBlock } from '../../test/safety-factories.ts';
import { addToZone, buildZone } from '../../test/zone-factories.ts';
import { canInZone, type ZoneCaller } from '../zones/zones.policy.ts';
import {
  canSeePostExists,
  canViewPost,
  postAccessOf,
  postReadableBy,
  postShownTo,
  type PostFacts,
} from './posts.policy.ts';
import { findPostFacts } from './posts.repository.ts';

/**
 * The rule of posts.policy.ts in its two forms, the predicate (canViewPost, canSeePostExists) and the
 * SQL (postReadableBy, postShownTo), agree on every combination of what it reads: the post's
 * visibility and status, its author's state, a block either way, the allow list and a request, its
 * zone (none, public, private) and the viewer's place in it, for the author, a member and a visitor.
 * A zone's readers are the zones feature's rule (zones.policy.ts canInZone 'read_feed').
 */

/** A zone post's zone as the test set it up: its access and the viewer's role in it. */
type ZoneOf = { access: 'public' | 'private'; role: ZoneCaller['role'] } | null;
/** A post built for the test: the facts it was built with, and its zone. */
type Built = Omit<PostFacts, 'zoneReadable'> & { id: string; zone: ZoneOf };

/** The fact posts.policy.ts reads of a post's zone, for the viewer (null: a visitor). */
const zoneReadable = (zone: ZoneOf, viewerId: string | null) =>
  zone === null ||
  canInZone(
    'read_feed',
    viewerId === null ? { role: null, visitor: true } : { role: zone.role },
    zone.access,
  );

describe('posts.policy: the predicate and its SQL agree', () => {
  let t: TestApp;
  let viewer: Member;
  const facts = new Map<string, Built>();
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
                zone: null,
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
          zone: null,
        });
      }
    }
    // Posts in zones: public and private, the viewer in them with each role or not at all; by another
    // member (ready or still encoding, one across a block) and by the viewer (in a zone they left).
    for (const access of ['public', 'private'] as const) {
      for (const role of ['admin', 'manager', 'member', 'waiting', null] as const) {
        const { id: zoneId } = await buildZone(t, { access });
        if (role) await addToZone(t, zoneId, role, viewer);
        const zone = { access, role };
        const author = await createMember(t);
        for (const status of ['ready', 'processing'] as const) {
          const post = await buildPost(t, { author, status, zoneId });
          ids.push(post.id);
          facts.set(post.id, {
            id: post.id,
            authorId: author.user.id,
            visibility: 'public',
            status,
            authorActive: true,
            blocked: false,
            allowed: false,
            requested: false,
            zone,
          });
        }
        const blocker = await createMember(t);
        await buildBlock(t, { blocker, blocked: viewer });
        const hidden = await buildPost(t, { author: blocker, zoneId });
        ids.push(hidden.id);
        facts.set(hidden.id, {
          id: hidden.id,
          authorId: blocker.user.id,
          visibility: 'public',
          status: 'ready',
          authorActive: true,
          blocked: true,
          allowed: false,
          requested: false,
          zone,
        });
        const own = await buildPost(t, { author: viewer, zoneId });
        ids.push(own.id);
        facts.set(own.id, {
          id: own.id,
          authorId: viewer.user.id,
          visibility: 'public',
          status: 'ready',
          authorActive: true,
          blocked: false,
          allowed: false,
          requested: false,
          zone,
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
  const expected = (keep: (post: Built) => boolean) =>
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
    const as = ({ zone, id: _id, ...post }: Built): PostFacts => ({
      ...post,
      ...(id === null && { blocked: false, allowed: false, requested: false }),
      zoneReadable: zoneReadable(zone, id),
    });
    expect(await selected(postReadableBy(id))).toEqual(expected((post) => canViewPost(id, as(post))));
    expect(await selected(postShownTo(id))).toEqual(expected((post) => canSeePostExists(id, as(post))));
    // The sets are not trivial: some posts whole, some locked, some hidden.
    const access = [...facts.values()].map((post) => postAccessOf(id, as(post)));
    // The facts a single post's read takes (reachPost) hold the zone's rule as the lists do.
    for (const post of facts.values()) {
      const read = await findPostFacts(t.db, post.id, id);
      expect(read?.zoneReadable, post.id).toBe(zoneReadable(post.zone, id));
    }
    expect(new Set(access)).toEqual(
      new Set(id === null ? [null, 'allowed', 'none'] : [null, 'author', 'allowed', 'none', 'requested']),
    );
  });
});
