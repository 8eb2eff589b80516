import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMembers } from '../../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildConversation } from '../../../test/chat-factories.ts';
import { createMember } from '../../../test/factories.ts';
import { buildBlock } from '../../../test/safety-factories.ts';
import { unreadTotalsStatement } from './conversations.repository.ts';
import { unreadTotals } from './unread.service.ts';

type PlanNode = { [key: string]: unknown; Plans?: PlanNode[] };

/** Every condition of a plan that is evaluated row by row (not an index's own search). */
function rowFilters(node: PlanNode): string[] {
  const own = ['Filter', 'Join Filter', 'Recheck Cond']
    .map((key) => node[key])
    .filter((value): value is string => typeof value === 'string');
  return [...own, ...(node.Plans ?? []).flatMap(rowFilters)];
}

/** The badges' unread totals, counted for many members at once after new messages. */
describe('unread totals', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const setUnread = (conversationId: string, userId: string, unreadCount: number) =>
    t.db
      .update(conversationMembers)
      .set({ unreadCount })
      .where(
        and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
      );

  it("counts each member's unread messages and conversations, visible conversations only", async () => {
    const ab = await buildConversation(t);
    const [a, b] = ab.members;
    const ac = await buildConversation(t, { members: [a] });
    const ad = await buildConversation(t, { members: [a] });
    await setUnread(ab.id, a.user.id, 3);
    await setUnread(ac.id, a.user.id, 2);
    await setUnread(ad.id, a.user.id, 5);
    await buildBlock(t, { blocker: ad.members[1], blocked: a });
    const stranger = await createMember(t);
    const totals = await unreadTotals(t.db, [a.user.id, b.user.id, stranger.user.id]);
    expect(totals.get(a.user.id)).toEqual({ messages: 5, conversations: 2 });
    expect(totals.get(b.user.id)).toEqual({ messages: 0, conversations: 0 });
    expect(totals.get(stranger.user.id)).toEqual({ messages: 0, conversations: 0 });
  });

  it('never tests a member row against the ids one by one: the ids are a set the plan joins', async () => {
    // A generic plan (what a prepared statement runs after its first executions) filtering with
    // `user_id = ANY($1)` compares each row with each id: 600 members' badges took 5 ms of 15 there.
    const members = await Promise.all([1, 2, 3].map(() => buildConversation(t)));
    const ids = members.flatMap((conversation) => conversation.members.map((member) => member.user.id));
    const statement = unreadTotalsStatement(t.db);
    // The `ids` placeholder takes the ids; the other parameters are the statement's own constants.
    const values = statement.params.map((param) =>
      typeof param === 'object' && param !== null && 'name' in param ? ids : param,
    );
    const client = await t.db.$client.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL plan_cache_mode = force_generic_plan');
      // The plan a large share of the members' rows gets (many badges at once, as at 2,000 members):
      // the table read whole. Here the table is small, so the scan is asked for.
      await client.query('SET LOCAL enable_indexscan = off');
      await client.query('SET LOCAL enable_bitmapscan = off');
      await client.query(`PREPARE unread_totals_plan AS ${statement.sql}`);
      // EXPLAIN takes no bound parameters: the values are written out (still parameters of the plan).
      const literals = values.map((value) =>
        client.escapeLiteral(Array.isArray(value) ? `{${value.join(',')}}` : String(value)),
      );
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (FORMAT JSON) EXECUTE unread_totals_plan(${literals.join(', ')})`,
      );
      const filters = rowFilters(rows[0]!['QUERY PLAN'][0].Plan);
      expect(filters.length).toBeGreaterThan(0);
      expect(filters.filter((filter) => /ANY \(\$\d+/.test(filter))).toEqual([]);
    } finally {
      await client.query('ROLLBACK');
      // A prepared statement outlives its transaction.
      await client.query('DEALLOCATE unread_totals_plan').catch(() => {});
      client.release();
    }
  });
});
