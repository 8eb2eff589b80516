import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../../lib/clock.ts';
import { createMember, waitFor } from '../../../test/factories.ts';
import { randomIp } from '../../../test/net.ts';
import {
  eventKinds,
  getAs,
  grantsOf,
  MAGIC_PAYERS,
  paymentRow,
  startMobilePayment,
  startPaymentsBed,
  waitForStatus,
  type PaymentsBed,
} from '../../../test/payments-bed.ts';
import { nextEvent, openSocket } from '../../../test/socket-test-bed.ts';

/** A number the simulator keeps pending until told otherwise. */
const interactive = (n: number) => `24382${String(n).padStart(7, '0')}`;

describe('callbacks, verify and the payment routes: who may do what (P7, P8, P13)', () => {
  let bed: PaymentsBed;
  beforeAll(async () => {
    bed = await startPaymentsBed();
  });
  afterAll(() => bed?.close());
  afterEach(() => clock.reset());

  const simTx = (reference: string) => {
    const tx = bed.flexpay.sim.control.transactions().find((t) => t.reference === reference);
    if (!tx) throw new Error(`the simulator has no ${reference}`);
    return tx;
  };
  const checksOf = (orderNumber: string) =>
    bed.flexpay.sim.control.calls().filter((call) => call.path.endsWith(`/check/${orderNumber}`)).length;

  it('answers a forged callback (a real reference, a wrong token) 404 and changes nothing (P7)', async () => {
    const { res } = await startMobilePayment(bed, interactive(1));
    const tx = simTx(res.body.reference);
    const lie = { code: '0', reference: res.body.reference, orderNumber: tx.orderNumber };
    const forged = await fetch(`${bed.base}/api/payments/callback/flexpay/${'A'.repeat(43)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(lie),
    });
    expect(forged.status).toBe(404);
    expect((await paymentRow(bed, res.body._id)).status).toBe('PENDING');
    expect(checksOf(tx.orderNumber)).toBe(0);
    const { rows } = await bed.t.db.$client.query(
      "select 1 from payment_events where kind = 'callback_refused' and body like $1",
      [`%${res.body.reference}%`],
    );
    expect(rows).toHaveLength(1);
  });

  it("takes a right token's callback at once but believes only the check: a lying body changes nothing (P7, P8)", async () => {
    const { res } = await startMobilePayment(bed, interactive(2));
    const tx = simTx(res.body.reference);
    const started = performance.now();
    const posted = await fetch(tx.callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        code: '0',
        reference: res.body.reference,
        orderNumber: tx.orderNumber,
      }).toString(),
    });
    // P7: answered well under a second; the check runs in a job.
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(posted.status).toBe(200);
    // The check it triggers finds the payment still pending at FlexPay.
    await waitForCheck(tx.orderNumber);
    expect((await paymentRow(bed, res.body._id)).status).toBe('PENDING');
    expect(await grantsOf(bed, res.body._id)).toEqual([]);
    expect(await eventKinds(bed, res.body._id)).toContain('callback');
  });

  async function waitForCheck(orderNumber: string) {
    await waitFor(async () => (checksOf(orderNumber) > 0 ? true : undefined), 'a check');
  }

  it('answers refused callbacks from one address 429 after 20 in 10 minutes', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await bed.t.app.inject({
        method: 'POST',
        url: `/api/payments/callback/flexpay/wrong-${i}`,
        remoteAddress: ip,
        headers: { 'content-type': 'application/json' },
        payload: `{"try":"${ip}"}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(404));
    expect(statuses.slice(20)).toEqual([429, 429]);
    // Kept in the audit trail until the limit, not after.
    const { rows } = await bed.t.db.$client.query(
      "select 1 from payment_events where kind = 'callback_refused' and body = $1",
      [`{"try":"${ip}"}`],
    );
    expect(rows).toHaveLength(20);
  });

  it('shows a payment only to its owner: 404 to another member on every route (BOLA, P13)', async () => {
    const { member, res } = await startMobilePayment(bed, interactive(3));
    const other = await createMember(bed.t);
    const orderNumber = simTx(res.body.reference).orderNumber;
    clock.advance(10_000);
    for (const path of [`/api/payments/${res.body._id}`, `/api/payments/verify/${res.body.reference}`]) {
      const seen = await getAs(bed, other, path);
      expect(seen.status, path).toBe(404);
      expect(seen.body.code).toBe('not_found');
    }
    // The other member's verify cost no provider check either.
    expect(checksOf(orderNumber)).toBe(0);
    const list = await getAs(bed, other, '/api/payments');
    expect(list.body).toEqual({ payments: [], count: 0 });
    const own = await getAs(bed, member, '/api/payments');
    expect(own.body).toMatchObject({ count: 1, payments: [{ _id: res.body._id }] });
  });

  it('checks at the provider at most once per 5 s however often verify is called, and never shows its data (P13)', async () => {
    const { member, res } = await startMobilePayment(bed, interactive(4));
    const { orderNumber, phone } = simTx(res.body.reference);
    clock.advance(10_000);
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => getAs(bed, member, `/api/payments/verify/${res.body.reference}`)),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    // One check per 5 s of the burst: one, unless a loaded machine stretched it past 5 s.
    expect(checksOf(orderNumber)).toBeGreaterThanOrEqual(1);
    expect(checksOf(orderNumber)).toBeLessThanOrEqual(1 + Math.floor((Date.now() - started) / 5_000));
    for (const answer of answers) {
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain(orderNumber);
      expect(text).not.toContain(phone!);
      expect(Object.keys(answer.body).sort()).toEqual(
        [
          '_id',
          'createdAt',
          'method',
          'phone',
          'reason',
          'redirectUrl',
          'reference',
          'subscription',
          'transaction',
        ].sort(),
      );
    }
    const before = checksOf(orderNumber);
    clock.advance(6_000);
    await getAs(bed, member, `/api/payments/verify/${res.body.reference}`);
    expect(checksOf(orderNumber)).toBe(before + 1);
    // 60 a minute per member: the next ones are refused.
    const more = await Promise.all(
      Array.from({ length: 15 }, () => getAs(bed, member, `/api/payments/verify/${res.body.reference}`)),
    );
    expect(more.some((answer) => answer.status === 429)).toBe(true);
  });

  it("tells the member's devices by socket when a payment settles (billing:payment)", async () => {
    const member = await createMember(bed.t);
    const socket = await openSocket(bed.base, member.cookie);
    try {
      const { res } = await startMobilePayment(bed, MAGIC_PAYERS.success.msisdn, member);
      const told = nextEvent(socket, 'billing:payment', (payload) => payload._id === res.body._id);
      await bed.flexpay.sim.control.advanceClock(2_000);
      expect(await told).toEqual({ _id: res.body._id });
      await waitForStatus(bed, res.body._id, 'SUCCESS');
    } finally {
      socket.disconnect();
    }
  });

  it("lists a member's payments newest first, in pages", async () => {
    const member = await createMember(bed.t);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      clock.advance(1_000);
      const { res } = await startMobilePayment(bed, MAGIC_PAYERS.insufficientFunds.msisdn, member);
      ids.push(res.body._id);
    }
    const page = await getAs(bed, member, '/api/payments?skip=1&limit=1');
    expect(page.body).toMatchObject({ count: 3, payments: [{ _id: ids[1] }] });
    const all = await getAs(bed, member, '/api/payments');
    expect((all.body.payments as { _id: string }[]).map((p) => p._id)).toEqual([...ids].reverse());
  });
});
