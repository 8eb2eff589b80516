import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { PostVisibility } from '@motema/shared/posts';
import type { CommentRow, PostRow } from '../db/schema.ts';
import type { TestApp } from './build-test-app.ts';
import { createProfile } from './discovery-factories.ts';
import type { Member } from './factories.ts';
import { createPhotoItem, type TestMediaItem } from './media-item-factories.ts';
import { randomIp } from './net.ts';
import { buildComment, buildPost } from './post-factories.ts';
import { buildBlock } from './safety-factories.ts';
import { addToZone, buildZone } from './zone-factories.ts';

/**
 * The cast of the posts visibility matrix (features/posts/posts-visibility-matrix.test.ts): a post's
 * author, a member on its allow list, one whose permission request waits, a stranger (a member with
 * no tie to the author), a visitor (no session), and two members with a block with the author: one
 * the author blocked, one who blocked the author. The table names both `blocked`: a block hides
 * everything both ways (Z3), and every case is checked against each of them.
 */
export const ROLES = ['author', 'allowed', 'requested', 'stranger', 'visitor', 'blocked'] as const;
export type Role = (typeof ROLES)[number];

export type Cast = Record<Exclude<Role, 'visitor' | 'blocked'>, Member> & {
  blockedByAuthor: Member;
  blockerOfAuthor: Member;
};

/** The members, every one a complete profile near the others and wanting everyone (the feed shows them). */
export async function buildCast(t: Pick<TestApp, 'db'>): Promise<Cast> {
  const [author, allowed, requested, stranger, blockedByAuthor, blockerOfAuthor] = [
    await createProfile(t, { firstName: 'Author' }),
    await createProfile(t, { firstName: 'Allowed' }),
    await createProfile(t, { firstName: 'Requested' }),
    await createProfile(t, { firstName: 'Stranger' }),
    await createProfile(t, { firstName: 'Blocked' }),
    await createProfile(t, { firstName: 'Blocker' }),
  ];
  await buildBlock(t, { blocker: author, blocked: blockedByAuthor });
  await buildBlock(t, { blocker: blockerOfAuthor, blocked: author });
  return { author, allowed, requested, stranger, blockedByAuthor, blockerOfAuthor };
}

/** One case's post: a photo, the allow list and the waiting request, a comment by its author. */
export type Scene = { post: PostRow; item: TestMediaItem; comment: CommentRow; cast: Cast };

/**
 * A case's post: public, private, or in a private zone (`zone`) where the author, the allowed member
 * and both sides of the block are members, the requester waits to join and the stranger is out.
 */
export type SceneKind = PostVisibility | 'zone';

/** A private zone around the cast, for a `zone` scene (its admin is someone else). */
async function zoneAround(t: Pick<TestApp, 'app' | 'db'>, cast: Cast): Promise<string> {
  const { id } = await buildZone(t, { access: 'private' });
  for (const member of [cast.author, cast.allowed, cast.blockedByAuthor, cast.blockerOfAuthor]) {
    await addToZone(t, id, 'member', member);
  }
  await addToZone(t, id, 'waiting', cast.requested);
  return id;
}

export async function buildScene(
  t: Pick<TestApp, 'app' | 'db' | 'storage'>,
  cast: Cast,
  kind: SceneKind,
): Promise<Scene> {
  const item = await createPhotoItem(t, { owner: cast.author });
  const post = await buildPost(t, {
    author: cast.author,
    visibility: kind === 'private' ? 'private' : 'public',
    media: [item],
    ...(kind === 'private' && { allowed: [cast.allowed], requested: [cast.requested] }),
    ...(kind === 'zone' && { zoneId: await zoneAround(t, cast) }),
  });
  const comment = await buildComment(t, { post, author: cast.author });
  return { post, item, comment, cast };
}

/** The members who play `role` (two for `blocked`, none for `visitor`). */
export function playersOf(cast: Cast, role: Role): (Member | null)[] {
  if (role === 'visitor') return [null];
  if (role === 'blocked') return [cast.blockedByAuthor, cast.blockerOfAuthor];
  return [cast[role]];
}

/** `app.inject` as `member` (a visitor when null), from an address of its own. */
export function injectAs(t: Pick<TestApp, 'app'>, member: Member | null, options: InjectOptions) {
  return t.app.inject({
    ...options,
    remoteAddress: randomIp(),
    headers: { ...options.headers, ...(member && { cookie: member.cookie }) },
  });
}

/** A response as the table writes it: the status, and the error's code or what `detail` says of the body. */
export function outcomeOf(res: LightMyRequestResponse, detail?: (body: unknown) => string): string {
  const status = String(res.statusCode);
  if (res.statusCode >= 400) return `${status} ${(res.json() as { code?: string }).code ?? ''}`.trim();
  return detail ? `${status} ${detail(res.json())}` : status;
}
