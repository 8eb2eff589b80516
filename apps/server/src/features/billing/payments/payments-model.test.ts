// @slow-tier explores a model of payments (fast-check).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../../lib/clock.ts';
import { createMember, newSession, waitFor } from '../../../test/factories.ts';
import {
  getAs,
  ledgerSums,
  MAGIC_PAYERS,
  startMobilePayment,
  startPaymentsBed,
  type PaymentsBed,
} from '../../../test/payments-bed.ts';
import { reconcilePayment } from './payment-reconcile.service.ts';
import { sweepPayments } from './payment-sweeper.service.ts';
import { paymentsDepsOf } from './payments.routes.ts';

/**
 * The model-based run of P10 and M6: random sequences of payment starts (every magic payer, and
 * interactive ones a "payer" approves, declines or FlexPay refunds), callbacks (the provider's, and
 * copies of them sent again), status checks, verifies, the member's cancels (decision 0035: a
 * payment cancelled and paid after all still gets its pass), sweeps and moves of both clocks, some of them
 * run at the same moment against the real database, the real app over HTTP and the simulator. After
 * every command, and again once the jobs are done, the invariants hold:
 * - at most one pass per payment, and passes running = payments in SUCCESS (revoked ones = refunded);
 * - no payment ever left SUCCESS but for a refund state (read from the audit trail's transitions);
 * - one revenue entry per payment that ever succeeded, one reversal per refunded one, and the ledger
 *   balanced in each currency;
 * - a payment is SUCCESS only where the provider says it was paid (status 0, or refunded since).
 */

type Slot = { id: string; reference: string; orderNumber: string | null; callbackUrl: string | null };
type Model = { slots: Slot[] };
type Real = { bed: PaymentsBed };

/** Payers of the scenarios that end quickly (the 1 s init timeout of …07 left to payments-magic.test.ts). */
const PAYERS = [
  MAGIC_PAYERS.success.msisdn,
  MAGIC_PAYERS.declined.msisdn,
  MAGIC_PAYERS.insufficientFunds.msisdn,
  MAGIC_PAYERS.silentSuccess.msisdn,
  MAGIC_PAYERS.repeatedCallbacks.msisdn,
  MAGIC_PAYERS.callbackFirst.msisdn,
  MAGIC_PAYERS.flakyCheck.msisdn,
  MAGIC_PAYERS.lyingCallback.msisdn,
  MAGIC_PAYERS.amountMismatch.msisdn,
  MAGIC_PAYERS.pendingForever.msisdn,
  MAGIC_PAYERS.refundLater.msisdn,
  MAGIC_PAYERS.htmlInit.msisdn,
  '243815550001',
  '243815550002',
];

const figures = { runs: 0, commands: 0, concurrentGroups: 0, payments: 0 };

type Action = { name: string; run: (model: Model, real: Real) => Promise<void> };

const pick = (model: Model, n: number) => model.slots[n % model.slots.length];
const deps = (real: Real) => paymentsDepsOf(real.bed.t.app.deps, () => {});
const simTx = (real: Real, reference: string) =>
  real.bed.flexpay.sim.control.transactions().find((tx) => tx.reference === reference);

function initAction(): fc.Arbitrary<Action> {
  return fc
    .record({ payer: fc.constantFrom(...PAYERS), currency: fc.constantFrom('USD', 'CDF') })
    .map<Action>(({ payer, currency }) => ({
      name: `init(${payer}, ${currency})`,
      async run(model, real) {
        const member = await createMember(real.bed.t);
        const { res } = await startMobilePayment(real.bed, payer, member, currency);
        if (res.status !== 201) throw new Error(`init answered ${res.status}: ${JSON.stringify(res.body)}`);
        const tx = simTx(real, res.body.reference);
        model.slots.push({
          id: res.body._id,
          reference: res.body.reference,
          orderNumber: tx?.orderNumber ?? null,
          callbackUrl: tx?.callbackUrl ?? null,
        });
        figures.payments++;
      },
    }));
}

