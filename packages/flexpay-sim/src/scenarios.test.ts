import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MAGIC_PAYERS } from './magic-payers.ts';
import { startFlexpaySim } from './start-flexpay-sim.ts';
import { startCallbackReceiver } from './test-callback-receiver.ts';
import { simTestBed } from './test-sim-bed.ts';
import { wireClient } from './test-wire-client.ts';

const TOKEN = 'sim-scenarios-token';
const bed = simTestBed({ token: TOKEN, seed: 3 });
let wire: ReturnType<typeof wireClient>;
beforeAll(() => {
  wire = wireClient(bed.sim, TOKEN);
});

let references = 0;
const body = (phone: string, overrides: Record<string, unknown> = {}) => ({
  merchant: 'MOTEMA',
  type: '1',
  reference: `SC${++references}`,
  phone,
  amount: '5000',
  currency: 'CDF',
  callbackUrl: bed.receiver.url(),
  ...overrides,
});
async function start(phone: string, path = 'paymentService') {
  const answer = await wire.post(path, body(phone));
  return JSON.parse(answer.text).orderNumber as string;
}
const statusOf = async (orderNumber: string) => (await wire.check(orderNumber)).body.transaction?.status;
const callbackCodes = () => bed.receiver.received.map((callback) => callback.body.code);

describe('the magic payers (PAYMENTS.md A5)', () => {
  it('243990000004: succeeds, and no callback ever comes', async () => {
    const orderNumber = await start(MAGIC_PAYERS.silentSuccess.msisdn);
    await bed.sim.control.advanceClock(60 * 60_000);
    expect(await statusOf(orderNumber)).toBe('0');
    expect(callbackCodes()).toEqual([]);
  });

  it('243990000005: the callback comes 3 times, and once more 10 min later', async () => {
    const orderNumber = await start(MAGIC_PAYERS.repeatedCallbacks.msisdn);
    await bed.sim.control.advanceClock(2_000);
    expect(callbackCodes()).toEqual(['0', '0', '0']);
    await bed.sim.control.advanceClock(10 * 60_000);
    expect(callbackCodes()).toEqual(['0', '0', '0', '0']);
    expect(await statusOf(orderNumber)).toBe('0');
  });

  it('243990000006: the callback arrives before the init answer', async () => {
    const orderNumber = await start(MAGIC_PAYERS.callbackFirst.msisdn);
    expect(bed.receiver.received.map((callback) => callback.body.orderNumber)).toEqual([orderNumber]);
    expect(await statusOf(orderNumber)).toBe('0');
  });

  it('243990000007: the init never answers, yet the transaction exists and succeeds', async () => {
    const init = wire.post('paymentService', body(MAGIC_PAYERS.initTimeout.msisdn));
    void init.catch(() => {});
    // Held, not lost: the transaction is there once the request has reached the simulator.
    const tx = await vi.waitFor(() => {
      const [held] = bed.sim.control.transactions();
      if (!held) throw new Error('the request has not reached the simulator yet');
      return held;
    });
    expect(tx.status).toBe('2');
    await bed.sim.control.advanceClock(2_000);
    expect(await statusOf(tx.orderNumber)).toBe('0');
    bed.sim.control.reset(); // lets the held answer go
    await init.catch(() => {});
  });

  it('243990000008: check answers "not found" with HTTP 500 three times, then the success', async () => {
    const orderNumber = await start(MAGIC_PAYERS.flakyCheck.msisdn);
    await bed.sim.control.advanceClock(2_000);
    for (let i = 0; i < 3; i++) {
      expect(await wire.check(orderNumber)).toEqual({
        status: 500,
        body: { code: '1', message: 'Aucune transaction trouvée', transaction: null },
      });
    }
    expect(await statusOf(orderNumber)).toBe('0');
  });

  it('243990000009: the callback claims success, check says failed', async () => {
    const orderNumber = await start(MAGIC_PAYERS.lyingCallback.msisdn);
    await bed.sim.control.advanceClock(2_000);
    expect(callbackCodes()).toEqual(['0']);
    expect(await wire.check(orderNumber)).toMatchObject({
      body: { code: '0', transaction: { status: '1' } },
    });
  });

  it('243990000010: paid, but check reports another amount', async () => {
    const orderNumber = await start(MAGIC_PAYERS.amountMismatch.msisdn);
    await bed.sim.control.advanceClock(2_000);
    expect((await wire.check(orderNumber)).body.transaction).toMatchObject({ status: '0', amount: '2500.0' });
  });

  it('243990000011: pending forever, until approved by hand', async () => {
    const orderNumber = await start(MAGIC_PAYERS.pendingForever.msisdn);
    await bed.sim.control.advanceClock(48 * 60 * 60_000);
    expect(await statusOf(orderNumber)).toBe('2');
    await bed.sim.control.approve(orderNumber);
    expect(await statusOf(orderNumber)).toBe('0');
  });

  it('243990000012: paid, refund pending 10 min later, refunded 5 min after', async () => {
    const orderNumber = await start(MAGIC_PAYERS.refundLater.msisdn);
    await bed.sim.control.advanceClock(2_000);
    expect(await statusOf(orderNumber)).toBe('0');
    await bed.sim.control.advanceClock(10 * 60_000);
    expect(await statusOf(orderNumber)).toBe('3');
    await bed.sim.control.advanceClock(5 * 60_000);
    expect(await statusOf(orderNumber)).toBe('4');
  });

  it('243990000013: an HTML page with HTTP 200 on init, and the payment still happens', async () => {
    const answer = await wire.post('paymentService', body(MAGIC_PAYERS.htmlInit.msisdn));
    expect(answer).toMatchObject({ status: 200, type: expect.stringContaining('text/html') });
    await bed.sim.control.advanceClock(2_000);
    const [tx] = bed.sim.control.transactions();
    expect(tx?.status).toBe('0');
    expect(bed.receiver.received[0]?.body).toMatchObject({ code: '0', orderNumber: tx?.orderNumber });
  });
});

