import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_LIST_FILTERS, USER_LIST_SORTS, userListSize } from '@motema/shared/discovery';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createProfile, KINSHASA } from '../../test/discovery-factories.ts';
import type { Member } from '../../test/factories.ts';
import { seedMembers } from '../../seed/members.ts';
import { COUNT_MARGIN, loadViewer } from './user-lists.service.ts';
import { countMembersQuery, listMembersQuery, type ListRequest } from './user-lists.repository.ts';

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Disabled?: boolean;
  'Subplan Name'?: string;
  Plans?: PlanNode[];
};
const nodesOf = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
/** The plan's nodes but its subplans' (a hashed SubPlan runs once, where a join's inner side runs per row). */
const outsideSubplans = (plan: PlanNode): PlanNode[] => [
  plan,
  ...(plan.Plans ?? []).filter((node) => !node['Subplan Name']).flatMap(outsideSubplans),
];

const REQUESTS: ListRequest[] = [
  ...USER_LIST_FILTERS.map((filter) => ({ filter, sort: '-lastActivity' as const, unrated: false })),
  ...USER_LIST_SORTS.flatMap((sort) => [
    { filter: 'users' as const, sort, unrated: true },
    { filter: 'connected' as const, sort, unrated: false },
  ]),
];

/**
 * Every list is index-backed: with sequential scans disabled, the planner finds a plan for each list
 * query and its count that reads every table (users, ratings, visits, matches, blocks) through an
 * index. A list that could only be answered by reading a whole table would show a disabled node.
 */
describe('list query plans', () => {
  let t: TestApp;
  let viewer: Member;
  let client: pg.Client;
  beforeAll(async () => {
    t = await buildTestApp();
    viewer = await createProfile(t, {
      wants: ['male'],
      matchAgeMin: 25,
      matchAgeMax: 40,
      matchDistance: 50,
      position: KINSHASA,
    });
    await seedMembers(t.db, { count: 4000, prefix: 'plans' });
    const v = viewer.user.id;
    const others = sql`(SELECT id FROM users WHERE id <> ${v} ORDER BY id LIMIT 300)`;
    await t.db.execute(
      sql`INSERT INTO ratings (rater_id, rated_id, score) SELECT ${v}, id, 4 FROM ${others} o`,
    );
    await t.db.execute(
      sql`INSERT INTO ratings (rater_id, rated_id, score) SELECT id, ${v}, 5 FROM ${others} o`,
    );
    await t.db.execute(sql`INSERT INTO visits (visitor_id, visited_id) SELECT ${v}, id FROM ${others} o`);
    await t.db.execute(sql`INSERT INTO visits (visitor_id, visited_id) SELECT id, ${v} FROM ${others} o`);
    await t.db.execute(
      sql`INSERT INTO matches (user_a, user_b) SELECT least(${v}::uuid, id), greatest(${v}::uuid, id) FROM ${others} o`,
    );
    await t.db.execute(
      sql`INSERT INTO blocks (blocker_id, blocked_id) SELECT ${v}, id FROM ${others} o LIMIT 5`,
    );
    await t.db.execute(sql`ANALYZE`);
    client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    await client.query('SET enable_seqscan = off');
  }, 120_000);
  afterAll(async () => {
    await client?.end();
    await t.close();
  });

  it.each(REQUESTS)('reads only indexes for %o', async (request) => {
    const v = await loadViewer(t.db, viewer.user.id);
    const limit = userListSize(request.filter);
    const queries = {
      list: listMembersQuery(t.db, v, request, { skip: 24, limit }),
      count: countMembersQuery(t.db, v, request, 24 + limit + COUNT_MARGIN),
    };
    for (const [what, query] of Object.entries(queries)) {
      const { sql: text, params } = query!.toSQL();
      const res = await client.query(`EXPLAIN (FORMAT JSON) ${text}`, params);
      const plan = (res.rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] })['QUERY PLAN'][0].Plan;
      const nodes = nodesOf(plan);
      const disabled = nodes
        .filter((node) => node.Disabled)
        .map((node) => `${node['Node Type']} ${node['Relation Name'] ?? ''}`);
      expect(disabled, `${request.filter} ${what}: ${JSON.stringify(plan)}`).toEqual([]);
      if (request.filter === 'near' && what === 'list') {
        expect(nodes.some((node) => node['Index Name'] === 'users_near_idx')).toBe(true);
      }
    }
  });

  // The lists leave out discreet members and those asked to verify in their indexes' predicate
  // (migration 0046, verified_at included): the lists' conditions still imply it, so the default list's
  // page and count still walk the listed members' indexes, for a viewer who wants verified members only too.
  it.each([false, true])(
    'walks the listed members’ indexes for the default list (verified members only: %s)',
    async (verifiedOnly) => {
      const v = { ...(await loadViewer(t.db, viewer.user.id)), verifiedOnly };
      const request: ListRequest = { filter: 'users', sort: '-lastActivity', unrated: false };
      const queries = [
        listMembersQuery(t.db, v, request, { skip: 0, limit: 96 }),
        countMembersQuery(t.db, v, request, 96 + COUNT_MARGIN),
      ];
      for (const query of queries) {
        const { sql: text, params } = query!.toSQL();
        const res = await client.query(`EXPLAIN (FORMAT JSON) ${text}`, params);
        const plan = (res.rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] })['QUERY PLAN'][0].Plan;
        const listed = nodesOf(plan).filter((node) => node['Index Name']?.startsWith('users_listed_'));
        expect(listed.length, JSON.stringify(plan)).toBeGreaterThan(0);
      }
    },
  );

  // A page skips the members of the pages before it, each tested: the blocks are read once into a hash
  // (listedForMany), not probed twice per member (QUALITY B2: page 20 <= 1.5x page 1).
  it.each(['near', 'users'] as const)('reads the viewer’s blocks once for the %s list', async (filter) => {
    const v = await loadViewer(t.db, viewer.user.id);
    const request: ListRequest = { filter, sort: '-lastActivity', unrated: false };
    const queries = [
      listMembersQuery(t.db, v, request, { skip: 228, limit: userListSize(filter) }),
      countMembersQuery(t.db, v, request, 228 + COUNT_MARGIN),
    ];
    for (const query of queries) {
      const { sql: text, params } = query!.toSQL();
      const res = await client.query(`EXPLAIN (FORMAT JSON) ${text}`, params);
      const plan = (res.rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] })['QUERY PLAN'][0].Plan;
      const readsBlocks = (nodes: PlanNode[]) => nodes.some((node) => node['Relation Name'] === 'blocks');
      const subplans = nodesOf(plan).filter((node) => node['Subplan Name']);
      expect(readsBlocks(subplans.flatMap(nodesOf)), JSON.stringify(plan)).toBe(true);
      expect(readsBlocks(outsideSubplans(plan)), JSON.stringify(plan)).toBe(false);
      expect(JSON.stringify(plan)).toMatch(/hashed SubPlan/);
    }
  });
});
