import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../../lib/clock.ts';
import { createMember } from '../../../test/factories.ts';
import { planOf } from '../../../test/billing-factories.ts';
import {
  entriesOf,
  eventKinds,
  getAs,
  grantsOf,
  ledgerSums,
  MAGIC_PAYERS,
  paymentRow,
  postInit,
  startMobilePayment,
  startPaymentsBed,
  waitForStatus,
  type PaymentsBed,
} from '../../../test/payments-bed.ts';
import { sweepPayments } from './payment-sweeper.service.ts';
import { paymentsDepsOf } from './payments.routes.ts';

const HOUR = 3_600_000;

/**
 * Each magic payer of the simulator (PAYMENTS.md A5) ends in the right state with at most one pass,
 * over HTTP against the real database: init, the simulator's callbacks, the reconcile jobs and the
 * sweeper as they run in the app.
 */
describe('payments through the FlexPay simulator, one magic payer each', () => {
  let bed: PaymentsBed;
  const sweep = () => sweepPayments(paymentsDepsOf(bed.t.app.deps, () => {}));
  /** Moves the app's clock past every row's next check, then sweeps. */
  const sweepLater = async (ms = HOUR) => {
    clock.advance(ms);
    return sweep();
  };
  const advanceSim = (ms: number) => bed.flexpay.sim.control.advanceClock(ms);

  beforeAll(async () => {
    bed = await startPaymentsBed();
  });
  afterAll(() => bed?.close());
  afterEach(() => clock.reset());

  /** A settled payment's pass and revenue entry, which names the payment: exactly one of each. */
  async function expectGrantedOnce(paymentId: string) {
    expect(await grantsOf(bed, paymentId)).toHaveLength(1);
    expect(await entriesOf(bed, paymentId)).toEqual([
      { kind: 'payment_settled', key: `payment:${paymentId}:settled`, source: `payment:${paymentId}` },
    ]);
  }
  async function expectNothingGranted(paymentId: string) {
    expect(await grantsOf(bed, paymentId)).toHaveLength(0);
    expect(await entriesOf(bed, paymentId)).toEqual([]);
  }

  it('…01 succeeds on its callback: one pass, one revenue entry, and the member sees SUCCESS', async () => {
    const { member, res } = await startMobilePayment(bed, MAGIC_PAYERS.success.msisdn);
    expect(res.status).toBe(201);
    expect(res.body.transaction.status).toBe('PENDING');
    expect(res.body.phone).toBe('243••••••001');
    await advanceSim(2_000);
    await waitForStatus(bed, res.body._id, 'SUCCESS');
    await expectGrantedOnce(res.body._id);
    const shown = await getAs(bed, member, `/api/payments/${res.body._id}`);
    expect(shown.body).toMatchObject({ transaction: { status: 'SUCCESS' }, reason: null });
    // P21: the init, the callback and the check are all in the audit trail.
    expect(await eventKinds(bed, res.body._id)).toEqual(
      expect.arrayContaining(['init', 'callback', 'check', 'transition']),
    );
  });

  it('…02 declined by the payer: FAILED (declined), nothing granted', async () => {
    const { res } = await startMobilePayment(bed, MAGIC_PAYERS.declined.msisdn);
    await advanceSim(2_000);
    const row = await waitForStatus(bed, res.body._id, 'FAILED');
    expect(row.reason).toBe('declined');
    await expectNothingGranted(res.body._id);
  });

  it('…03 insufficient funds at init: FAILED at once, answered so', async () => {
    const { res } = await startMobilePayment(bed, MAGIC_PAYERS.insufficientFunds.msisdn);
    expect(res.body).toMatchObject({ transaction: { status: 'FAILED' }, reason: 'insufficient_funds' });
    expect((await paymentRow(bed, res.body._id)).status).toBe('FAILED');
    await expectNothingGranted(res.body._id);
  });

  it('…04 success without any callback: found by the sweeper (P12)', async () => {
    const { res } = await startMobilePayment(bed, MAGIC_PAYERS.silentSuccess.msisdn);
    await advanceSim(2_000);
    expect((await paymentRow(bed, res.body._id)).status).toBe('PENDING');
    await sweepLater(31_000);
    expect((await paymentRow(bed, res.body._id)).status).toBe('SUCCESS');
    await expectGrantedOnce(res.body._id);
  });

  it('…05 three callbacks, a fourth 10 min later and 10 concurrent verifies: one pass, one entry (P11)', async () => {
    const { member, res } = await startMobilePayment(bed, MAGIC_PAYERS.repeatedCallbacks.msisdn);
    await advanceSim(2_000);
    const verifies = await Promise.all(
      Array.from({ length: 10 }, () => getAs(bed, member, `/api/payments/verify/${res.body.reference}`)),
    );
    expect(verifies.every((verify) => verify.status === 200)).toBe(true);
    await waitForStatus(bed, res.body._id, 'SUCCESS');
    await advanceSim(10 * 60_000);
    await sweepLater();
    await expectGrantedOnce(res.body._id);
  });

  it('…06 the callback before the init answer: SUCCESS, one pass', async () => {
    const { res } = await startMobilePayment(bed, MAGIC_PAYERS.callbackFirst.msisdn);
    expect(res.status).toBe(201);
    await waitForStatus(bed, res.body._id, 'SUCCESS');
    await expectGrantedOnce(res.body._id);
  });

  it('…07 init timed out but the payment exists: INIT_UNKNOWN, never sent again, then SUCCESS (P6)', async () => {
    const { res } = await startMobilePayment(bed, MAGIC_PAYERS.initTimeout.msisdn);
    expect(res.body.transaction.status).toBe('PENDING');
    expect((await paymentRow(bed, res.body._id)).status).toBe('INIT_UNKNOWN');
    await advanceSim(2_000);
    await waitForStatus(bed, res.body._id, 'SUCCESS');
    await expectGrantedOnce(res.body._id);
    const inits = bed.flexpay.sim.control
      .calls()
      .filter(
        (call) => call.path.endsWith('/paymentService') && JSON.stringify(call).includes(res.body.reference),
      );
    expect(inits).toHaveLength(1);
  });

  it('…08 three indeterminate checks change nothing, the fourth settles (P9)', async () => {
    const { res } = await startMobilePayment(bed, MAGIC_PAYERS.flakyCheck.msisdn);
    await advanceSim(2_000);
    // The callback's check, then sweeps minutes apart (within the 30 before a payment expires).
    for (let sweeps = 0; sweeps < 6 && (await paymentRow(bed, res.body._id)).status !== 'SUCCESS'; sweeps++) {
      await sweepLater(3 * 60_000);
    }
    expect((await paymentRow(bed, res.body._id)).status).toBe('SUCCESS');
    // Read from the audit trail (whoever checked: the job, the sweeps, the app's own sweeper): three
    // answers of HTTP 500 moved nothing, the fourth check made the one move.
    const events = await bed.t.db.$client.query<{ kind: string; http_status: number | null }>(
      // A check and the move it made share their time: the move goes second.
      "select kind, http_status from payment_events where payment_id = $1 order by created_at, kind = 'transition'",
      [res.body._id],
    );
    const trail = events.rows
      .filter((event) => event.kind === 'check' || event.kind === 'transition')
      .map((event) => (event.kind === 'check' ? String(event.http_status) : 'move'));
    expect(trail).toEqual(['500', '500', '500', '200', 'move']);
    await expectGrantedOnce(res.body._id);
  });

  it('…09 a callback that claims success is not believed: the check says failed (P8)', async () => {
    const { res } = await startMobilePayment(bed, MAGIC_PAYERS.lyingCallback.msisdn);
    await advanceSim(2_000);
    await waitForStatus(bed, res.body._id, 'FAILED');
    await expectNothingGranted(res.body._id);
  });

  it('…10 paid another amount: REVIEW with an alert, held in suspense, nothing granted, PENDING in review to the member (P8)', async () => {
    const { member, res } = await startMobilePayment(bed, MAGIC_PAYERS.amountMismatch.msisdn);
    await advanceSim(2_000);
    await waitForStatus(bed, res.body._id, 'REVIEW');
    // What FlexPay received is held in suspense, nobody's revenue until an operator decides.
    expect(await grantsOf(bed, res.body._id)).toHaveLength(0);
    expect(await entriesOf(bed, res.body._id)).toEqual([
      { kind: 'payment_review', key: `payment:${res.body._id}:review`, source: `payment:${res.body._id}` },
    ]);
    expect(await eventKinds(bed, res.body._id)).toContain('alert');
    const shown = await getAs(bed, member, `/api/payments/${res.body._id}`);
    expect(shown.body).toMatchObject({ transaction: { status: 'PENDING' }, reason: 'in_review' });
  });

  it('…11 pending forever: EXPIRED after 30 min, and a late approval is still honoured (P12)', async () => {
    const { member, res } = await startMobilePayment(bed, MAGIC_PAYERS.pendingForever.msisdn);
    await sweepLater(31 * 60_000);
    expect((await paymentRow(bed, res.body._id)).status).toBe('EXPIRED');
    const shown = await getAs(bed, member, `/api/payments/${res.body._id}`);
    expect(shown.body).toMatchObject({ transaction: { status: 'FAILED' }, reason: 'expired' });
    const { providerRef } = await paymentRow(bed, res.body._id);
    await bed.flexpay.sim.control.approve(providerRef!);
    await waitForStatus(bed, res.body._id, 'SUCCESS');
    await expectGrantedOnce(res.body._id);
  });

  it('…12 paid, then refunded: the pass is revoked and the revenue reversed (P18)', async () => {
    const { res } = await startMobilePayment(bed, MAGIC_PAYERS.refundLater.msisdn);
    await advanceSim(2_000);
    await waitForStatus(bed, res.body._id, 'SUCCESS');
    await advanceSim(10 * 60_000);
    await sweepLater();
    expect((await paymentRow(bed, res.body._id)).status).toBe('REFUND_PENDING');
    const [pass] = await grantsOf(bed, res.body._id);
    expect(pass?.revokedAt).not.toBeNull();
    await advanceSim(5 * 60_000);
    await sweepLater();
    expect((await paymentRow(bed, res.body._id)).status).toBe('REFUNDED');
    // Both entries name the payment they come from, as the journals show it.
    const source = `payment:${res.body._id}`;
    expect(await entriesOf(bed, res.body._id)).toEqual([
      { kind: 'payment_settled', key: `payment:${res.body._id}:settled`, source },
      { kind: 'reversal', key: `payment:${res.body._id}:refunded`, source },
    ]);
    expect(await grantsOf(bed, res.body._id)).toHaveLength(1);
  });

  it('…13 an HTML page for the init answer: INIT_UNKNOWN, then reconciled to SUCCESS (P6)', async () => {
    const { res } = await startMobilePayment(bed, MAGIC_PAYERS.htmlInit.msisdn);
    expect((await paymentRow(bed, res.body._id)).status).toBe('INIT_UNKNOWN');
    await advanceSim(2_000);
    await waitForStatus(bed, res.body._id, 'SUCCESS');
    await expectGrantedOnce(res.body._id);
  });

  it('a card payment approved on the hosted page: SUCCESS on its callback; a declined card FAILED', async () => {
    const member = await createMember(bed.t);
    const plan = await planOf(bed.t.db, 'month');
    const approved = await postInit(bed, member, { subscription: plan.id, method: 'card', currency: 'USD' });
    expect(approved.body.redirectUrl).toBeTruthy();
    const { providerRef } = await paymentRow(bed, approved.body._id);
    await bed.flexpay.sim.control.approve(providerRef!);
    await waitForStatus(bed, approved.body._id, 'SUCCESS');
    await expectGrantedOnce(approved.body._id);
    const shown = await getAs(bed, member, `/api/payments/${approved.body._id}`);
    // The hosted page is no use once the payment is settled.
    expect(shown.body).toMatchObject({
      transaction: { status: 'SUCCESS', amount: plan.costUsd },
      redirectUrl: null,
    });

    const declined = await postInit(bed, member, { subscription: plan.id, method: 'card', currency: 'USD' });
    await bed.flexpay.sim.control.decline((await paymentRow(bed, declined.body._id)).providerRef!);
    await waitForStatus(bed, declined.body._id, 'FAILED');
    await expectNothingGranted(declined.body._id);
  });

  it('leaves the ledger balanced in each currency after all of them (M1)', async () => {
    const sums = await ledgerSums(bed);
    for (const total of Object.values(sums)) expect(total).toBe(0);
  });
});
