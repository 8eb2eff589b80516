import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SWAP_CARD_PHOTOS, USER_LIST_FILTERS, userListSize } from '@motema/shared/discovery';
import { users } from '../../db/schema.ts';
import { clock } from '../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  buildRating,
  createProfile,
  everyRelation,
  expectNoPrivateData,
  idsOf,
  insertProfiles,
  KINSHASA,
  listFor,
  moved,
} from '../../test/discovery-factories.ts';
import { asMember } from '../../test/factories.ts';
import { buildPhoto } from '../../test/media-factories.ts';
import { snapToGrid } from './snap-to-grid.ts';

const CARD_KEYS = [
  '_id',
  'activity',
  'age',
  'avatar',
  'distance',
  'firstName',
  'name',
  'sex',
  'username',
  'verified',
];
const minutesAgo = (minutes: number) => new Date(clock.now().getTime() - minutes * 60_000);

describe('GET /api/users: the keyed lists', () => {
  let t: TestApp;
  // Each test works in an age band of its own: its viewer wants exactly that age, so the members
  // other tests create never show up in its lists.
  let nextAge = 20;
  const viewerOfBand = async (options: Parameters<typeof createProfile>[1] = {}) => {
    const age = nextAge++;
    const viewer = await createProfile(t, { age: 50, matchAgeMin: age, matchAgeMax: age, ...options });
    return { viewer, age };
  };

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  it('answers the default list in pages of 96, newest activity first, with a count', async () => {
    const { viewer, age } = await viewerOfBand();
    const rows = await insertProfiles(t, 100, { age }, (i) => ({
      lastActivity: i === 7 ? null : minutesAgo(i),
    }));
    const expected = rows.filter((_, i) => i !== 7).map((row) => row.id);

    const first = await listFor(t, viewer, 'users');
    expect(first.users).toHaveLength(userListSize('users'));
    expect(first.count).toBe(100);
    expect(first.users.map((user) => user._id)).toEqual(expected.slice(0, 96));
    for (const card of first.users) expect(Object.keys(card).sort()).toEqual(CARD_KEYS);

    const second = await listFor(t, viewer, 'users', { skip: 96 });
    // Never active comes last.
    expect(second.users.map((user) => user._id)).toEqual([...expected.slice(96), rows[7]!.id]);
    expect(second.count).toBe(100);

    expect(await idsOf(t, viewer, 'users', { limit: 5, skip: 2 })).toEqual(expected.slice(2, 7));
  });

  it('caps the page at the list size whatever limit is asked', async () => {
    const { viewer, age } = await viewerOfBand();
    await insertProfiles(t, 30, { age });
    expect((await listFor(t, viewer, 'last', { limit: 100 })).users).toHaveLength(userListSize('last'));
    expect((await listFor(t, viewer, 'popular', { limit: 100 })).users).toHaveLength(userListSize('popular'));
    expect((await listFor(t, viewer, 'near', { limit: 30 })).users).toHaveLength(userListSize('near'));
    expect((await listFor(t, viewer, 'popular')).count).toBe(30);
  });

  it('sorts the default and connected lists by activity, creation or popularity', async () => {
    const { viewer, age } = await viewerOfBand();
    const rows = await insertProfiles(t, 6, { age }, (i) => ({
      lastActivity: minutesAgo(i),
      createdAt: minutesAgo(100 - i * 7),
      popularity: [40, 90, 10, 70, 20, 55][i]!,
      connected: i % 2 === 0,
    }));
    const id = (i: number) => rows[i]!.id;
    expect(await idsOf(t, viewer, 'users')).toEqual([0, 1, 2, 3, 4, 5].map(id));
    expect(await idsOf(t, viewer, 'users', { sort: '-createdAt' })).toEqual([5, 4, 3, 2, 1, 0].map(id));
    expect(await idsOf(t, viewer, 'users', { sort: '-popularity' })).toEqual([1, 3, 5, 0, 4, 2].map(id));
    expect(await idsOf(t, viewer, 'connected')).toEqual([0, 2, 4].map(id));
    expect(await idsOf(t, viewer, 'connected', { sort: '-createdAt' })).toEqual([4, 2, 0].map(id));
    expect(await idsOf(t, viewer, 'connected', { sort: '-popularity' })).toEqual([0, 4, 2].map(id));
    const connected = await listFor(t, viewer, 'connected');
    expect(connected.count).toBe(3);
    expect(connected.users.every((user) => user.activity === 'online')).toBe(true);
  });

  it('orders popular by popularity and last by arrival, in pages of 24 and 12', async () => {
    const { viewer, age } = await viewerOfBand();
    const rows = await insertProfiles(t, 30, { age }, (i) => ({
      popularity: (i * 37) % 101,
      createdAt: minutesAgo(1000 - i),
    }));
    const byPopularity = [...rows].sort((a, b) => b.popularity - a.popularity || (a.id < b.id ? 1 : -1));
    expect(await idsOf(t, viewer, 'popular')).toEqual(byPopularity.slice(0, 24).map((row) => row.id));
    const newest = [...rows].reverse();
    expect(await idsOf(t, viewer, 'last')).toEqual(newest.slice(0, 12).map((row) => row.id));
    expect(await idsOf(t, viewer, 'last', { skip: 12 })).toEqual(newest.slice(12, 24).map((row) => row.id));
  });

  it('orders near by distance, then id, leaving out members without a position or too far', async () => {
    const { viewer, age } = await viewerOfBand({ matchDistance: 30 });
    const at = (km: number) => moved(KINSHASA, km, km / 2);
    const rows = await insertProfiles(t, 8, { age, position: null });
    const spots = [at(12), at(0), at(3), null, at(3), at(25), at(40), at(-7)];
    for (const [i, spot] of spots.entries()) {
      if (!spot) continue;
      await t.db
        .update(users)
        .set(snapToGrid(spot.latitude, spot.longitude))
        .where(eq(users.id, rows[i]!.id));
    }
    const list = await listFor(t, viewer, 'near');
    const sameCell = [rows[2]!.id, rows[4]!.id].sort();
    expect(list.users.map((user) => user._id)).toEqual([
      rows[1]!.id,
      ...sameCell,
      rows[7]!.id,
      rows[0]!.id,
      rows[5]!.id,
    ]);
    expect(list.users.map((user) => user.distance)).toEqual([1, 5, 5, 10, 25, 50]);
    expect(list.count).toBe(6);

    const nowhere = await createProfile(t, { age: 50, matchAgeMin: age, matchAgeMax: age, position: null });
    expect(await listFor(t, nowhere, 'near')).toEqual({ users: [], count: 0 });
  });

  it('leaves out members the viewer already rated when unrated=true (the swap deck)', async () => {
    const { viewer, age } = await viewerOfBand();
    const rows = await insertProfiles(t, 4, { age }, (i) => ({ lastActivity: minutesAgo(i) }));
    const [rated] = await Promise.all([createProfile(t, { age, lastActivity: minutesAgo(10) })]);
    await buildRating(t, { rater: viewer, rated: rated!, score: 1 });
    const deck = await listFor(t, viewer, 'users', { unrated: true });
    expect(deck.users.map((user) => user._id)).toEqual(rows.map((row) => row.id));
    expect(deck.count).toBe(4);
    expect(await idsOf(t, viewer, 'users')).toContain(rated!.user.id);
  });

  it('sends each card its avatar slim (thumbnail and placeholder); only the deck gets whole photos and the about text', async () => {
    const { viewer, age } = await viewerOfBand();
    const member = await createProfile(t, { age, about: 'Dancer, Lingala teacher' });
    const photo = await buildPhoto(t, {
      owner: member,
      avatar: true,
      width: 1080,
      height: 1350,
      placeholder: 'data:image/webp;base64,UklG',
      variants: [160, 480, 1080].flatMap((width) =>
        (['image/avif', 'image/webp'] as const).map((type) => ({
          width,
          height: Math.round(width * 1.25),
          type,
          key: `photos/${member.user.id}/p/${width}.${type.slice(6)}`,
          bytes: width * 10,
        })),
      ),
    });
    const slim = {
      thumbnail: `/api/media/${photo.id}/160.webp`,
      placeholder: 'data:image/webp;base64,UklG',
    };

    const [card] = (await listFor(t, viewer, 'users')).users;
    expect(Object.keys(card!).sort()).toEqual(CARD_KEYS);
    expect(card!.avatar).toEqual(slim);

    const [deckCard] = (await listFor(t, viewer, 'users', { unrated: true })).users;
    expect(Object.keys(deckCard!).sort()).toEqual([...CARD_KEYS, 'about', 'photos'].sort());
    expect(deckCard!.avatar).toEqual(slim);
    expect(deckCard!.about).toBe('Dancer, Lingala teacher');
    expect(deckCard!.photos).toHaveLength(1);
    expect(deckCard!.photos![0]).toMatchObject({ _id: photo.id, width: 1080, height: 1350, ...slim });
    expect(deckCard!.photos![0]!.sources).toHaveLength(6);
  });

  it('gives each deck card its avatar first, then its newest other photos, SWAP_CARD_PHOTOS at most', async () => {
    const { viewer, age } = await viewerOfBand();
    const [many, none, noAvatar] = await Promise.all([1, 2, 3].map(() => createProfile(t, { age })));
    const at = (minutes: number) => ({ createdAt: minutesAgo(minutes) });
    // The avatar is the oldest of six photos: it still comes first, and the oldest others are left out.
    const avatar = await buildPhoto(t, { owner: many!, avatar: true, ...at(60) });
    const others = [];
    for (const minutes of [50, 40, 30, 20, 10])
      others.push(await buildPhoto(t, { owner: many!, ...at(minutes) }));
    const loose = [
      await buildPhoto(t, { owner: noAvatar!, ...at(5) }),
      await buildPhoto(t, { owner: noAvatar!, ...at(1) }),
    ];

    const deck = await listFor(t, viewer, 'users', { unrated: true });
    const photosOf = (member: typeof many) =>
      deck.users.find((card) => card._id === member!.user.id)!.photos!.map((photo) => photo._id);
    expect(SWAP_CARD_PHOTOS).toBe(4);
    expect(photosOf(many)).toEqual([
      avatar.id,
      ...others
        .slice(-3)
        .reverse()
        .map((photo) => photo.id),
    ]);
    expect(photosOf(none)).toEqual([]);
    expect(photosOf(noAvatar)).toEqual([loose[1]!.id, loose[0]!.id]);
    expect(deck.users.find((card) => card._id === none!.user.id)!.about).toBe('');

    // The other lists' cards stay slim.
    for (const card of (await listFor(t, viewer, 'users')).users)
      expect(Object.keys(card).sort()).toEqual(CARD_KEYS);
  });

  it('refuses bad queries with a clear error', async () => {
    const { viewer } = await viewerOfBand();
    for (const [query, path, code] of [
      ['filter=everyone', 'filter', 'invalid_value'],
      ['skip=-1', 'skip', 'invalid_value'],
      ['skip=ten', 'skip', 'must_be_numeric'],
      ['skip=10001', 'skip', 'invalid_value'],
      ['limit=0', 'limit', 'invalid_value'],
      ['limit=101', 'limit', 'invalid_value'],
      ['limit=2.5', 'limit', 'must_be_numeric'],
      ['sort=name', 'sort', 'invalid_value'],
      ['unrated=perhaps', 'unrated', 'invalid_value'],
    ] as const) {
      const res = await asMember(t, viewer.cookie)('GET', `/api/users?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({
        code: 'validation_failed',
        issues: [expect.objectContaining({ path: `querystring.${path}`, code })],
      });
    }
  });

  it('is for members only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users?filter=near' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });

  it.each(USER_LIST_FILTERS)(
    'never answers a birth date, contact or position in the %s list',
    async (filter) => {
      const { viewer, age } = await viewerOfBand();
      const other = await createProfile(t, {
        age,
        connected: true,
        phone: `+24381${String(nextAge).padStart(7, '0')}`,
      });
      await everyRelation(t, viewer, other);
      const body = (await asMember(t, viewer.cookie)('GET', `/api/users?filter=${filter}`)).body;
      expect(JSON.parse(body).users.map((user: { _id: string }) => user._id)).toEqual([other.user.id]);
      expectNoPrivateData(body, other);
    },
  );
});
