import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../../lib/clock.ts';
import { payments } from '../../../db/schema.ts';
import { planOf } from '../../../test/billing-factories.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { createMember, waitFor } from '../../../test/factories.ts';
import { startPaymentsBed, postInit, type PaymentsBed } from '../../../test/payments-bed.ts';
import { newReference, REFERENCE_PATTERN } from './payment-secrets.ts';
import { sweepPayments } from './payment-sweeper.service.ts';
import { paymentsDepsOf } from './payments.routes.ts';

/** A number the simulator keeps pending until told otherwise (no magic scenario). */
const interactive = (n: number) => `24381${String(n).padStart(7, '0')}`;

describe('starting a payment (PAYMENTS.md P1-P6)', () => {
  let bed: PaymentsBed;
  let limited: PaymentsBed;
  beforeAll(async () => {
    [bed, limited] = await Promise.all([
      startPaymentsBed(),
      // The production defaults of P5: 10 starts a member, 3 pushes a phone, an hour.
      startPaymentsBed({ PAYMENT_STARTS_PER_HOUR: '10', PAYMENT_PUSHES_PER_PHONE_PER_HOUR: '3' }),
    ]);
  });
  afterAll(() => Promise.all([bed?.close(), limited?.close()]));
  afterEach(() => clock.reset());

  const paymentServiceCalls = (b: PaymentsBed, phone: string) =>
    b.flexpay.sim.control
      .calls()
      .filter(
        (call) => call.path.endsWith('/paymentService') && (call.body as { phone?: string }).phone === phone,
      );

  it('gives 20 parallel identical starts one provider call, one row and 20 identical answers (P2)', async () => {
    const member = await createMember(bed.t);
    const plan = await planOf(bed.t.db, 'month');
    const phone = interactive(1);
    const key = randomUUID();
    const body = { subscription: plan.id, method: 'mobile_money', currency: 'USD', phone };
    const answers = await Promise.all(Array.from({ length: 20 }, () => postInit(bed, member, body, key)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(paymentServiceCalls(bed, phone)).toHaveLength(1);
    const rows = await bed.t.db.select().from(payments).where(eq(payments.userId, member.user.id));
    expect(rows).toHaveLength(1);
    // The same key later: the same answer still; with another body: 422, and nothing sent.
    const again = await postInit(bed, member, { ...body, phone: '+243 81 000 0001' }, key);
    expect(again.body).toEqual(answers[0]!.body);
    const other = await postInit(bed, member, { ...body, currency: 'CDF' }, key);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency_key_reused');
    expect(paymentServiceCalls(bed, phone)).toHaveLength(1);
  });

  it('builds the callback URL from configuration, never from the Host header the member sends (issue 25)', async () => {
    const member = await createMember(bed.t);
    const plan = await planOf(bed.t.db, 'week');
    const phone = interactive(25);
    const started = await bed.t.app.inject({
      method: 'POST',
      url: '/api/payments/init/flex',
      headers: { host: 'attacker.example:8443', cookie: member.cookie, 'idempotency-key': randomUUID() },
      payload: { subscription: plan.id, method: 'mobile_money', currency: 'CDF', phone },
    });
    expect(started.statusCode).toBe(201);
    const [sent] = paymentServiceCalls(bed, phone);
    const { callbackUrl } = sent!.body as { callbackUrl: string };
    // Without PUBLIC_URL outside production: this server, on HOST and the port it listens on.
    expect(callbackUrl.startsWith(`${bed.base}/api/payments/callback/flexpay/`)).toBe(true);
    expect(callbackUrl).not.toContain('attacker');
  });

  it('still settles a start from INIT_UNKNOWN when its answer comes after the sweeper gave it up (issue 25)', async () => {
    // An app whose FlexPay calls may take 10 s, on the bed's simulator, which answers 1.5 s late.
    const slow = await buildTestApp({ flexpay: { ...bed.flexpay.flexpay, timeoutMs: 10_000 } });
    try {
      const member = await createMember(slow);
      const plan = await planOf(slow.db, 'quarter');
      bed.flexpay.sim.control.setFaults({ latencyMs: 1_500 });
      const started = slow.app.inject({
        method: 'POST',
        url: '/api/payments/init/flex',
        headers: { cookie: member.cookie, 'idempotency-key': randomUUID() },
        payload: { subscription: plan.id, method: 'mobile_money', currency: 'CDF', phone: interactive(26) },
      });
      const rowOf = async () =>
        (await slow.db.select().from(payments).where(eq(payments.userId, member.user.id)))[0];
      const row = await waitFor(rowOf, 'the payment stored');
      // The sweeper, 31 s later by the app's clock, finds the row CREATED: its init given up for lost.
      clock.advance(31_000);
      const report = await sweepPayments(paymentsDepsOf(slow.app.deps, () => {}));
      bed.flexpay.sim.control.setFaults({ latencyMs: 0 });
      expect(report.abandoned).toBe(1);
      expect((await rowOf())?.status).toBe('INIT_UNKNOWN');
      // FlexPay's answer then arrives: the start is settled all the same, its order number kept.
      const answer = await started;
      expect(answer.json()).toMatchObject({ transaction: { status: 'PENDING' }, reason: null });
      const after = await rowOf();
      expect(after).toMatchObject({ id: row.id, status: 'PENDING' });
      expect(after?.providerRef).toBeTruthy();
    } finally {
      await slow.close();
    }
  }, 90_000);

  it('refuses a start without an Idempotency-Key, or with one over 255 characters', async () => {
    const member = await createMember(bed.t);
    const plan = await planOf(bed.t.db, 'week');
    for (const headers of [{}, { 'idempotency-key': 'k'.repeat(256) }]) {
      const res = await fetch(`${bed.base}/api/payments/init/flex`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: member.cookie, ...headers },
        body: JSON.stringify({ subscription: plan.id, method: 'card' }),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('idempotency_key_required');
    }
  });

  it('charges the catalogue price whatever amount the client sends (P3)', async () => {
    const member = await createMember(bed.t);
    const plan = await planOf(bed.t.db, 'quarter');
    const phone = interactive(2);
    const tampered = { subscription: plan.id, phone, currency: 'CDF', amount: 1, cost: { CDF: 1 }, price: 1 };
    const res = await postInit(bed, member, tampered);
    expect(res.status).toBe(201);
    expect(res.body.transaction).toEqual({ amount: plan.costCdf, currency: 'CDF', status: 'PENDING' });
    const [call] = paymentServiceCalls(bed, phone);
    // The wire carries major units: the catalogue's minor units / 100, without trailing zeros.
    expect(Number((call!.body as { amount: string }).amount) * 100).toBe(plan.costCdf);
  });

  it('answers 404 for a plan that does not exist or is not a plan id, 400 for a bad phone (P4)', async () => {
    const member = await createMember(bed.t);
    for (const subscription of [randomUUID(), 'week', "1' or '1'='1"]) {
      const res = await postInit(bed, member, { subscription, phone: interactive(3) });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('subscription_not_found');
    }
    const plan = await planOf(bed.t.db, 'week');
    const res = await postInit(bed, member, { subscription: plan.id, phone: '+33 6 12 34 56 78' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'validation_failed',
      issues: [{ path: 'phone', code: 'payer_phone_invalid' }],
    });
  });

  it('keeps one open payment per member and plan, even for starts racing with different keys (P5)', async () => {
    const member = await createMember(bed.t);
    const plan = await planOf(bed.t.db, 'week');
    const body = { subscription: plan.id, phone: interactive(4) };
    const answers = await Promise.all(Array.from({ length: 5 }, () => postInit(bed, member, body)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.code).toBe('payment_in_progress');
    const rows = await bed.t.db.select().from(payments).where(eq(payments.userId, member.user.id));
    expect(rows).toHaveLength(1);
    // Another plan is another payment.
    const month = await planOf(bed.t.db, 'month');
    expect((await postInit(bed, member, { ...body, subscription: month.id })).status).toBe(201);
  });

  it('answers the 4th push to one phone within the hour 429 with Retry-After, whoever starts it (P5)', async () => {
    const plan = await planOf(limited.t.db, 'week');
    const phone = interactive(5);
    const starts = [];
    for (let i = 0; i < 4; i++) {
      starts.push(await postInit(limited, await createMember(limited.t), { subscription: plan.id, phone }));
    }
    expect(starts.map((start) => start.status)).toEqual([201, 201, 201, 429]);
    expect(starts[3]!.body.code).toBe('rate_limited');
    expect(Number(starts[3]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(paymentServiceCalls(limited, phone)).toHaveLength(3);
  });

  it("answers a member's 11th start within the hour 429 (P5)", async () => {
    const member = await createMember(limited.t);
    const plans = await Promise.all(
      (['week', 'month', 'quarter'] as const).map((key) => planOf(limited.t.db, key)),
    );
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      // Each start closed at once, so that the one-open-payment rule does not answer first.
      const res = await postInit(limited, member, {
        subscription: plans[i % 3]!.id,
        method: 'card',
      });
      statuses.push(res.status);
      if (res.status === 201) {
        await limited.t.db.update(payments).set({ status: 'CANCELLED' }).where(eq(payments.id, res.body._id));
      }
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
  });

  it("sends a card payment to the provider's hosted page, coming back to the subscribe page", async () => {
    const member = await createMember(bed.t);
    const plan = await planOf(bed.t.db, 'week');
    const res = await postInit(bed, member, { subscription: plan.id, method: 'card', currency: 'USD' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ method: 'card', phone: null, transaction: { status: 'PENDING' } });
    expect(res.body.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/checkout\//);
    const tx = bed.flexpay.sim.control.transactions().find((t) => t.reference === res.body.reference);
    expect(tx?.browserReturn?.approve).toBe(
      `${bed.base}/premium/subscribe/${plan.id}?reference=${res.body.reference}`,
    );
  });

  it('makes references of 20 [A-Z0-9] without repeats, and the database refuses a repeat (P1)', async () => {
    const references = Array.from({ length: 100_000 }, newReference);
    expect(
      references.every((reference) => REFERENCE_PATTERN.test(reference) && reference.length === 20),
    ).toBe(true);
    expect(new Set(references).size).toBe(references.length);
    const [existing] = await bed.t.db.select().from(payments).limit(1);
    const { id: _id, ...copy } = existing!;
    await expect(
      bed.t.db.insert(payments).values({
        ...copy,
        userId: null,
        callbackTokenHash: randomUUID(),
        status: 'CREATED',
        settledAt: null,
      }),
    ).rejects.toMatchObject({ cause: { constraint: 'payments_reference_key' } });
  });

  it('forgets an Idempotency-Key after a day (the sweeper prunes it): the key may then start anew', async () => {
    const member = await createMember(bed.t);
    const plan = await planOf(bed.t.db, 'week');
    const key = randomUUID();
    const first = await postInit(bed, member, { subscription: plan.id, method: 'card' }, key);
    expect(first.status).toBe(201);
    // Kept after 24 h: the same key with another body is still refused.
    clock.advance(24 * 3_600_000);
    await sweepPayments(paymentsDepsOf(bed.t.app.deps, () => {}));
    const refused = await postInit(
      bed,
      member,
      { subscription: plan.id, method: 'card', currency: 'USD' },
      key,
    );
    expect(refused.status).toBe(422);
    clock.advance(2 * 3_600_000);
    await sweepPayments(paymentsDepsOf(bed.t.app.deps, () => {}));
    const again = await postInit(
      bed,
      member,
      { subscription: plan.id, method: 'card', currency: 'USD' },
      key,
    );
    expect(again.status).toBe(201);
    expect(again.body._id).not.toBe(first.body._id);
  });
});
