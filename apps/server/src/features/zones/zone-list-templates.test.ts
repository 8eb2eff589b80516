import fc from 'fast-check';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ZONE_SORTS } from '@motema/shared/zones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { templatedStatement, type Templates } from '../../db/statement-templates.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember, type Member } from '../../test/factories.ts';
import { addToZone, buildZone } from '../../test/zone-factories.ts';
import { zoneListInputs, type ZoneListInput } from './zone-list-templates.repository.ts';
import { listMine, listSuggested, search, zoneListBuilder, type ZoneListName } from './zones.repository.ts';

// Builds SQL only: the pool never connects.
const sqlOnly = drizzle(new pg.Pool(), { schema }) as unknown as Db;
const LISTS: ZoneListName[] = ['mine', 'suggested', 'search'];

const input = (list: ZoneListName): fc.Arbitrary<ZoneListInput> =>
  fc.record({
    viewerId: fc.uuid(),
    query: fc.record({
      skip: fc.constantFrom(0, 0, 24, 7, 100),
      limit: fc.constantFrom(24, 1, 100),
      sort: fc.constantFrom(...ZONE_SORTS),
    }),
    language: list === 'suggested' ? fc.constantFrom('en', 'fr', 'ro') : fc.constant(undefined),
    pattern:
      list === 'search'
        ? fc.string({ minLength: 1, maxLength: 12 }).map((text) => `%${text}%`)
        : fc.constant(undefined),
  });

describe("the zone lists' statement templates", () => {
  it.each(LISTS)(
    'give the statements Drizzle builds for %s, text and parameters, for every input',
    (list) => {
      const templates: Templates = new Map();
      fc.assert(
        fc.property(fc.array(input(list), { minLength: 1, maxLength: 4 }), (inputs) => {
          for (const each of inputs) {
            for (const key of ['page', 'count'] as const) {
              const build = zoneListBuilder(sqlOnly, list, key);
              expect(templatedStatement(zoneListInputs, templates, `${list}|${key}`, build, each)).toEqual(
                build(each),
              );
            }
          }
        }),
        { numRuns: 100 },
      );
      // Every shape met is learned: none was left to Drizzle.
      expect([...templates.values()]).not.toContain(null);
    },
  );
});

describe("the zone lists' templated statements against the database", () => {
  let t: TestApp;
  let viewer: Member;

  beforeAll(async () => {
    t = await buildTestApp();
    viewer = await createMember(t);
    for (let i = 0; i < 7; i++) {
      const zone = await buildZone(t, { title: i % 2 ? `Foot club ${i}` : `Runners ${i}` });
      if (i % 3 === 0) await addToZone(t, zone.id, i === 3 ? 'waiting' : 'member', viewer);
    }
  }, 60_000);
  afterAll(() => t?.close());

  it('answer the rows and counts Drizzle answers, page after page', async () => {
    const lists = [
      (db: Db, query: ZoneListInput['query']) => listMine(db, viewer.user.id, query),
      (db: Db, query: ZoneListInput['query']) => listSuggested(db, viewer.user.id, 'en', query),
      (db: Db, query: ZoneListInput['query']) => search(db, viewer.user.id, 'FOOT', query),
    ];
    for (const list of lists) {
      for (const sort of ZONE_SORTS) {
        for (const skip of [0, 2, 4]) {
          const query = { skip, limit: 2, sort };
          const templated = await list(t.db, query);
          // In a transaction the statements are Drizzle's own, built and read by Drizzle.
          const drizzles = await t.db.transaction((tx) => list(tx as unknown as Db, query));
          expect(templated).toEqual(drizzles);
        }
      }
      expect((await list(t.db, { skip: 0, limit: 24, sort: '-members' })).count).toBeGreaterThan(0);
    }
  });
});