describe('payouts (merchantPayOutService)', () => {
  it('pays out from the merchant balance, and gives it back when the payout fails', async () => {
    const before = bed.sim.control.balance().CDF;
    const paid = await start(MAGIC_PAYERS.payoutSuccess.msisdn, 'merchantPayOutService');
    const failed = await start(MAGIC_PAYERS.payoutFailure.msisdn, 'merchantPayOutService');
    expect(bed.sim.control.balance().CDF).toBe(before - 2 * 500_000);
    await bed.sim.control.advanceClock(2_000);
    expect([await statusOf(paid), await statusOf(failed)]).toEqual(['0', '1']);
    expect(bed.sim.control.balance().CDF).toBe(before - 500_000);
  });

  it('leaves an unknown payout unknown: init never answers, no callback, check never finds it', async () => {
    const pending = wire.post('merchantPayOutService', body(MAGIC_PAYERS.payoutUnknown.msisdn));
    void pending.catch(() => {});
    const tx = await vi.waitFor(() => {
      const held = bed.sim.control.transactions().find((t) => t.phone === MAGIC_PAYERS.payoutUnknown.msisdn);
      if (!held) throw new Error('the request has not reached the simulator yet');
      return held;
    });
    await bed.sim.control.advanceClock(60_000);
    const check = await wire.check(tx.orderNumber);
    expect(check.body).toMatchObject({ code: '1', transaction: null });
    expect(bed.sim.control.transactions().find((t) => t.orderNumber === tx.orderNumber)?.callbacks).toEqual(
      [],
    );
    bed.sim.control.reset(); // lets the held answer go
    await pending.catch(() => {});
  });

  it('refuses a payout beyond the balance', async () => {
    const answer = await wire.post(
      'merchantPayOutService',
      body(MAGIC_PAYERS.payoutSuccess.msisdn, { amount: '99999999' }),
    );
    expect(JSON.parse(answer.text)).toEqual({ code: '1', message: 'Solde insuffisant', orderNumber: null });
  });
});

