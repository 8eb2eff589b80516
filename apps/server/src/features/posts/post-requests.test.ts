import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { createProfile } from '../../test/discovery-factories.ts';
import { asMember, type Member } from '../../test/factories.ts';
import { createPhotoItem } from '../../test/media-item-factories.ts';
import { randomIp } from '../../test/net.ts';
import { accessRows, buildPost } from '../../test/post-factories.ts';
import { buildBlock } from '../../test/safety-factories.ts';
import { collect, nextEvent, settle, socketTestBed } from '../../test/socket-test-bed.ts';

describe('permission requests to see a private post', () => {
  const bed = socketTestBed();
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });
  afterEach(() => clock.reset());

  const as = (member: Member) => asMember(t, member.cookie);
  const patch = (member: Member, url: string, payload: object) =>
    t.app.inject({
      method: 'PATCH',
      url,
      payload,
      headers: { cookie: member.cookie },
      remoteAddress: randomIp(),
    });
  const access = async (member: Member, postId: string) =>
    (await as(member)('GET', `/api/posts/${postId}`)).json();
  const waiting = async (author: Member) =>
    (await as(author)('GET', '/api/posts/requests'))
      .json()
      .requests.map(
        (request: { post: { _id: string }; requester: { _id: string } }) =>
          `${request.post._id}:${request.requester._id}`,
      );

  async function scene() {
    const author = await createProfile(t, { firstName: 'Author' });
    const member = await createProfile(t, { firstName: 'Kito', lastName: 'Hidden' });
    const item = await createPhotoItem(t, { owner: author });
    const post = await buildPost(t, {
      author,
      visibility: 'private',
      media: [item],
      text: 'Only for friends',
    });
    return {
      author,
      member,
      post,
      item,
      file: `/api/posts/${post.id}/media/${item.id}/${item.image![0]!.key.split('/').at(-1)}`,
    };
  }

  it('goes from locked to requested to allowed, each side told on its socket', async () => {
    const { author, member, post, file } = await scene();
    const [authorSocket, memberSocket] = [await bed.socketOf(author), await bed.socketOf(member)];

    expect(await access(member, post.id)).toMatchObject({
      locked: true,
      access: 'none',
      text: '',
      media: [],
    });
    expect((await as(member)('GET', file)).statusCode).toBe(404);

    const told = nextEvent(authorSocket, 'posts:request');
    const asked = await as(member)('POST', `/api/posts/${post.id}/requests`);
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toEqual({ access: 'requested' });
    expect(await told).toEqual({
      post: { _id: post.id },
      requester: {
        _id: member.user.id,
        username: member.user.username,
        firstName: 'Kito',
        name: 'Kito',
        avatar: null,
      },
    });
    expect(await access(member, post.id)).toMatchObject({ locked: true, access: 'requested', text: '' });
    expect(await waiting(author)).toEqual([`${post.id}:${member.user.id}`]);
    const again = await as(member)('POST', `/api/posts/${post.id}/requests`);
    expect([again.statusCode, again.json().code]).toEqual([409, 'post_already_requested']);

    const allowed = nextEvent(memberSocket, 'posts:access');
    const decided = await as(author)('POST', `/api/posts/${post.id}/requests/${member.user.id}`, {
      decision: 'accept',
    });
    expect(decided.statusCode).toBe(204);
    expect(await allowed).toEqual({ post: { _id: post.id }, access: 'allowed' });
    expect(await access(member, post.id)).toMatchObject({
      locked: false,
      access: 'allowed',
      text: 'Only for friends',
    });
    expect((await as(member)('GET', file)).statusCode).toBe(200);
    expect(await accessRows(t.db, post.id)).toEqual({ allowed: [member.user.id], requested: [] });
    expect(await waiting(author)).toEqual([]);
    const more = await as(member)('POST', `/api/posts/${post.id}/requests`);
    expect([more.statusCode, more.json().code]).toEqual([409, 'post_already_allowed']);
  });

  it('lets the member withdraw and the author decline; either way they may ask again', async () => {
    const { author, member, post } = await scene();
    const memberSocket = await bed.socketOf(member);
    expect((await as(member)('POST', `/api/posts/${post.id}/requests`)).statusCode).toBe(201);
    expect((await as(member)('DELETE', `/api/posts/${post.id}/requests`)).statusCode).toBe(204);
    expect(await waiting(author)).toEqual([]);
    expect(await access(member, post.id)).toMatchObject({ access: 'none' });
    // Withdrawing twice is no error.
    expect((await as(member)('DELETE', `/api/posts/${post.id}/requests`)).statusCode).toBe(204);

    expect((await as(member)('POST', `/api/posts/${post.id}/requests`)).statusCode).toBe(201);
    const declined = nextEvent(memberSocket, 'posts:access');
    const res = await as(author)('POST', `/api/posts/${post.id}/requests/${member.user.id}`, {
      decision: 'decline',
    });
    expect(res.statusCode).toBe(204);
    expect(await declined).toEqual({ post: { _id: post.id }, access: 'none' });
    expect(await accessRows(t.db, post.id)).toEqual({ allowed: [], requested: [] });
    expect((await as(member)('POST', `/api/posts/${post.id}/requests`)).statusCode).toBe(201);
  });

  it('tells a member taken off the allow list, and those waiting when the post goes public', async () => {
    const { author, member, post } = await scene();
    const other = await createProfile(t);
    const [memberSocket, otherSocket] = [await bed.socketOf(member), await bed.socketOf(other)];
    const memberHeard = collect(memberSocket, 'posts:access');
    const allowed = nextEvent(memberSocket, 'posts:access');
    expect((await patch(author, `/api/posts/${post.id}`, { allowed: [member.user.id] })).statusCode).toBe(
      200,
    );
    expect(await allowed).toEqual({ post: { _id: post.id }, access: 'allowed' });
    const removed = nextEvent(memberSocket, 'posts:access', (event) => event.access === 'none');
    const res = await patch(author, `/api/posts/${post.id}`, { allowed: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json().allowed).toEqual([]);
    expect(await removed).toEqual({ post: { _id: post.id }, access: 'none' });
    expect(await access(member, post.id)).toMatchObject({ locked: true, access: 'none' });

    // The allow list is kept while public, and counts again once private.
    await patch(author, `/api/posts/${post.id}`, { allowed: [member.user.id] });
    expect((await as(other)('POST', `/api/posts/${post.id}/requests`)).statusCode).toBe(201);
    const opened = nextEvent(otherSocket, 'posts:access');
    const madePublic = await patch(author, `/api/posts/${post.id}`, { visibility: 'public' });
    expect(madePublic.json()).toMatchObject({ visibility: 'public', allowed: null });
    expect(await opened).toEqual({ post: { _id: post.id }, access: 'allowed' });
    expect(await accessRows(t.db, post.id)).toEqual({ allowed: [member.user.id], requested: [] });
    expect(await access(other, post.id)).toMatchObject({ locked: false, access: 'allowed' });
    await patch(author, `/api/posts/${post.id}`, { visibility: 'private' });
    expect(await access(other, post.id)).toMatchObject({ locked: true, access: 'none' });
    expect(await access(member, post.id)).toMatchObject({ locked: false, access: 'allowed' });
    await settle();
    expect(memberHeard.map((event) => event.access)).toEqual(['allowed', 'none', 'allowed']);
  });

  it('answers 404 to a decision on no waiting request or on another’s post, and changes nothing', async () => {
    const { author, member, post } = await scene();
    const stranger = await createProfile(t);
    await as(member)('POST', `/api/posts/${post.id}/requests`);
    const cases = [
      [author, `/api/posts/${post.id}/requests/${randomUUID()}`, 'post_request_not_found'],
      [author, `/api/posts/${post.id}/requests/${stranger.user.id}`, 'post_request_not_found'],
      [stranger, `/api/posts/${post.id}/requests/${member.user.id}`, 'post_not_found'],
      [member, `/api/posts/${post.id}/requests/${member.user.id}`, 'post_not_found'],
    ] as const;
    for (const [by, url, code] of cases) {
      const res = await as(by)('POST', url, { decision: 'accept' });
      expect([res.statusCode, res.json().code]).toEqual([404, code]);
    }
    expect(await accessRows(t.db, post.id)).toEqual({ allowed: [], requested: [member.user.id] });
  });

  it.each(['author blocks', 'requester blocks'] as const)(
    'hides a request once the %s: out of the list, no decision, nothing told',
    async (who) => {
      const { author, member, post } = await scene();
      const memberSocket = await bed.socketOf(member);
      const heard = collect(memberSocket, 'posts:access');
      await as(member)('POST', `/api/posts/${post.id}/requests`);
      if (who === 'author blocks') await buildBlock(t, { blocker: author, blocked: member });
      else await buildBlock(t, { blocker: member, blocked: author });
      expect(await waiting(author)).toEqual([]);
      const res = await as(author)('POST', `/api/posts/${post.id}/requests/${member.user.id}`, {
        decision: 'accept',
      });
      expect([res.statusCode, res.json().code]).toEqual([404, 'post_request_not_found']);
      await settle();
      expect(heard).toEqual([]);
    },
  );

  it('pages the author’s waiting requests, newest first', async () => {
    const author = await createProfile(t);
    const post = await buildPost(t, { author, visibility: 'private' });
    const requesters: string[] = [];
    for (let i = 0; i < 3; i++) {
      const member = await createProfile(t);
      clock.advance(1000);
      await as(member)('POST', `/api/posts/${post.id}/requests`);
      requesters.unshift(member.user.id);
    }
    const all = await as(author)('GET', '/api/posts/requests');
    expect(all.json().requests.map((r: { requester: { _id: string } }) => r.requester._id)).toEqual(
      requesters,
    );
    expect(all.json().next).toBeNull();
    const bad = await as(author)('GET', '/api/posts/requests?cursor=bm90LWEtY3Vyc29y');
    expect(bad.statusCode).toBe(400);
  });

  it('counts the author’s waiting requests (the feed’s link to them), a blocked requester left out', async () => {
    const author = await createProfile(t);
    const count = async () => (await as(author)('GET', '/api/posts/requests')).json().count;
    expect(await count()).toBe(0);
    const post = await buildPost(t, { author, visibility: 'private' });
    const other = await buildPost(t, { author, visibility: 'private' });
    const [a, b, c] = [await createProfile(t), await createProfile(t), await createProfile(t)];
    for (const [member, target] of [
      [a, post],
      [b, post],
      [b, other],
      [c, other],
    ] as const) {
      expect((await as(member)('POST', `/api/posts/${target.id}/requests`)).statusCode).toBe(201);
    }
    expect(await count()).toBe(4);
    await buildBlock(t, { blocker: author, blocked: c });
    expect(await count()).toBe(3);
    const declined = await as(author)('POST', `/api/posts/${post.id}/requests/${a.user.id}`, {
      decision: 'decline',
    });
    expect(declined.statusCode).toBe(204);
    expect(await count()).toBe(2);
  });

  it('limits requests to 30 an hour per member (R1)', async () => {
    const { member, post } = await scene();
    for (let i = 0; i < 15; i++) {
      expect((await as(member)('POST', `/api/posts/${post.id}/requests`)).statusCode).toBe(201);
      expect((await as(member)('DELETE', `/api/posts/${post.id}/requests`)).statusCode).toBe(204);
    }
    for (let i = 0; i < 15; i++) await as(member)('POST', `/api/posts/${post.id}/requests`);
    const limited = await as(member)('POST', `/api/posts/${post.id}/requests`);
    expect([limited.statusCode, limited.json().code]).toEqual([429, 'rate_limited']);
  });
});