/** What a command does to one payment (by its index among the run's payments) or to the clocks. */
const action: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: initAction(), weight: 4 },
  fc.constantFrom(500, 2_000, 10 * 60_000, 15 * 60_000).map<Action>((ms) => ({
    name: `sim clock +${ms}`,
    run: (_model, real) => real.bed.flexpay.sim.control.advanceClock(ms),
  })),
  fc.constantFrom(1_000, 6_000, 45_000, 10 * 60_000, 31 * 60_000).map<Action>((ms) => ({
    name: `app clock +${ms}`,
    run: async () => clock.advance(ms),
  })),
  fc.constant<Action>({ name: 'sweep', run: async (_model, real) => void (await sweepPayments(deps(real))) }),
  ...(['approve', 'decline', 'refund'] as const).map((what) =>
    fc.nat().map<Action>((n) => ({
      name: `${what}(${n})`,
      async run(model, real) {
        const slot = pick(model, n);
        const tx = slot && simTx(real, slot.reference);
        if (!tx) return;
        const control = real.bed.flexpay.sim.control;
        // The payer (or FlexPay) does it only where the simulator allows it: a pending one, a paid one.
        if (what === 'refund' && tx.status === '0') control.refund(tx.orderNumber, 60_000);
        if (what !== 'refund' && tx.status === '2') await control[what](tx.orderNumber);
      },
    })),
  ),
  fc
    .tuple(fc.nat(), fc.integer({ min: 1, max: 3 }), fc.constantFrom('0', '1'))
    .map<Action>(([n, copies, code]) => ({
      name: `callback(${n}) x${copies} claiming ${code}`,
      async run(model) {
        const slot = pick(model, n);
        if (!slot?.callbackUrl) return;
        const body = JSON.stringify({ code, reference: slot.reference, orderNumber: slot.orderNumber });
        await Promise.all(
          Array.from({ length: copies }, () =>
            fetch(slot.callbackUrl!, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body,
            }),
          ),
        );
      },
    })),
  fc.nat().map<Action>((n) => ({
    name: `check(${n})`,
    async run(model, real) {
      const slot = pick(model, n);
      if (slot) await reconcilePayment(deps(real), slot.id);
    },
  })),
  fc.nat().map<Action>((n) => ({
    name: `verify(${n})`,
    async run(model, real) {
      const slot = pick(model, n);
      if (!slot) return;
      const cookie = await ownerCookieOf(real, slot);
      await getAs(real.bed, { cookie } as never, `/api/payments/verify/${slot.reference}`);
    },
  })),
  fc.nat().map<Action>((n) => ({
    name: `cancel(${n})`,
    async run(model, real) {
      const slot = pick(model, n);
      if (!slot) return;
      const res = await fetch(`${real.bed.base}/api/payments/${slot.id}/cancel`, {
        method: 'POST',
        headers: { cookie: await ownerCookieOf(real, slot) },
      });
      if (res.status !== 200) throw new Error(`cancel answered ${res.status}`);
    },
  })),
);

/** A live session of the payment's member (a verify and a cancel are the owner's). */
async function ownerCookieOf(real: Real, slot: Slot) {
  const owner = await real.bed.t.db.$client.query<{ user_id: string }>(
    'select user_id from payments where id = $1',
    [slot.id],
  );
  return (await newSession(real.bed.t, owner.rows[0]!.user_id)).cookie;
}

/** One command: one action, or several at the same moment (the interleaving is the database's). */
class Run implements fc.AsyncCommand<Model, Real> {
  constructor(readonly actions: Action[]) {}
  check = () => true;
  async run(model: Model, real: Real) {
    figures.commands++;
    if (this.actions.length > 1) figures.concurrentGroups++;
    await Promise.all(this.actions.map((one) => one.run(model, real)));
    await expectInvariants(real);
  }
  toString = () => this.actions.map((one) => one.name).join(' || ');
}

