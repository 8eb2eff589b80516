import fc from 'fast-check';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, DbOrTx } from '../../../db/client.ts';
import * as schema from '../../../db/schema.ts';
import { templatedStatement, type Templates } from '../../../db/statement-templates.ts';
import { clock } from '../../../lib/clock.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildMatch, createProfile, KINSHASA, moved } from '../../../test/discovery-factories.ts';
import type { Member } from '../../../test/factories.ts';
import { buildPost } from '../../../test/post-factories.ts';
import type { Viewer } from '../../discovery/discovery.policy.ts';
import { loadViewer } from '../../discovery/user-lists.service.ts';
import { feedInputs, type FeedInput } from './feed-templates.repository.ts';
import { feedPageQuery, findFeedPage } from './feed.repository.ts';

// Builds SQL only: the pool never connects.
const sqlOnly = drizzle(new pg.Pool(), { schema }) as unknown as Db;
const builder = (db: DbOrTx) => (input: FeedInput) =>
  feedPageQuery(db, input.viewer, input.after, input.limit).toSQL();

/** B1's typical member: wanting women of 26 to 34 within 100 km, near Kinshasa. */
const typical: Viewer = {
  id: '6f1c2a8e-3d4b-4c5d-8e9f-0a1b2c3d4e5f',
  matchSex: ['female'],
  bornOnOrBefore: '2000-12-03',
  bornAfter: '1991-12-03',
  matchDistanceKm: 100,
  latitude: -4.3,
  longitude: 15.3,
  verifiedOnly: false,
};
const later = { createdAt: new Date('2026-11-20T10:00:00.123Z'), id: '0b7e9c1d-2a3f-4e5d-9c8b-7a6f5e4d3c2b' };

const date = fc
  .integer({ min: Date.UTC(1930, 0, 1), max: Date.UTC(2008, 0, 1) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10));
const input: fc.Arbitrary<FeedInput> = fc.record({
  viewer: fc.record({
    id: fc.uuid(),
    matchSex: fc.subarray(['male', 'female', 'non_binary'], { minLength: 1 }),
    bornOnOrBefore: date,
    bornAfter: date,
    matchDistanceKm: fc.constantFrom(1, 25, 100, 500),
    latitude: fc.option(fc.double({ min: -89.9, max: 89.9, noNaN: true })),
    longitude: fc.option(fc.double({ min: -179.9, max: 179.9, noNaN: true })),
    verifiedOnly: fc.boolean(),
  }),
  after: fc.option(
    fc.record({
      createdAt: fc
        .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 0, 1) })
        .map((ms) => new Date(ms)),
      id: fc.uuid(),
    }),
    { nil: undefined },
  ),
  limit: fc.constantFrom(21, 7, 200),
});

describe("the feed's statement templates", () => {
  it('give the statement Drizzle builds, text and parameters, for every viewer, cursor and limit', () => {
    const templates: Templates = new Map();
    fc.assert(
      fc.property(fc.array(input, { minLength: 1, maxLength: 4 }), (inputs) => {
        for (const each of inputs) {
          const statement = templatedStatement(feedInputs, templates, 'page', builder(sqlOnly), each);
          expect(statement).toEqual(builder(sqlOnly)(each));
        }
      }),
      { numRuns: 150 },
    );
    const learned = [...templates.values()].filter((template) => template !== null).length;
    expect(learned / templates.size).toBeGreaterThan(0.9);
  });

  it('learn the common shapes: a first and a later page with a position, a first page without', () => {
    const templates: Templates = new Map();
    const nowhere = { ...typical, latitude: null, longitude: null };
    for (const each of [
      { viewer: typical, after: undefined, limit: 21 },
      { viewer: typical, after: later, limit: 21 },
      { viewer: nowhere, after: undefined, limit: 21 },
      { viewer: nowhere, after: later, limit: 21 },
    ]) {
      templatedStatement(feedInputs, templates, 'page', builder(sqlOnly), each);
    }
    expect([...templates.values()]).toEqual(
      Array(4).fill(expect.objectContaining({ sql: expect.any(String) })),
    );
  });

  it('leave to Drizzle a shape with a value they cannot name', () => {
    // The limit sent one higher than the input's: a parameter that no name covers.
    const unnamed = (each: FeedInput) => builder(sqlOnly)({ ...each, limit: each.limit + 1 });
    const templates: Templates = new Map();
    const first = { viewer: typical, after: later, limit: 21 };
    expect(templatedStatement(feedInputs, templates, 'page', unnamed, first)).toEqual(unnamed(first));
    expect([...templates.values()]).toEqual([null]);
  });
});

describe("the feed's templated statement against the database", () => {
  let t: TestApp;
  let near: Member;
  let nowhere: Member;

  beforeAll(async () => {
    t = await buildTestApp();
    near = await createProfile(t, { sex: 'male', wants: ['female'] });
    nowhere = await createProfile(t, { sex: 'female', wants: ['male'], position: null });
    const close = await createProfile(t, { sex: 'female', position: moved(KINSHASA, 5) });
    const far = await createProfile(t, { sex: 'female', position: moved(KINSHASA, 900) });
    const matched = await createProfile(t, { sex: 'male', position: moved(KINSHASA, 900) });
    await buildMatch(t, { members: [near, matched] });
    await buildMatch(t, { members: [nowhere, matched] });
    const start = clock.now().getTime() - 3_600_000;
    const authors = [close, far, matched, near, nowhere];
    for (let i = 0; i < 30; i++) {
      const author = authors[i % authors.length]!;
      const visibility = i % 3 === 0 ? 'private' : 'public';
      const allowed = i % 6 === 0 ? [near, nowhere] : [];
      await buildPost(t, { author, visibility, allowed, createdAt: new Date(start + i * 60_000) });
    }
  }, 60_000);
  afterAll(() => t?.close());

  it.each(['near', 'nowhere'] as const)(
    'answers the rows Drizzle answers, page after page, for a viewer %s',
    async (who) => {
      const viewer = await loadViewer(t.db, (who === 'near' ? near : nowhere).user.id);
      let after: FeedInput['after'];
      let pages = 0;
      do {
        const templated = await findFeedPage(t.db, viewer, after, 6);
        // In a transaction the statement is Drizzle's own, built and read by Drizzle (db/array-rows.ts).
        const drizzles = await t.db.transaction((tx) => findFeedPage(tx, viewer, after, 6));
        expect(templated).toEqual(drizzles);
        expect(templated.length).toBeGreaterThan(0);
        const last = templated.at(-1)!.post;
        after = templated.length === 6 ? { createdAt: last.createdAt, id: last.id } : undefined;
        pages += 1;
      } while (after);
      expect(pages).toBeGreaterThan(1);
      // Both shapes met here (first and later page) are templated: the statements above were not Drizzle's.
      const templates: Templates = new Map();
      for (const each of [undefined, later]) {
        templatedStatement(feedInputs, templates, 'page', builder(t.db), { viewer, after: each, limit: 6 });
      }
      expect([...templates.values()]).not.toContain(null);
    },
  );
});
