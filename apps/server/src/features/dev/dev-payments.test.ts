import { MAGIC_PAYERS } from '@motema/flexpay-sim/magic-payers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { startTestFlexpaySim, type TestFlexpaySim } from '../../test/flexpay-sim.ts';

describe('development payments page (/dev/payments)', () => {
  let t: TestApp;
  let sim: TestFlexpaySim;
  beforeAll(async () => {
    sim = await startTestFlexpaySim();
    t = await buildTestApp({ flexpay: sim.flexpay });
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  const startPayment = async (payer: string, reference: string) => {
    const outcome = await t.app.deps.paymentProvider.initCollection(
      {
        reference,
        method: 'mobile_money',
        payer,
        amount: { minor: 499, currency: 'USD' },
        description: 'Motema Premium',
        callbackUrl: 'http://127.0.0.1:9/callback',
      },
      { signal: AbortSignal.timeout(5_000) },
    );
    if (outcome.kind !== 'ACCEPTED') throw new Error(JSON.stringify(outcome));
    return outcome.providerRef;
  };

  it('lists a pending payment and approves it by hand, never showing the merchant token', async () => {
    const orderNumber = await startPayment('243812345678', 'DEVPAGE1');
    const page = await t.app.inject({ method: 'GET', url: '/dev/payments' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('DEVPAGE1');
    expect(page.body).toContain(`action="/dev/payments/${orderNumber}/approve"`);
    expect(page.body).toContain(MAGIC_PAYERS.success.msisdn);
    expect(page.body).not.toContain(sim.flexpay.token);
    // Its forms post with their origin (no-referrer would send `Origin: null`, refused in a browser).
    expect(page.headers['referrer-policy']).toBe('same-origin');

    const approved = await t.app.inject({
      method: 'POST',
      url: `/dev/payments/${orderNumber}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toMatch(/^\/dev\/payments\?done=/);
    expect(sim.sim.control.transaction(orderNumber)?.status).toBe('0');
    const after = await t.app.inject({ method: 'GET', url: approved.headers.location as string });
    expect(after.body).toContain('approved');
    expect(after.body).not.toContain(`action="/dev/payments/${orderNumber}/approve"`);
  });

  it('declines over JSON for the journeys, and says 409 once it is no longer pending', async () => {
    const orderNumber = await startPayment('243812345678', 'DEVPAGE2');
    const listed = await t.app.inject({ method: 'GET', url: '/api/dev/payments' });
    expect(listed.json().payments).toContainEqual(expect.objectContaining({ orderNumber, status: '2' }));
    const declined = await t.app.inject({ method: 'POST', url: `/api/dev/payments/${orderNumber}/decline` });
    expect(declined.json()).toMatchObject({ orderNumber, status: '1' });
    const again = await t.app.inject({ method: 'POST', url: `/api/dev/payments/${orderNumber}/approve` });
    expect(again.statusCode).toBe(409);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/dev/payments/nothing/approve' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('development payments page without a simulator in this process', () => {
  it('is not there', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/dev/payments/x/approve' });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
