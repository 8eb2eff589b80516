// @slow-tier runs `npm run payments` as its own process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf } from '../../money/ledger/ledger.service.ts';
import {
  entriesOf,
  grantsOf,
  ledgerSums,
  MAGIC_PAYERS,
  paymentRow,
  startMobilePayment,
  startPaymentsBed,
  waitForStatus,
  type PaymentsBed,
} from '../../../test/payments-bed.ts';
import { runPaymentsCommand } from '../../../test/payments-command.ts';

// A payment FlexPay reports paid with another amount (…10: half of it) is REVIEW with what was
// received held in platform:suspense; an operator accepts it or says it was returned.

let bed: PaymentsBed;
beforeAll(async () => {
  bed = await startPaymentsBed();
});
afterAll(() => bed?.close());

/** A payment in REVIEW, FlexPay having received half its amount. */
async function inReview() {
  const { res } = await startMobilePayment(bed, MAGIC_PAYERS.amountMismatch.msisdn);
  await bed.flexpay.sim.control.advanceClock(2_000);
  await waitForStatus(bed, res.body._id, 'REVIEW');
  return paymentRow(bed, res.body._id);
}
const payments = (args: string[]) => runPaymentsCommand(bed.t.databaseUrl, ['review', ...args]);
const kinds = async (id: string) => (await entriesOf(bed, id)).map((entry) => entry.kind);

describe('a payment under review', () => {
  it('is listed with what FlexPay received; accepted, it is SUCCESS: the suspense becomes revenue, the pass is granted', async () => {
    const payment = await inReview();
    const half = Math.floor(payment.amountMinor / 2);
    const suspenseBefore = await balanceOf(bed.t.db, 'platform:suspense', payment.currency);
    const listed = await payments([]);
    expect(listed.output).toContain(
      `${payment.reference}  asked ${payment.amountMinor} ${payment.currency}  received ${half} ${payment.currency}`,
    );

    const revenueBefore = await balanceOf(bed.t.db, 'platform:revenue', payment.currency);
    const accepted = await payments([payment.reference, 'accept']);
    expect(accepted, accepted.output).toMatchObject({ code: 0 });
    expect(await paymentRow(bed, payment.id)).toMatchObject({ status: 'SUCCESS' });
    expect(await grantsOf(bed, payment.id)).toHaveLength(1);
    expect(await kinds(payment.id)).toEqual(['payment_review', 'payment_review_accepted', 'payment_settled']);
    expect(await balanceOf(bed.t.db, 'platform:suspense', payment.currency)).toBe(suspenseBefore - half);
    expect(await balanceOf(bed.t.db, 'platform:revenue', payment.currency)).toBe(revenueBefore + half);
    expect(Object.values(await ledgerSums(bed)).every((sum) => sum === 0)).toBe(true);

    // Decided once: the state machine refuses a second decision, and nothing changes.
    const again = await payments([payment.reference, 'refund']);
    expect(again.code).toBe(1);
    expect(again.output).toContain('not under review');
    expect(await kinds(payment.id)).toHaveLength(3);
  }, 60_000);

  it('refunded by the operator, it is CANCELLED and the suspense goes back to the clearing account', async () => {
    const payment = await inReview();
    const clearingBefore = await balanceOf(bed.t.db, 'platform:flexpay_clearing', payment.currency);
    const refunded = await payments([payment.reference, 'refund']);
    expect(refunded, refunded.output).toMatchObject({ code: 0 });
    expect(await paymentRow(bed, payment.id)).toMatchObject({ status: 'CANCELLED', reason: 'refunded' });
    expect(await grantsOf(bed, payment.id)).toHaveLength(0);
    expect(await kinds(payment.id)).toEqual(['payment_review', 'reversal']);
    expect(await balanceOf(bed.t.db, 'platform:flexpay_clearing', payment.currency)).toBe(
      clearingBefore - Math.floor(payment.amountMinor / 2),
    );
  }, 60_000);

  it('the database refuses a move from REVIEW other than the operator’s two', async () => {
    const payment = await inReview();
    for (const status of ['FAILED', 'REFUNDED', 'PENDING']) {
      await expect(
        bed.t.db.$client.query('UPDATE payments SET status = $1 WHERE id = $2', [status, payment.id]),
      ).rejects.toMatchObject({ constraint: 'payments_monotonic' });
    }
    expect((await payments(['NOSUCHREFERENCE', 'accept'])).output).toContain('Refused: no payment');
  }, 60_000);
});