describe('the control API', () => {
  it('programs the next payments of a number, over HTTP', async () => {
    const programmed = await fetch(`${bed.sim.origin}/__sim/scenario`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '243812345678', scenario: 'declined', times: 1 }),
    });
    expect(programmed.status).toBe(200);
    const first = await start('243812345678');
    const second = await start('243812345678');
    await bed.sim.control.advanceClock(2_000);
    expect([await statusOf(first), await statusOf(second)]).toEqual(['1', '2']);
  });

  it('refunds a paid payment by hand', async () => {
    const orderNumber = await start('243812345678');
    await bed.sim.control.approve(orderNumber);
    const refunded = await fetch(`${bed.sim.origin}/__sim/tx/${orderNumber}/refund`, { method: 'POST' });
    expect(refunded.status).toBe(200);
    expect(await statusOf(orderNumber)).toBe('3');
  });

  it('drops the connection after creating the transaction, when told to', async () => {
    bed.sim.control.setFaults({ dropConnectionRate: 1 });
    await expect(wire.post('paymentService', body('243812345678'))).rejects.toThrow();
    expect(bed.sim.control.transactions()).toHaveLength(1);
    expect(bed.sim.control.calls()[0]?.fault).toBe('drop');
    bed.sim.control.setFaults({ dropConnectionRate: 0, errorRate: 1 });
    expect(await wire.post('paymentService', body('243812345678'))).toMatchObject({ status: 502 });
  });

  it('retries a refused callback by the retry policy, on the clock', async () => {
    const refusing = await startCallbackReceiver(503);
    const retrying = await startFlexpaySim({
      merchant: 'MOTEMA',
      token: TOKEN,
      clock: 'manual',
      callbackPolicy: { kind: 'retry', attempts: 3, backoffMs: 1_000 },
    });
    try {
      const answer = await wireClient(retrying, TOKEN).post(
        'paymentService',
        body('243812345678', { callbackUrl: refusing.url() }),
      );
      await retrying.control.approve(JSON.parse(answer.text).orderNumber);
      expect(refusing.received).toHaveLength(1);
      await retrying.control.advanceClock(1_000);
      await retrying.control.advanceClock(2_000);
      await retrying.control.advanceClock(60_000);
      expect(refusing.received).toHaveLength(3);
      expect(retrying.control.transactions()[0]?.callbacks.map((a) => a.httpStatus)).toEqual([503, 503, 503]);
    } finally {
      await retrying.close();
      await refusing.close();
    }
  });

  it('answers the first transaction for a known reference with return_first', async () => {
    const lenient = await startFlexpaySim({
      merchant: 'MOTEMA',
      token: TOKEN,
      duplicateReference: 'return_first',
    });
    try {
      const client = wireClient(lenient, TOKEN);
      const once = body('243812345678');
      const [a, b] = [await client.post('paymentService', once), await client.post('paymentService', once)];
      expect(JSON.parse(b.text).orderNumber).toBe(JSON.parse(a.text).orderNumber);
      expect(lenient.control.transactions()).toHaveLength(1);
    } finally {
      await lenient.close();
    }
  });
});

describe('runtime knobs', () => {
  it('has check not know a new transaction for a while (checkNotFoundForMs)', async () => {
    bed.sim.control.setFaults({ checkNotFoundForMs: 5_000 });
    const orderNumber = await start('243812345678');
    expect(await wire.check(orderNumber)).toMatchObject({
      status: 404,
      body: { code: '1', transaction: null },
    });
    await bed.sim.control.advanceClock(5_000);
    expect(await statusOf(orderNumber)).toBe('2');
  });

  it('changes the callback policy over HTTP until reset', async () => {
    const set = await fetch(`${bed.sim.origin}/__sim/callback-policy`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'duplicate', copies: 2 }),
    });
    expect(await set.json()).toEqual({ kind: 'duplicate', copies: 2 });
    await bed.sim.control.approve(await start('243812345678'));
    expect(callbackCodes()).toEqual(['0', '0']);
    expect(() => bed.sim.control.setCallbackPolicy({ kind: 'retry', attempts: 0, backoffMs: 1 })).toThrow(
      /attempts/,
    );
    bed.sim.control.reset();
    bed.receiver.received.length = 0;
    await bed.sim.control.approve(await start('243812345678'));
    expect(callbackCodes()).toEqual(['0']);
  });
});