async function expectInvariants(real: Real) {
  const { db } = real.bed.t;
  const query = async <T extends object>(text: string) => (await db.$client.query<T>(text)).rows;
  // No SUCCESS left but for a refund state, in any transition ever applied.
  const bad = await query<{ body: string }>(
    `select body from payment_events where kind = 'transition'
       and body::jsonb->>'from' in ('SUCCESS', 'REFUND_PENDING', 'REFUNDED')
       and body::jsonb->>'to' not in ('REFUND_PENDING', 'REFUNDED')`,
  );
  expect(bad).toEqual([]);
  const [counts] = await query<Record<string, string>>(`select
      (select count(*) from user_subscriptions) as passes,
      (select count(distinct payment_id) from user_subscriptions) as paid_passes,
      (select count(*) from user_subscriptions where revoked_at is null) as running,
      (select count(*) from payments where status = 'SUCCESS') as succeeded,
      (select count(*) from payments where status in ('SUCCESS', 'REFUND_PENDING', 'REFUNDED')
         and settled_at is not null) as ever_paid,
      (select count(*) from payments where status = 'REFUNDED') as refunded,
      (select count(*) from journal_entries where kind = 'payment_settled') as revenue,
      (select count(*) from journal_entries where kind = 'reversal' and idempotency_key like 'payment:%') as reversals`);
  expect(counts!.passes).toBe(counts!.paid_passes);
  expect(counts!.running).toBe(counts!.succeeded);
  expect(counts!.passes).toBe(counts!.ever_paid);
  expect(counts!.revenue).toBe(counts!.ever_paid);
  expect(counts!.reversals).toBe(counts!.refunded);
  for (const total of Object.values(await ledgerSums(real.bed))) expect(total).toBe(0);
  // Every entry names the payment it was posted for: its settlement's and its refund's.
  const unsourced = await query<{ key: string }>(
    `select idempotency_key as key from journal_entries
      where source_kind <> 'payment' or idempotency_key not like 'payment:' || source_id || ':%'`,
  );
  expect(unsourced).toEqual([]);
  // Paid only where the provider says so.
  const paid = await query<{ reference: string; status: string }>(
    "select reference, status from payments where status in ('SUCCESS', 'REFUND_PENDING', 'REFUNDED')",
  );
  const provider = new Map(
    real.bed.flexpay.sim.control.transactions().map((tx) => [tx.reference, tx.status] as const),
  );
  for (const payment of paid) expect(['0', '3', '4']).toContain(provider.get(payment.reference));
}

/** Waits until no reconcile job is waiting or running and no callback is on its way. */
async function quiesce(real: Real) {
  await real.bed.flexpay.sim.control.flush();
  await waitFor(
    async () => {
      const { rows } = await real.bed.t.db.$client.query(
        "select 1 from pgboss.job where name = 'payment-reconcile' and state in ('created', 'retry', 'active') limit 1",
      );
      return rows.length === 0 ? true : undefined;
    },
    'the reconcile jobs',
    30_000,
  );
}

describe('random interleavings of payments keep the money invariants (P10, M6)', () => {
  let bed: PaymentsBed;
  beforeAll(async () => {
    bed = await startPaymentsBed();
  });
  afterAll(async () => {
    clock.reset();
    await bed?.close();
  });

  it('holds at most one pass per payment, no SUCCESS -> FAILED, a balanced ledger, passes = successes', async () => {
    const command = fc
      .array(action, { minLength: 1, maxLength: 3 })
      .map((actions) => new Run(actions) as fc.AsyncCommand<Model, Real>);
    await fc.assert(
      fc.asyncProperty(fc.commands([command], { maxCommands: 30, size: '+1' }), async (commands) => {
        figures.runs++;
        const real = { bed };
        await fc.asyncModelRun(() => ({ model: { slots: [] }, real }), commands);
        await quiesce(real);
        await expectInvariants(real);
      }),
      { numRuns: 25, seed: 15, endOnFailure: true },
    );
    const [grants] = (
      await bed.t.db.$client.query<{ grants: string; running: string; succeeded: string }>(`select
        (select count(*) from user_subscriptions) as grants,
        (select count(*) from user_subscriptions where revoked_at is null) as running,
        (select count(*) from payments where status = 'SUCCESS') as succeeded`)
    ).rows;
    const { rows: byStatus } = await bed.t.db.$client.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from payments group by status order by status',
    );
    const statuses = Object.fromEntries(byStatus.map((row) => [row.status, row.n]));
    // The member's cancels (decision 0035), and those of them paid after all (honoured: a pass each).
    const [cancels] = (
      await bed.t.db.$client.query<{ cancelled: number; paid_after: number }>(`select
        count(*)::int as cancelled,
        count(*) filter (where p.status in ('SUCCESS', 'REFUND_PENDING', 'REFUNDED'))::int as paid_after
        from payments p where exists (select 1 from payment_events e where e.payment_id = p.id
          and e.kind = 'transition' and e.body::jsonb->>'by' = 'member')`)
    ).rows;
    const report = { ...figures, ...grants, ...cancels, statuses, ledger: await ledgerSums(bed) };
    // The note quotes these figures.
    console.info(`payments model-based run: ${JSON.stringify(report)}`);
    expect(figures.payments).toBeGreaterThan(20);
  }, 600_000);
});
