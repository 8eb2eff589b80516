import fc from 'fast-check';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { USER_LIST_FILTERS, USER_LIST_SORTS } from '@motema/shared/discovery';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import type { Templates } from '../../db/statement-templates.ts';
import type { Viewer } from './discovery.policy.ts';
import { templatedQuery, type PageInput } from './statement-templates.repository.ts';
import { countMembersQuery, listMembersQuery, type ListRequest } from './user-lists.repository.ts';

// Builds SQL only: the pool never connects.
const db = drizzle(new pg.Pool(), { schema }) as unknown as Db;

const date = fc
  .integer({ min: Date.UTC(1930, 0, 1), max: Date.UTC(2008, 0, 1) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10));
const viewer: fc.Arbitrary<Viewer> = fc.record({
  id: fc.uuid(),
  matchSex: fc.subarray(['male', 'female', 'non_binary'], { minLength: 1 }),
  bornOnOrBefore: date,
  bornAfter: date,
  matchDistanceKm: fc.constantFrom(5, 25, 100, 500, 20_000),
  latitude: fc.option(fc.double({ min: -89.9, max: 89.9, noNaN: true })),
  longitude: fc.option(fc.double({ min: -179.9, max: 179.9, noNaN: true })),
  verifiedOnly: fc.boolean(),
});
const input: fc.Arbitrary<PageInput> = fc.record({
  viewer,
  skip: fc.constantFrom(0, 0, 12, 96, 960),
  limit: fc.constantFrom(12, 50, 96, 100),
});
const request: fc.Arbitrary<ListRequest> = fc.record({
  filter: fc.constantFrom(...USER_LIST_FILTERS),
  sort: fc.constantFrom(...USER_LIST_SORTS),
  unrated: fc.boolean(),
});

const builders = {
  page: (list: ListRequest) => (each: PageInput) =>
    listMembersQuery(db, each.viewer, list, each)?.toSQL() ?? null,
  count: (list: ListRequest) => (each: PageInput) =>
    countMembersQuery(db, each.viewer, list, each.limit)?.toSQL() ?? null,
};

describe('statement templates', () => {
  it.each(Object.keys(builders) as (keyof typeof builders)[])(
    'give the %s statement Drizzle builds, text and parameters, for every list, viewer and page',
    (kind) => {
      const templates: Templates = new Map();
      fc.assert(
        fc.property(request, fc.array(input, { minLength: 1, maxLength: 6 }), (list, inputs) => {
          const key = `${list.filter}|${list.sort}|${list.unrated}`;
          for (const each of inputs) {
            const built = builders[kind](list)(each);
            expect(templatedQuery(templates, key, builders[kind](list), each)).toEqual(built);
          }
        }),
        { numRuns: 400 },
      );
      // Templates were learned (statements not built by Drizzle) for every list but near without a position.
      const learned = [...templates.values()].filter((template) => template !== null).length;
      expect(learned / templates.size).toBeGreaterThan(0.9);
    },
  );

  it('learn the default list of a typical viewer, and leave to Drizzle a value they cannot name', () => {
    const list: ListRequest = { filter: 'users', sort: '-lastActivity', unrated: false };
    const typical: PageInput = {
      viewer: {
        id: '6f1c2a8e-3d4b-4c5d-8e9f-0a1b2c3d4e5f',
        matchSex: ['female'],
        bornOnOrBefore: '2000-01-01',
        bornAfter: '1990-01-01',
        matchDistanceKm: 100,
        latitude: -4.3,
        longitude: 15.3,
        verifiedOnly: false,
      },
      skip: 0,
      limit: 96,
    };
    const templates: Templates = new Map();
    templatedQuery(templates, 'users', builders.page(list), typical);
    expect([...templates.values()]).toEqual([expect.objectContaining({ sql: expect.any(String) })]);

    // A parameter of the viewer's that no name covers (here the id, shifted): no template.
    const unnamed = (each: PageInput) =>
      builders.page(list)({ ...each, viewer: { ...each.viewer, id: `${each.viewer.id}x` } });
    const other: Templates = new Map();
    const built = templatedQuery(other, 'users', unnamed, typical);
    expect([...other.values()]).toEqual([null]);
    expect(built).toEqual(unnamed(typical));

    // Birth dates a probe cannot move: Drizzle's statement, no error.
    const odd: PageInput = { ...typical, viewer: { ...typical.viewer, bornAfter: '' } };
    const third: Templates = new Map();
    expect(templatedQuery(third, 'users', builders.page(list), odd)).toEqual(builders.page(list)(odd));
    expect([...third.values()]).toEqual([null]);
  });
});
