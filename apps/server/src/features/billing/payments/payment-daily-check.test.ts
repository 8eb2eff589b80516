import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, payments, type PaymentRow } from '../../../db/schema.ts';
import { clock } from '../../../lib/clock.ts';
import {
  grantsOf,
  MAGIC_PAYERS,
  paymentRow,
  startMobilePayment,
  startPaymentsBed,
  waitForStatus,
  type PaymentsBed,
} from '../../../test/payments-bed.ts';
import { waitFor } from '../../../test/factories.ts';
import {
  DAILY_CHECK_HOUR_UTC,
  entriesMismatchOf,
  mismatchOf,
  PAYMENT_DAILY_CHECK_QUEUE,
  runDailyCheck,
  sendDailyCheck,
} from './payment-daily-check.service.ts';
import { postEntry } from '../../money/ledger/ledger.service.ts';
import { sweepPayments } from './payment-sweeper.service.ts';
import { paymentsDepsOf } from './payments.routes.ts';

/** A phone the simulator plays interactively: the payment waits for a hand to approve or decline it. */
const interactive = (n: number) => `24381${String(900_000 + n).padStart(7, '0')}`;

/**
 * The daily reconciliation (P22) against the real database and the FlexPay simulator: a discrepancy
 * injected on our side (a payment we hold FAILED that the simulator then reports paid) is alerted
 * once, and the payment is left as it is.
 */
