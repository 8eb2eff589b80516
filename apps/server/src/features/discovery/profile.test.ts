import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProfileSchema } from '@motema/shared/discovery';
import { visits } from '../../db/schema.ts';
import { clock } from '../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  buildMatch,
  buildRating,
  createProfile,
  expectNoPrivateData,
  KINSHASA,
  moved,
} from '../../test/discovery-factories.ts';
import { asMember, findUser, type Member } from '../../test/factories.ts';
import { buildPhoto } from '../../test/media-factories.ts';
import { buildBlock } from '../../test/safety-factories.ts';
import { computePopularity } from './popularity.ts';

const VISITOR_KEYS = ['_id', 'about', 'age', 'avatar', 'firstName', 'name', 'sex', 'username', 'verified'];
const MEMBER_KEYS = [
  ...VISITOR_KEYS,
  'activity',
  'distance',
  'orientation',
  'photos',
  'rating',
  'relationship',
].sort();
const DAY_MS = 86_400_000;

describe('GET /api/users/:id: profile pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  const open = (viewer: Member | null, id: string) =>
    viewer
      ? asMember(t, viewer.cookie)('GET', `/api/users/${id}`)
      : t.app.inject({ method: 'GET', url: `/api/users/${id}` });

  /** A photo with a 160 px WebP and a 480 px AVIF variant; the avatar when `avatar`. */
  const addPhoto = (owner: Member, avatar = false) =>
    buildPhoto(t, {
      owner,
      avatar,
      width: 1080,
      height: 1350,
      placeholder: 'data:image/webp;base64,AAAA',
      variants: [
        {
          width: 160,
          height: 200,
          type: 'image/webp',
          key: `photos/${owner.user.id}/x/160.webp`,
          bytes: 9000,
        },
        {
          width: 480,
          height: 600,
          type: 'image/avif',
          key: `photos/${owner.user.id}/x/480.avif`,
          bytes: 30000,
        },
      ],
    });

  it('shows visitors the identity and about text only', async () => {
    const member = await createProfile(t, {
      about: 'Mbote! I love rumba.',
      relationship: 'single',
      orientation: 'heterosexual',
      age: 27,
    });
    const avatar = await addPhoto(member, true);
    const res = await open(null, member.user.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(VISITOR_KEYS);
    expect(body).toMatchObject({
      _id: member.user.id,
      firstName: 'Amani',
      name: 'Amani',
      age: 27,
      sex: 'female',
      about: 'Mbote! I love rumba.',
      avatar: { _id: avatar.id, thumbnail: `/api/media/${avatar.id}/160.webp` },
    });
    expect(ProfileSchema.safeParse(body).success).toBe(true);
    expectNoPrivateData(res.body, member);
    // No visit from a visitor.
    expect(await t.db.select().from(visits).where(eq(visits.visitedId, member.user.id))).toEqual([]);
  });

  it('shows members photos, facts, activity, a distance bucket and their rating', async () => {
    const viewer = await createProfile(t, { position: KINSHASA });
    const member = await createProfile(t, {
      relationship: 'married',
      orientation: 'bisexual',
      position: moved(KINSHASA, 3.4, 2),
      connected: false,
      lastActivity: new Date(clock.now().getTime() - 3 * DAY_MS),
    });
    const older = await addPhoto(member);
    const newer = await addPhoto(member, true);
    await buildRating(t, { rater: viewer, rated: member, score: 4 });
    await buildRating(t, { rater: member, rated: viewer, score: 5 });
    await buildMatch(t, { members: [viewer, member] });

    const res = await open(viewer, member.user.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(MEMBER_KEYS);
    expect(body).toMatchObject({
      relationship: 'married',
      orientation: 'bisexual',
      activity: 'week',
      distance: 5,
      rating: { mine: 4, matched: true },
    });
    expect(body.photos.map((photo: { _id: string }) => photo._id).sort()).toEqual(
      [older.id, newer.id].sort(),
    );
    expect(body.avatar._id).toBe(newer.id);
    expect(ProfileSchema.safeParse(body).success).toBe(true);
    expectNoPrivateData(res.body, member);
    expectNoPrivateData(res.body, viewer);
  });

  it('answers rating null, not matched, and no distance when there is none to tell', async () => {
    const viewer = await createProfile(t, { position: null });
    const member = await createProfile(t, { connected: true });
    const body = (await open(viewer, member.user.id)).json();
    expect(body).toMatchObject({
      rating: { mine: null, matched: false },
      distance: null,
      activity: 'online',
      photos: [],
    });
  });

  it('answers 404 user_not_found for unknown, inactive, incomplete and blocked members, to anyone', async () => {
    const viewer = await createProfile(t);
    const hidden = [
      await createProfile(t, { status: 'pending', emailConfirmedAt: null }),
      await createProfile(t, { status: 'deactivated' }),
      await createProfile(t, { firstName: null }),
      await createProfile(t, { firstName: '' }),
      await createProfile(t, { sex: null }),
    ];
    const blockedByViewer = await createProfile(t);
    const blockingViewer = await createProfile(t);
    await buildBlock(t, { blocker: viewer, blocked: blockedByViewer });
    await buildBlock(t, { blocker: blockingViewer, blocked: viewer });

    for (const [who, id] of [
      ...hidden.map((member) => ['hidden', member.user.id] as const),
      ['unknown', '6f1c1c66-8a3e-4d2f-9a57-6e0f3c8f2b10'],
      ['malformed', 'not-a-uuid'],
      ['blocked by the viewer', blockedByViewer.user.id],
      ['blocking the viewer', blockingViewer.user.id],
    ] as const) {
      const res = await open(viewer, id);
      expect(res.statusCode, who).toBe(404);
      expect(res.json().code, who).toBe('user_not_found');
    }
    for (const member of hidden) expect((await open(null, member.user.id)).statusCode).toBe(404);
    // A block hides members from each other only: visitors and other members still see them.
    expect((await open(null, blockedByViewer.user.id)).statusCode).toBe(200);
    expect((await open(await createProfile(t), blockingViewer.user.id)).statusCode).toBe(200);
    // And no visit was recorded.
    expect(await t.db.select().from(visits).where(eq(visits.visitorId, viewer.user.id))).toEqual([]);
  });

  it('counts a visit once per viewer per calendar day, never for oneself', async () => {
    // At noon (UTC): the openings below fall on one calendar day, then on the next.
    const now = clock.now();
    clock.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12) - now.getTime());
    const viewer = await createProfile(t);
    const member = await createProfile(t);
    const visitsOf = () =>
      t.db
        .select()
        .from(visits)
        .where(and(eq(visits.visitorId, viewer.user.id), eq(visits.visitedId, member.user.id)));

    await open(viewer, member.user.id);
    const [first] = await visitsOf();
    expect(first).toMatchObject({ days: 1 });
    await open(viewer, member.user.id);
    await open(viewer, member.user.id);
    expect(await visitsOf()).toEqual([first]);

    clock.advance(DAY_MS);
    await open(viewer, member.user.id);
    const [second] = await visitsOf();
    expect(second!.days).toBe(2);
    expect(second!.lastAt.getTime()).toBeGreaterThan(first!.lastAt.getTime());
    expect(second!.firstAt).toEqual(first!.firstAt);

    const self = await open(member, member.user.id);
    expect(self.statusCode).toBe(200);
    expect(Object.keys(self.json()).sort()).toEqual(MEMBER_KEYS);
    expect(await t.db.select().from(visits).where(eq(visits.visitorId, member.user.id))).toEqual([]);
  });

  it('recomputes the popularity of the member visited on each first visit', async () => {
    const member = await createProfile(t);
    const visitors = await Promise.all([1, 2, 3, 4].map(() => createProfile(t)));
    await buildRating(t, { rater: visitors[0]!, rated: member, score: 5 });
    for (const visitor of visitors) {
      await open(visitor, member.user.id);
      await open(visitor, member.user.id);
    }
    const stored = await findUser(t.db, member.user.id);
    // One 5-star rating stored directly (no recompute) and four distinct visitors recomputed it.
    expect(stored!.popularity).toBe(computePopularity({ ratings: 1, scoreSum: 5, visitors: 4 }));
    expect(stored!.popularity).toBeGreaterThan(0);
  });
});
