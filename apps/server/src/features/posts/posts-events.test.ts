import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.ts';
import { createProfile } from '../../test/discovery-factories.ts';
import type { Member } from '../../test/factories.ts';
import { createPhotoItem } from '../../test/media-item-factories.ts';
import { buildComment, buildPost } from '../../test/post-factories.ts';
import { injectAs } from '../../test/posts-matrix.ts';
import { buildBlock } from '../../test/safety-factories.ts';
import { collectEvents, settle, socketTestBed, type ClientSocket } from '../../test/socket-test-bed.ts';

/**
 * The posts:* socket events as a table: for each action of the cast (test/posts-matrix.ts's, the
 * visitor aside), who hears what. Every member's socket listens throughout; a member with a block
 * with the author either way hears nothing of theirs, and the author nothing of them (Z3).
 */
type Name = 'author' | 'allowed' | 'requested' | 'stranger' | 'blockedByAuthor' | 'blockerOfAuthor';
const NAMES: Name[] = ['author', 'allowed', 'requested', 'stranger', 'blockedByAuthor', 'blockerOfAuthor'];
const OTHERS = NAMES.filter((name) => name !== 'author');

describe('the posts socket events matrix', () => {
  const bed = socketTestBed();
  let t: TestApp;
  let cast: Record<Name, Member>;
  const heard = new Map<Name, { event: string; payload: unknown }[]>();
  const sockets = new Map<Name, ClientSocket>();
  let publicPost: { id: string };
  let privatePost: { id: string };
  const theirComments = new Map<Name, string>();

  beforeAll(async () => {
    t = bed.t;
    cast = Object.fromEntries(
      await Promise.all(
        NAMES.map(async (name) => [name, await createProfile(t, { firstName: name })] as const),
      ),
    ) as Record<Name, Member>;
    const item = await createPhotoItem(t, { owner: cast.author });
    publicPost = await buildPost(t, { author: cast.author });
    privatePost = await buildPost(t, {
      author: cast.author,
      visibility: 'private',
      media: [item],
      allowed: [cast.allowed],
      // Requests of the members blocked since: never answered, never told.
      requested: [cast.requested, cast.blockedByAuthor, cast.blockerOfAuthor],
    });
    // Comments written before the blocks: the author's replies to them must not reach across one.
    for (const name of OTHERS) {
      const comment = await buildComment(t, { post: publicPost as never, author: cast[name] });
      theirComments.set(name, comment.id);
    }
    await buildBlock(t, { blocker: cast.author, blocked: cast.blockedByAuthor });
    await buildBlock(t, { blocker: cast.blockerOfAuthor, blocked: cast.author });
  });

  /** Opens every member's socket for one test, and what each hears of posts. */
  async function listen() {
    heard.clear();
    for (const name of NAMES) {
      const socket = await bed.socketOf(cast[name]);
      sockets.set(name, socket);
      heard.set(
        name,
        collectEvents(socket, (event) => event.startsWith('posts:')),
      );
    }
  }
  /** Who heard what, as `event:detail`, after the actions' events had time to arrive. */
  async function summary(detail: (event: string, payload: never) => string) {
    await settle(500);
    return Object.fromEntries(
      NAMES.map((name) => [
        name,
        (heard.get(name) ?? []).map(({ event, payload }) => detail(event, payload as never)),
      ]),
    );
  }
  const nameOf = (id: string) => NAMES.find((name) => cast[name].user.id === id) ?? id;

  it('comments on the public post: the author hears those who may comment, nobody else hears', async () => {
    await listen();
    for (const name of OTHERS) {
      await injectAs(t, cast[name], {
        method: 'POST',
        url: `/api/posts/${publicPost.id}/comments`,
        payload: { text: `by ${name}` },
      });
    }
    expect(
      await summary(
        (event, payload: { comment: { author: { _id: string } } }) =>
          `${event}:${nameOf(payload.comment.author._id)}`,
      ),
    ).toEqual({
      author: ['posts:comment:allowed', 'posts:comment:requested', 'posts:comment:stranger'],
      allowed: [],
      requested: [],
      stranger: [],
      blockedByAuthor: [],
      blockerOfAuthor: [],
    });
  });

  it('the author’s replies to each member’s comment: heard by the members with no block', async () => {
    await listen();
    for (const name of OTHERS) {
      const parent = theirComments.get(name)!;
      await injectAs(t, cast.author, {
        method: 'POST',
        url: `/api/posts/${publicPost.id}/comments`,
        payload: { text: `to ${name}`, parent },
      });
    }
    expect(
      await summary((event, payload: { comment: { text: string } }) => `${event}:${payload.comment.text}`),
    ).toEqual({
      author: [],
      allowed: ['posts:comment:to allowed'],
      requested: ['posts:comment:to requested'],
      stranger: ['posts:comment:to stranger'],
      blockedByAuthor: [],
      blockerOfAuthor: [],
    });
  });

  it('permission requests to the private post: the author hears the one new request only', async () => {
    await listen();
    for (const name of OTHERS) {
      await injectAs(t, cast[name], { method: 'POST', url: `/api/posts/${privatePost.id}/requests` });
    }
    expect(
      await summary(
        (event, payload: { requester: { _id: string } }) => `${event}:${nameOf(payload.requester._id)}`,
      ),
    ).toEqual({
      author: ['posts:request:stranger'],
      allowed: [],
      requested: [],
      stranger: [],
      blockedByAuthor: [],
      blockerOfAuthor: [],
    });
  });

  it('the allow list and the answers to requests: heard by each member concerned, never across a block', async () => {
    await listen();
    const patch = (allowed: Name[]) =>
      injectAs(t, cast.author, {
        method: 'PATCH',
        url: `/api/posts/${privatePost.id}`,
        payload: { allowed: allowed.map((name) => cast[name].user.id) },
      });
    for (const name of ['blockedByAuthor', 'blockerOfAuthor'] as const) {
      expect((await patch(['allowed', name])).statusCode).toBe(400);
    }
    await injectAs(t, cast.author, {
      method: 'POST',
      url: `/api/posts/${privatePost.id}/requests/${cast.requested.user.id}`,
      payload: { decision: 'accept' },
    });
    await injectAs(t, cast.author, {
      method: 'POST',
      url: `/api/posts/${privatePost.id}/requests/${cast.stranger.user.id}`,
      payload: { decision: 'decline' },
    });
    await patch(['requested']);
    expect(await summary((event, payload: { access: string }) => `${event}:${payload.access}`)).toEqual({
      author: [],
      allowed: ['posts:access:none'],
      requested: ['posts:access:allowed'],
      stranger: ['posts:access:none'],
      blockedByAuthor: [],
      blockerOfAuthor: [],
    });
  });

  it('the private post made public: no member waiting across a block hears of it', async () => {
    await listen();
    const res = await injectAs(t, cast.author, {
      method: 'PATCH',
      url: `/api/posts/${privatePost.id}`,
      payload: { visibility: 'public' },
    });
    expect(res.statusCode).toBe(200);
    expect(await summary((event, payload: { access: string }) => `${event}:${payload.access}`)).toEqual(
      Object.fromEntries(NAMES.map((name) => [name, []])),
    );
  });
});