describe('the daily reconciliation', () => {
  let bed: PaymentsBed;
  const alerts: Record<string, unknown>[] = [];
  const run = () =>
    runDailyCheck(paymentsDepsOf(bed.t.app.deps, (_message, fields) => void alerts.push({ ...fields })));

  beforeAll(async () => {
    bed = await startPaymentsBed();
  });
  afterAll(() => bed?.close());
  afterEach(() => clock.reset());

  async function alertRows(paymentId?: string) {
    const rows = await bed.t.db
      .select()
      .from(paymentEvents)
      .where(
        and(eq(paymentEvents.kind, 'alert'), paymentId ? eq(paymentEvents.paymentId, paymentId) : undefined),
      );
    // By the alert's name: two alerts of one check are written together, and rows come in no set order.
    return rows
      .map((row) => ({ paymentId: row.paymentId, ...(JSON.parse(row.body) as { alert: string }) }))
      .sort((a, b) => a.alert.localeCompare(b.alert));
  }

  /** A payment the simulator holds pending, which we then hold in `status` (the injected discrepancy). */
  async function pendingHeldAs(n: number, status: PaymentRow['status']) {
    const { res } = await startMobilePayment(bed, interactive(n));
    expect(res.body.transaction.status).toBe('PENDING');
    await bed.t.db
      .update(payments)
      .set({
        status,
        reason: status === 'FAILED' ? 'declined' : null,
        nextCheckAt: null,
        ...(status === 'SUCCESS' && { settledAt: clock.now() }),
      })
      .where(eq(payments.id, res.body._id));
    const row = await paymentRow(bed, res.body._id);
    expect(row.providerRef).toBeTruthy();
    return row;
  }

  it('raises nothing on a clean day: paid and declined payments the provider agrees with', async () => {
    const paid = await startMobilePayment(bed, MAGIC_PAYERS.success.msisdn);
    const declined = await startMobilePayment(bed, MAGIC_PAYERS.declined.msisdn);
    await bed.flexpay.sim.control.advanceClock(2_000);
    await waitForStatus(bed, paid.res.body._id, 'SUCCESS');
    await waitForStatus(bed, declined.res.body._id, 'FAILED');

    const report = await run();
    expect(report).toMatchObject({ alerts: 0, ledgerAlert: false });
    expect(report.compared).toBeGreaterThanOrEqual(2);
    expect(await alertRows()).toEqual([]);
    expect(alerts).toEqual([]);
  });

  it('alerts once on a payment we hold FAILED that the provider reports paid, and leaves it FAILED', async () => {
    const row = await pendingHeldAs(1, 'FAILED');
    await bed.flexpay.sim.control.approve(row.providerRef!);
    await bed.flexpay.sim.control.flush();

    const report = await run();
    expect(report.alerts).toBe(1);
    expect(await alertRows()).toEqual([
      expect.objectContaining({ paymentId: row.id, alert: 'charged_without_pass', status: 'FAILED' }),
    ]);
    expect(alerts).toEqual([expect.objectContaining({ paymentId: row.id, status: 'FAILED' })]);
    const after = await paymentRow(bed, row.id);
    expect(after).toMatchObject({ status: 'FAILED', reason: 'declined', settledAt: null });
    expect(await grantsOf(bed, row.id)).toEqual([]);

    // The next day's run finds the same disagreement: recorded already, not raised again.
    expect((await run()).alerts).toBe(0);
    expect(await alertRows(row.id)).toHaveLength(1);
    expect(alerts).toHaveLength(1);
  });

  it('alerts on a payment we hold paid that the provider reports declined, and leaves it SUCCESS', async () => {
    const row = await pendingHeldAs(2, 'SUCCESS');
    await bed.flexpay.sim.control.decline(row.providerRef!);
    await bed.flexpay.sim.control.flush();

    await run();
    expect(await alertRows(row.id)).toEqual([
      expect.objectContaining({ alert: 'pass_without_charge', status: 'SUCCESS' }),
      // Held SUCCESS by hand, it has no settlement entry either.
      expect.objectContaining({ alert: 'settlement_entries', status: 'SUCCESS' }),
    ]);
    expect((await paymentRow(bed, row.id)).status).toBe('SUCCESS');
  });

  it('alerts once on a payment whose ledger entries disagree with its state, and leaves both as they are', async () => {
    const review = await startMobilePayment(bed, MAGIC_PAYERS.amountMismatch.msisdn);
    const row = await pendingHeldAs(4, 'FAILED');
    await bed.flexpay.sim.control.advanceClock(2_000);
    await waitForStatus(bed, review.res.body._id, 'REVIEW');
    // The planted difference: a settlement entry for a payment we hold FAILED.
    await bed.t.db.transaction((tx) =>
      postEntry(tx, {
        key: `payment:${row.id}:settled`,
        kind: 'payment_settled',
        source: { kind: 'payment', id: row.id },
        description: 'planted',
        lines: [
          { account: 'platform:flexpay_clearing', amount: 100, currency: 'USD' },
          { account: 'platform:revenue', amount: -100, currency: 'USD' },
        ],
      }),
    );
    alerts.length = 0;
    const report = await run();
    expect(report.entryAlerts).toBe(1);
    expect(await alertRows(row.id)).toEqual([
      expect.objectContaining({ alert: 'settlement_entries', status: 'FAILED', entries: ['settled'] }),
    ]);
    expect(alerts).toEqual([expect.objectContaining({ paymentId: row.id, status: 'FAILED' })]);
    // The review's suspense entry is the one it must have: no alert.
    expect(await alertRows(review.res.body._id)).toEqual([
      expect.objectContaining({ alert: 'paid_amount_differs' }),
    ]);
    expect((await run()).entryAlerts).toBe(0);
    expect((await paymentRow(bed, row.id)).status).toBe('FAILED');
  });

  it('skips what the provider has not settled: a payment still pending there is no mismatch', async () => {
    const row = await pendingHeldAs(3, 'CANCELLED');
    await run();
    expect(await alertRows(row.id)).toEqual([]);
  });

  it('recalls every day a payment of unknown outcome (no order number to check it by, issue 25)', async () => {
    // The init times out and FlexPay's one callback is lost: nothing names the payment's order number.
    bed.flexpay.sim.control.setCallbackPolicy('none');
    const { res } = await startMobilePayment(bed, MAGIC_PAYERS.initTimeout.msisdn);
    await bed.flexpay.sim.control.advanceClock(2_000);
    bed.flexpay.sim.control.setCallbackPolicy('once');
    expect(await paymentRow(bed, res.body._id)).toMatchObject({ status: 'INIT_UNKNOWN', providerRef: null });
    const unknownAlerts = async () =>
      (await alertRows(res.body._id)).filter((row) => row.alert === 'outcome_unknown');
    const sweep = () => sweepPayments(paymentsDepsOf(bed.t.app.deps, () => {}));

    // The sweeper tells an operator once, 5 minutes on, however many sweeps see it.
    clock.advance(6 * 60_000);
    await sweep();
    await sweep();
    expect(await unknownAlerts()).toHaveLength(1);
    // The daily check recalls it on each day it runs, once a day.
    expect((await run()).unknown).toBeGreaterThanOrEqual(1);
    await run();
    expect(await unknownAlerts()).toHaveLength(2);
    clock.advance(24 * 3_600_000);
    await run();
    expect(await unknownAlerts()).toHaveLength(3);
    expect(alerts).toContainEqual(
      expect.objectContaining({ paymentId: res.body._id, alert: 'outcome_unknown' }),
    );
  });

  it('is sent once per day, in its hour, by however many nodes tick', async () => {
    const deps = paymentsDepsOf(bed.t.app.deps, () => {});
    const now = clock.now();
    const hourMs = 3_600_000;
    const toHour = ((DAILY_CHECK_HOUR_UTC - now.getUTCHours() + 24) % 24) * hourMs;
    clock.advance(toHour + (toHour === 0 ? 0 : -(now.getTime() % hourMs)));
    expect(clock.now().getUTCHours()).toBe(DAILY_CHECK_HOUR_UTC);
    const sent = await Promise.all([sendDailyCheck(deps), sendDailyCheck(deps), sendDailyCheck(deps)]);
    expect(sent.filter(Boolean)).toHaveLength(1);
    clock.advance(hourMs);
    expect(await sendDailyCheck(deps)).toBe(false);
    // The app's worker runs the job it sent.
    await waitFor(async () => {
      const { rows } = await bed.t.db.$client.query<{ state: string }>(
        'select state from pgboss.job where name = $1',
        [PAYMENT_DAILY_CHECK_QUEUE],
      );
      return rows.length === 1 && rows[0]!.state === 'completed' ? true : undefined;
    }, 'the daily check completed');
  });
});

