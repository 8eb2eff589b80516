import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_LIST_FILTERS, USER_LIST_SORTS, userListSize } from '@motema/shared/discovery';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createProfile, KINSHASA } from '../../test/discovery-factories.ts';
import type { Member } from '../../test/factories.ts';
import { seedMembers } from '../../test/seed-members.ts';
import { loadViewer, COUNT_MARGIN } from './user-lists.service.ts';
import { countMembersQuery, listMembersQuery, type ListRequest } from './user-lists.repository.ts';

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Disabled?: boolean; Plans?: PlanNode[] };

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

describe('list plans', () => {
  let t: TestApp;
  let viewer: Member;
  beforeAll(async () => {
    t = await buildTestApp();
    viewer = await createProfile(t, { sex: 'female', wants: ['male'], matchAgeMin: 25, matchAgeMax: 40, matchDistance: 50, position: KINSHASA });
    await seedMembers(t.db, { count: 5000, prefix: 'plan' });
    const v = viewer.user.id;
    await t.db.execute(sql`INSERT INTO ratings (rater_id, rated_id, score) SELECT ${v}, id, 1 + (random()*4)::int FROM users WHERE id <> ${v} ORDER BY random() LIMIT 400`);
    await t.db.execute(sql`INSERT INTO ratings (rater_id, rated_id, score) SELECT id, ${v}, 1 + (random()*4)::int FROM users WHERE id <> ${v} ORDER BY random() LIMIT 400 ON CONFLICT DO NOTHING`);
    await t.db.execute(sql`INSERT INTO visits (visitor_id, visited_id) SELECT ${v}, id FROM users WHERE id <> ${v} ORDER BY random() LIMIT 400`);
    await t.db.execute(sql`INSERT INTO visits (visitor_id, visited_id) SELECT id, ${v} FROM users WHERE id <> ${v} ORDER BY random() LIMIT 400 ON CONFLICT DO NOTHING`);
    await t.db.execute(sql`INSERT INTO matches (user_a, user_b) SELECT least(${v}::uuid, id), greatest(${v}::uuid, id) FROM users WHERE id <> ${v} ORDER BY random() LIMIT 60`);
    await t.db.execute(sql`INSERT INTO blocks (blocker_id, blocked_id) SELECT ${v}, id FROM users WHERE id <> ${v} ORDER BY random() LIMIT 5`);
    await t.db.execute(sql`ANALYZE`);
  }, 120_000);
  afterAll(() => t.close());

  const requests: ListRequest[] = [
    ...USER_LIST_FILTERS.map((filter) => ({ filter, sort: '-lastActivity' as const, unrated: false })),
    ...USER_LIST_SORTS.flatMap((sort) => [
      { filter: 'users' as const, sort, unrated: false },
      { filter: 'connected' as const, sort, unrated: false },
    ]),
    { filter: 'users', sort: '-lastActivity', unrated: true },
  ];

  it.each(requests)('%o', async (request) => {
    const v = await loadViewer(t.db, viewer.user.id);
    const limit = userListSize(request.filter);
    for (const [what, query] of [
      ['list', listMembersQuery(t.db, v, request, { skip: 0, limit })],
      ['count', countMembersQuery(t.db, v, request, limit + COUNT_MARGIN)],
    ] as const) {
      const { sql: text, params } = query!.toSQL();
      for (const seqscan of ['on', 'off']) {
        const client = await t.db.$client.connect();
        try {
          await client.query(`SET enable_seqscan = ${seqscan}`);
          const res = await client.query(`EXPLAIN (ANALYZE, FORMAT TEXT) ${text}`, params);
          console.log(`${request.filter} ${request.sort} ${request.unrated} ${what} seqscan=${seqscan}\n` + res.rows.map((r) => r['QUERY PLAN']).join('\n'));
        } finally {
          client.release();
        }
      }
    }
    expect(nodes).toBeDefined();
  });
});
