// @slow-tier explores a model of passes (fast-check).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePlans } from '@motema/shared/billing';
import type { SubscriptionPlanRow } from '../../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { givePass, planOf } from '../../../test/billing-factories.ts';
import { createMember } from '../../../test/factories.ts';
import { clock } from '../../../lib/clock.ts';
import { activePlan, revokePass } from './passes.service.ts';

const DAY = 24 * 60 * 60 * 1000;
const KEYS = ['week', 'month', 'quarter'] as const;

/**
 * A member's Premium as a queue of what is left of each pass, from `cursor` on: time runs down the
 * head; a new pass goes before the first one of a lower plan (at once when the head is lower); a
 * refund takes its pass's part out and the rest moves up. The rule of decision 0026 (amended) told
 * without windows, so the passes' windows and the entitlement the database reads are checked
 * against something that shares nothing with them.
 */
type Part = { paymentId: string; plan: SubscriptionPlanRow; ms: number };
class PremiumModel {
  parts: Part[] = [];
  constructor(public cursor: number) {}
  advance(to: number) {
    if (to <= this.cursor) return;
    let elapsed = to - this.cursor;
    while (elapsed > 0 && this.parts.length > 0) {
      const head = this.parts[0]!;
      const used = Math.min(head.ms, elapsed);
      head.ms -= used;
      elapsed -= used;
      if (head.ms === 0) this.parts.shift();
    }
    this.cursor = to;
  }
  grant(at: number, paymentId: string, plan: SubscriptionPlanRow) {
    this.advance(at);
    const index = this.parts.findIndex((part) => comparePlans(plan, part.plan) > 0);
    const part = { paymentId, plan, ms: plan.days * DAY };
    if (index === -1) this.parts.push(part);
    else this.parts.splice(index, 0, part);
  }
  refunded = new Set<string>();
  /** A second refund of a payment changes nothing, the time it takes effect included. */
  refund(at: number, paymentId: string) {
    if (this.refunded.has(paymentId)) return;
    this.refunded.add(paymentId);
    this.advance(at);
    this.parts = this.parts.filter((part) => part.paymentId !== paymentId);
  }
  /** The plan at `at` (not before the cursor), and the moments the plan changes. */
  planAt(at: number): string | undefined {
    let start = this.cursor;
    for (const part of this.parts) {
      if (at < start + part.ms) return part.plan.key;
      start += part.ms;
    }
    return undefined;
  }
  boundaries(): number[] {
    const moments = [this.cursor];
    for (const part of this.parts) moments.push(moments.at(-1)! + part.ms);
    return moments;
  }
}

/** A small seeded generator: a failing run can be told again. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('passes against a model of the queue of paid days', () => {
  let t: TestApp;
  let plans: SubscriptionPlanRow[];
  beforeAll(async () => {
    t = await buildTestApp();
    plans = await Promise.all(KEYS.map((key) => planOf(t.db, key)));
  });
  afterAll(() => t.close());

  /**
   * `runs` members each given 8 grants and refunds, `gap` drawing the time from one to the next, and
   * their entitlement checked against the model around every change it foresees. The model takes
   * each move at the later of its moment and the last one's, as the service does under the lock.
   */
  async function explore(runs: { from: number; to: number }, gap: (next: () => number) => number) {
    for (let run = runs.from; run < runs.to; run += 1) {
      const next = random(run + 1);
      const { user } = await createMember(t);
      const start = clock.now().getTime();
      // From a day before: the first move may come a little before `start`.
      const model = new PremiumModel(start - DAY);
      const paid: string[] = [];
      let at = start;
      for (let step = 0; step < 8; step += 1) {
        at += gap(next);
        if (paid.length > 0 && next() < 0.35) {
          const paymentId = paid[Math.floor(next() * paid.length)]!;
          await t.db.transaction((tx) => revokePass(tx, { paymentId, at: new Date(at) }));
          model.refund(at, paymentId);
        } else {
          const plan = plans[Math.floor(next() * plans.length)]!;
          const { paymentId } = await givePass(
            t.db,
            user.id,
            plan.key as (typeof KEYS)[number],
            new Date(at),
          );
          paid.push(paymentId);
          model.grant(at, paymentId, plan);
        }
        const now = model.cursor;
        // Just after each change of plan the model foresees, and just before it.
        const moments = model.boundaries().flatMap((moment) => [moment - 1, moment, moment + 1]);
        for (const moment of moments.filter((m) => m >= now)) {
          const got = (await activePlan(t.db, user.id, new Date(moment)))?.key;
          expect(got, `run ${run}, step ${step}, ${(moment - start) / DAY} days in`).toBe(
            model.planAt(moment),
          );
        }
      }
    }
  }

  it('grants and refunds in random order keep every paid day and the best plan first', async () => {
    await explore({ from: 0, to: 30 }, (next) => Math.floor(next() * 12 * DAY));
  });

  // Two nodes' clocks, or a payment that waited for the member's lock, bring moments a little out of
  // order: a pass could start inside another's window and end after it, and a refund then moved its
  // end before its start (user_subscriptions_ends_after_start).
  it('keeps them when their moments arrive out of order by milliseconds', { timeout: 120_000 }, async () => {
    await explore({ from: 400, to: 700 }, (next) =>
      next() < 0.1 ? Math.floor(next() * 40 * DAY) : Math.floor(next() * 400) - 200,
    );
  });
});