describe('mismatchOf', () => {
  const now = new Date('2026-11-24T03:00:00Z');
  const payment = (status: PaymentRow['status'], ageHours = 1) =>
    ({
      status,
      reference: 'MOTEMA1',
      amountMinor: 7_500,
      currency: 'CDF',
      createdAt: new Date(now.getTime() - ageHours * 3_600_000),
    }) as PaymentRow;
  const paid = (minor: number, currency: 'CDF' | 'USD' = 'CDF', reference = 'MOTEMA1') =>
    ({ kind: 'SUCCESS', paid: { minor, currency }, reference }) as const;

  it('names each disagreement, and none where the provider agrees or cannot say', () => {
    expect(mismatchOf(payment('SUCCESS'), paid(7_500), now)).toBeNull();
    expect(mismatchOf(payment('SUCCESS'), paid(7_000), now)).toBe('paid_amount_differs');
    expect(mismatchOf(payment('SUCCESS'), paid(7_500, 'USD'), now)).toBe('paid_amount_differs');
    expect(mismatchOf(payment('SUCCESS'), { kind: 'FAILED', reason: 'x' }, now)).toBe('pass_without_charge');
    expect(mismatchOf(payment('SUCCESS'), { kind: 'CANCELLED' }, now)).toBe('pass_without_charge');
    for (const status of ['FAILED', 'CANCELLED', 'EXPIRED', 'REFUNDED'] as const) {
      expect(mismatchOf(payment(status), paid(7_500), now)).toBe('charged_without_pass');
      expect(mismatchOf(payment(status), { kind: 'PENDING' }, now)).toBeNull();
    }
    expect(mismatchOf(payment('FAILED'), { kind: 'FAILED', reason: 'x' }, now)).toBeNull();
    expect(mismatchOf(payment('FAILED'), { kind: 'INDETERMINATE', why: 'transport' }, now)).toBeNull();
    // A refund within the sweeper's 48 h is its to apply; after them, a person's to look at.
    expect(mismatchOf(payment('SUCCESS', 24), { kind: 'REFUNDED' }, now)).toBeNull();
    expect(mismatchOf(payment('SUCCESS', 72), { kind: 'REFUNDED' }, now)).toBe('refunded_at_provider');
  });
});

describe('a payment’s entries against its state', () => {
  it('names each difference, and none where they agree', () => {
    const of = (status: PaymentRow['status'], entries: string[], reportedPaid = false) =>
      entriesMismatchOf({ status, entries, reportedPaid });
    expect(of('SUCCESS', ['settled'])).toBeNull();
    expect(of('SUCCESS', ['settled', 'fee'])).toBeNull();
    expect(of('SUCCESS', [])).toBe('settlement_entries');
    expect(of('REFUND_PENDING', ['settled'])).toBeNull();
    expect(of('REFUNDED', ['settled', 'refunded', 'fee', 'fee_returned'])).toBeNull();
    expect(of('REFUNDED', ['settled'])).toBe('refund_entries');
    expect(of('SUCCESS', ['settled', 'refunded'])).toBe('refund_entries');
    expect(of('FAILED', ['settled'])).toBe('settlement_entries');
    expect(of('REVIEW', ['review'], true)).toBeNull();
    expect(of('REVIEW', [], true)).toBe('suspense_entries');
    expect(of('REVIEW', [], false)).toBeNull();
    expect(of('SUCCESS', ['review', 'review_accepted', 'settled'])).toBeNull();
    expect(of('CANCELLED', ['review', 'review_returned'])).toBeNull();
    expect(of('CANCELLED', ['review'])).toBe('suspense_entries');
  });
});
