import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '@motema/shared/billing';
import { createMember, type Member } from '../../../test/factories.ts';
import {
  grantsOf,
  paymentRow,
  postInit,
  startMobilePayment,
  startPaymentsBed,
  waitForStatus,
  type PaymentsBed,
} from '../../../test/payments-bed.ts';
import { sweepPayments } from './payment-sweeper.service.ts';
import { paymentsDepsOf } from './payments.routes.ts';

/** A number the simulator keeps pending until told otherwise. */
const interactive = (n: number) => `24383${String(n).padStart(7, '0')}`;

/**
 * A member gives up waiting for a pending payment (decision 0035): it leaves their way (a new payment
 * of the plan may start), but it is still checked, and a payment approved later is still honoured.
 */
describe('POST /api/payments/:id/cancel', () => {
  let bed: PaymentsBed;
  beforeAll(async () => {
    bed = await startPaymentsBed();
  });
  afterAll(() => bed?.close());

  async function cancelAs(member: Member, id: string) {
    const res = await fetch(`${bed.base}/api/payments/${id}/cancel`, {
      method: 'POST',
      headers: { cookie: member.cookie },
    });
    return { status: res.status, body: (await res.json()) as Payment & { code?: string } };
  }

  it('lets a new payment of the plan start once the pending one is cancelled, and answers a repeat alike', async () => {
    const { member, plan, res } = await startMobilePayment(bed, interactive(1));
    const second = { subscription: plan.id, method: 'mobile_money', currency: 'CDF', phone: interactive(2) };
    expect((await postInit(bed, member, second)).body.code).toBe('payment_in_progress');

    const cancelled = await cancelAs(member, res.body._id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      _id: res.body._id,
      transaction: { status: 'FAILED' },
      reason: 'member_cancelled',
    });
    const again = await cancelAs(member, res.body._id);
    expect(again).toEqual(cancelled);

    const row = await paymentRow(bed, res.body._id);
    expect(row.status).toBe('EXPIRED');
    // Still checked by the sweeper: FlexPay may yet report it paid.
    expect(row.nextCheckAt).not.toBeNull();
    const started = await postInit(bed, member, second);
    expect(started.status).toBe(201);
    expect(started.body.transaction.status).toBe('PENDING');
  });

  it('honours a payment approved on the phone after it was cancelled: one pass', async () => {
    const { member, res } = await startMobilePayment(bed, interactive(3));
    await cancelAs(member, res.body._id);
    const { providerRef } = await paymentRow(bed, res.body._id);
    await bed.flexpay.sim.control.approve(providerRef!);
    await waitForStatus(bed, res.body._id, 'SUCCESS');
    await sweepPayments(paymentsDepsOf(bed.t.app.deps, () => {}));
    expect(await grantsOf(bed, res.body._id)).toHaveLength(1);
    expect((await cancelAs(member, res.body._id)).body.transaction.status).toBe('SUCCESS');
  });

  it('answers 404 to anyone but the owner, and to an id that is no payment (BOLA)', async () => {
    const { res } = await startMobilePayment(bed, interactive(4));
    const other = await createMember(bed.t);
    expect((await cancelAs(other, res.body._id)).status).toBe(404);
    expect((await cancelAs(other, 'not-an-id')).status).toBe(404);
    expect((await paymentRow(bed, res.body._id)).status).toBe('PENDING');
  });
});
