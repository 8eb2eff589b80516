import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_LIST_PAGE_SIZE } from '@motema/shared/safety';
import { clock } from '../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildMatch } from '../../test/discovery-factories.ts';
import { asMember, createMember, type Member } from '../../test/factories.ts';
import { randomIp } from '../../test/net.ts';
import { allBlocks, matchesOf } from '../../test/safety-factories.ts';
import { isBlockedBetween } from './safety.service.ts';

describe('blocks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  const block = (by: Member, user: unknown, ip?: string) =>
    asMember(t, by.cookie)('POST', '/api/blocks', { user }, ip);
  const unblock = (by: Member, user: string, ip?: string) =>
    asMember(t, by.cookie)('DELETE', `/api/blocks/${user}`, undefined, ip);
  const blockList = (by: Member, query = '') => asMember(t, by.cookie)('GET', `/api/blocks${query}`);

  it('blocks a member: 204, stored, and blocked both ways for every feature', async () => {
    const [a, b, c] = [await createMember(t), await createMember(t), await createMember(t)];
    const res = await block(a, b.user.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const rows = (await allBlocks(t.db)).filter((row) => row.blockerId === a.user.id);
    expect(rows).toEqual([expect.objectContaining({ blockerId: a.user.id, blockedId: b.user.id })]);
    expect(await isBlockedBetween(t.db, a.user.id, b.user.id)).toBe(true);
    expect(await isBlockedBetween(t.db, b.user.id, a.user.id)).toBe(true);
    expect(await isBlockedBetween(t.db, a.user.id, c.user.id)).toBe(false);
    expect(await isBlockedBetween(t.db, c.user.id, b.user.id)).toBe(false);
  });

  it('is idempotent: blocking again answers 204 and keeps the one block with its first date', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    expect((await block(a, b.user.id)).statusCode).toBe(204);
    const first = (await allBlocks(t.db)).filter((row) => row.blockerId === a.user.id);
    clock.advance(60_000);
    expect((await block(a, b.user.id)).statusCode).toBe(204);
    expect((await allBlocks(t.db)).filter((row) => row.blockerId === a.user.id)).toEqual(first);
  });

  it('lets the blocked member block back: two blocks, each lifted on its own', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    expect((await block(a, b.user.id)).statusCode).toBe(204);
    expect((await block(b, a.user.id)).statusCode).toBe(204);
    expect((await unblock(b, a.user.id)).statusCode).toBe(204);
    // B lifted B's block only: A's block still hides them from each other.
    expect(await isBlockedBetween(t.db, b.user.id, a.user.id)).toBe(true);
    expect((await unblock(a, b.user.id)).statusCode).toBe(204);
    expect(await isBlockedBetween(t.db, a.user.id, b.user.id)).toBe(false);
  });

  it('ends a match between the two, whichever of them blocks, and no other match', async () => {
    const [a, b, c] = [await createMember(t), await createMember(t), await createMember(t)];
    await buildMatch(t, { members: [a, b] });
    const other = await buildMatch(t, { members: [a, c] });
    const kept = await buildMatch(t, { members: [b, c] });
    expect((await block(b, a.user.id)).statusCode).toBe(204);
    expect(await matchesOf(t.db, a.user.id)).toEqual([other]);
    expect(await matchesOf(t.db, b.user.id)).toEqual([kept]);
    // Lifting the block does not bring the match back: they would have to rate each other again.
    expect((await unblock(b, a.user.id)).statusCode).toBe(204);
    expect(await matchesOf(t.db, b.user.id)).toEqual([kept]);
  });

  it('blocks a deactivated member (they may come back)', async () => {
    const [a, b] = [await createMember(t), await createMember(t, { status: 'deactivated' })];
    expect((await block(a, b.user.id)).statusCode).toBe(204);
    expect(await isBlockedBetween(t.db, a.user.id, b.user.id)).toBe(true);
  });

  it('refuses to block oneself: 400 self_not_allowed, nothing stored', async () => {
    const a = await createMember(t);
    const before = await allBlocks(t.db);
    const res = await block(a, a.user.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'self_not_allowed' });
    expect(await allBlocks(t.db)).toEqual(before);
  });

  it('answers 404 user_not_found for an unknown or unconfirmed member, nothing stored', async () => {
    const a = await createMember(t);
    const pending = await createMember(t, { status: 'pending', emailConfirmedAt: null });
    const before = await allBlocks(t.db);
    for (const user of [randomUUID(), pending.user.id]) {
      const res = await block(a, user);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, code: 'user_not_found' });
    }
    expect(await allBlocks(t.db)).toEqual(before);
  });

  it.each([
    ['not a uuid', 'not-a-uuid'],
    ['a number', 42],
    ['null', null],
    ['missing', undefined],
  ])('refuses a user that is %s: 400 on the field, nothing stored', async (_name, user) => {
    const a = await createMember(t);
    const before = await allBlocks(t.db);
    const res = await block(a, user);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().issues).toContainEqual(
      expect.objectContaining({ path: 'user', code: 'invalid_value' }),
    );
    expect(await allBlocks(t.db)).toEqual(before);
  });

  it('unblocks: 204, idempotent, and 204 for someone never blocked', async () => {
    const [a, b, c] = [await createMember(t), await createMember(t), await createMember(t)];
    await block(a, b.user.id);
    await block(a, c.user.id);
    expect((await unblock(a, b.user.id)).statusCode).toBe(204);
    expect((await unblock(a, b.user.id)).statusCode).toBe(204);
    expect((await unblock(a, randomUUID())).statusCode).toBe(204);
    expect(await isBlockedBetween(t.db, a.user.id, b.user.id)).toBe(false);
    expect(await isBlockedBetween(t.db, a.user.id, c.user.id)).toBe(true);
  });

  it('refuses to unblock a malformed id: 400, nothing removed', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    await block(a, b.user.id);
    const before = await allBlocks(t.db);
    const res = await unblock(a, 'not-a-uuid');
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual(
      expect.objectContaining({ path: 'params.user', code: 'invalid_value' }),
    );
    expect(await allBlocks(t.db)).toEqual(before);
  });

  it('lists the members the viewer blocked, newest first, and only what the list shows', async () => {
    const viewer = await createMember(t);
    const first = await createMember(t, { firstName: 'Kofi', lastName: 'Mensah' });
    const second = await createMember(t, { firstName: null, lastName: null, username: 'noname42' });
    const blockedBy = await createMember(t);
    await block(viewer, first.user.id);
    clock.advance(60_000);
    await block(viewer, second.user.id);
    // Someone who blocked the viewer is not on the viewer's list.
    await block(blockedBy, viewer.user.id);

    const res = await blockList(viewer);
    expect(res.statusCode).toBe(200);
    const { users, count } = res.json();
    expect(count).toBe(2);
    expect(users).toEqual([
      {
        _id: second.user.id,
        username: 'noname42',
        name: 'noname42',
        avatar: null,
        blockedAt: expect.any(String),
      },
      {
        _id: first.user.id,
        username: first.user.username,
        name: 'Kofi',
        avatar: null,
        blockedAt: expect.any(String),
      },
    ]);
    expect(Date.parse(users[0].blockedAt)).toBeGreaterThan(Date.parse(users[1].blockedAt));
    expect((await blockList(blockedBy)).json().users.map((u: { _id: string }) => u._id)).toEqual([
      viewer.user.id,
    ]);
  });

  it('answers an empty list to a member who blocked no one', async () => {
    const a = await createMember(t);
    expect((await blockList(a)).json()).toEqual({ users: [], count: 0 });
  });

  it('pages the list with skip and limit; the count is the whole list', async () => {
    const viewer = await createMember(t);
    const blocked: string[] = [];
    for (let i = 0; i < 5; i++) {
      const member = await createMember(t);
      clock.advance(1000);
      await block(viewer, member.user.id);
      blocked.unshift(member.user.id);
    }
    const ids = (query: string) =>
      blockList(viewer, query).then((res) => res.json().users.map((u: { _id: string }) => u._id));
    expect(await ids('?limit=2')).toEqual(blocked.slice(0, 2));
    expect(await ids('?skip=2&limit=2')).toEqual(blocked.slice(2, 4));
    expect(await ids('?skip=4')).toEqual(blocked.slice(4));
    expect((await blockList(viewer, '?skip=4&limit=2')).json().count).toBe(5);
    expect(BLOCK_LIST_PAGE_SIZE).toBeGreaterThanOrEqual(5);
    expect(await ids('')).toEqual(blocked);
  });

  it.each([
    ['?limit=0', 'querystring.limit', 'invalid_value'],
    ['?limit=101', 'querystring.limit', 'invalid_value'],
    ['?limit=ten', 'querystring.limit', 'must_be_numeric'],
    ['?skip=-1', 'querystring.skip', 'invalid_value'],
  ])('refuses the list query %s: 400 on the field', async (query, path, code) => {
    const a = await createMember(t);
    const res = await blockList(a, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual(expect.objectContaining({ path, code }));
  });

  it('answers 401 to a visitor on every route, and stores nothing', async () => {
    const b = await createMember(t);
    const before = await allBlocks(t.db);
    const visitor = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, remoteAddress: randomIp(), ...(payload ? { payload } : {}) });
    for (const res of [
      await visitor('GET', '/api/blocks'),
      await visitor('POST', '/api/blocks', { user: b.user.id }),
      await visitor('DELETE', `/api/blocks/${b.user.id}`),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
    expect(await allBlocks(t.db)).toEqual(before);
  });

  it('limits blocks to 30 a minute per member, whatever the address (R1)', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const target = b.user.id;
    for (let i = 0; i < 30; i++) {
      const res = await block(a, target, randomIp());
      expect(res.statusCode, `block ${i + 1}`).toBe(204);
    }
    const limited = await block(a, target, randomIp());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another member is not slowed down by it, nor is unblocking.
    expect((await block(b, a.user.id)).statusCode).toBe(204);
    expect((await unblock(a, target)).statusCode).toBe(204);
  });
});
