import { describe, expect, it } from 'vitest';
import { MAGIC_PAYERS } from './magic-payers.ts';
import { startFlexpaySim } from './start-flexpay-sim.ts';
import { simTestBed } from './test-sim-bed.ts';

const TOKEN = 'sim-test-token';
const MERCHANT = 'MOTEMA';

const bed = simTestBed({ merchant: MERCHANT, token: TOKEN, seed: 7 });

let references = 0;
const collection = (phone: string, overrides: Record<string, unknown> = {}) => ({
  merchant: MERCHANT,
  type: '1',
  reference: `REF${++references}`,
  phone,
  amount: '10',
  currency: 'USD',
  callbackUrl: bed.receiver.url(),
  ...overrides,
});

async function post(url: string, body: unknown, token: string | null = TOKEN) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
async function check(orderNumber: string) {
  const response = await fetch(`${bed.sim.baseUrl}/check/${orderNumber}`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  type CheckBody = { code: string; message: string; transaction: Record<string, string> | null };
  return { status: response.status, body: (await response.json()) as CheckBody };
}

describe('the FlexPay simulator, wire API', () => {
  it('listens on loopback only', () => {
    expect(new URL(bed.sim.baseUrl).hostname).toBe('127.0.0.1');
  });

  it('refuses a missing or wrong token with 401, and records the attempt without the token', async () => {
    expect((await post(`${bed.sim.baseUrl}/paymentService`, collection('243812345678'), null)).status).toBe(
      401,
    );
    expect((await post(`${bed.sim.baseUrl}/paymentService`, collection('243812345678'), 'nope')).status).toBe(
      401,
    );
    const calls = bed.sim.control.calls();
    expect(calls.map((call) => call.auth)).toEqual(['missing', 'invalid']);
    expect(JSON.stringify(calls)).not.toContain('nope');
  });

  it('validates every field, as strings', async () => {
    const bad = await post(`${bed.sim.baseUrl}/paymentService`, {
      merchant: 'OTHER',
      type: 1,
      reference: 'R'.repeat(26),
      phone: '0812345678',
      amount: '10.00',
      currency: 'EUR',
      callbackUrl: 'not a url',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('1');
    expect(bad.body.errors).toHaveLength(7);
  });

  it('refuses a callback URL that is not public HTTPS in strict mode', async () => {
    const strict = await startFlexpaySim({ merchant: MERCHANT, token: TOKEN, mode: 'strict' });
    try {
      const answer = await post(`${strict.baseUrl}/paymentService`, collection('243812345678'));
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/HTTPS publique/);
    } finally {
      await strict.close();
    }
  });

  it('answers an interactive payment as FlexPay does and keeps it pending until approved', async () => {
    const init = await post(`${bed.sim.baseUrl}/paymentService`, collection('243812345678'));
    expect(init).toEqual({
      status: 200,
      body: {
        code: '0',
        message: 'Transaction envoyée avec succès. Veuillez valider le push message',
        orderNumber: expect.stringMatching(/^[A-Za-z0-9]{12}243812345678$/),
      },
    });
    const orderNumber = init.body.orderNumber as string;
    await bed.sim.control.advanceClock(60 * 60_000);
    expect((await check(orderNumber)).body.transaction?.status).toBe('2');
    expect(bed.receiver.received).toHaveLength(0);

    await bed.sim.control.approve(orderNumber);
    const paid = await check(orderNumber);
    expect(paid.body).toMatchObject({
      code: '0',
      message: 'Une transaction trouvée',
      transaction: { orderNumber, amount: '10.0', amountCustomer: '10.2', currency: 'USD', status: '0' },
    });
    expect(paid.body.transaction?.createdAt).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(bed.receiver.received).toHaveLength(1);
    expect(bed.receiver.received[0]!.body).toMatchObject({ code: '0', orderNumber, amount: '10.0' });
    await expect(bed.sim.control.decline(orderNumber)).rejects.toThrow(/not pending/);
  });

  it('answers an unknown order number with code "1" and no transaction', async () => {
    expect(await check('nothing243812345678')).toEqual({
      status: 404,
      body: { code: '1', message: 'Aucune transaction trouvée', transaction: null },
    });
  });

  it('plays 243990000001: success 2 s later on the virtual clock, one callback', async () => {
    const init = await post(`${bed.sim.baseUrl}/paymentService`, collection(MAGIC_PAYERS.success.msisdn));
    const orderNumber = init.body.orderNumber as string;
    await bed.sim.control.advanceClock(1_999);
    expect((await check(orderNumber)).body.transaction?.status).toBe('2');
    await bed.sim.control.advanceClock(1);
    expect((await check(orderNumber)).body.transaction?.status).toBe('0');
    expect(bed.receiver.received.map((callback) => callback.body.code)).toEqual(['0']);
  });

  it('plays 243990000002: the payer declines, status "1"', async () => {
    const init = await post(`${bed.sim.baseUrl}/paymentService`, collection(MAGIC_PAYERS.declined.msisdn));
    await bed.sim.control.advanceClock(2_000);
    const answer = await check(init.body.orderNumber as string);
    expect(answer.body).toMatchObject({ code: '0', transaction: { status: '1' } });
    expect(bed.receiver.received.map((callback) => callback.body.code)).toEqual(['1']);
  });

  it('plays 243990000003: init code "1", Insufficient funds, no transaction', async () => {
    const init = await post(
      `${bed.sim.baseUrl}/paymentService`,
      collection(MAGIC_PAYERS.insufficientFunds.msisdn),
    );
    expect(init.body).toEqual({ code: '1', message: 'Insufficient funds', orderNumber: null });
    expect(bed.sim.control.transactions()).toHaveLength(0);
  });

  it('refuses a reference it has seen', async () => {
    const body = collection('243812345678');
    expect((await post(`${bed.sim.baseUrl}/paymentService`, body)).body.code).toBe('0');
    expect((await post(`${bed.sim.baseUrl}/paymentService`, body)).body).toMatchObject({
      code: '1',
      orderNumber: null,
    });
  });

  it('gives the same order numbers for the same seed', async () => {
    const again = await startFlexpaySim({ merchant: MERCHANT, token: TOKEN, seed: 7 });
    try {
      bed.sim.control.reset();
      const a = await post(
        `${bed.sim.baseUrl}/paymentService`,
        collection('243812345678', { reference: 'SEEDED' }),
      );
      const b = await post(
        `${again.baseUrl}/paymentService`,
        collection('243812345678', { reference: 'SEEDED' }),
      );
      expect(a.body.orderNumber).toBe(b.body.orderNumber);
    } finally {
      await again.close();
    }
  });

  it('refuses to start in production', async () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await expect(startFlexpaySim({ merchant: MERCHANT, token: TOKEN })).rejects.toThrow(/production/);
    } finally {
      process.env.NODE_ENV = before;
    }
  });
});
