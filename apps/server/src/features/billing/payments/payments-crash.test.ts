// @slow-tier crashes the server's process in the middle of payments.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '@motema/shared/billing';
import { paymentEvents, payments, userSubscriptions } from '../../../db/schema.ts';
import { planOf } from '../../../test/billing-factories.ts';
import { createMember, waitFor, type Member } from '../../../test/factories.ts';
import { startTestFlexpaySim, type TestFlexpaySim } from '../../../test/flexpay-sim.ts';
import { MAGIC_PAYERS } from '../../../test/payments-bed.ts';
import { runPaymentsCommand } from '../../../test/payments-command.ts';
import { startServerProcess, type ServerProcess } from '../../../test/server-process.ts';
import { createTestDatabase } from '../../../test/test-database.ts';

// Issue 25: a server killed (SIGKILL) while FlexPay holds its init answer, FlexPay's one callback sent
// while the server is down. The member was charged; the payment must not be forgotten.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let flexpay: TestFlexpaySim;
let server: ServerProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  flexpay = await startTestFlexpaySim();
  const { baseUrl, cardUrl, merchant, token } = flexpay.flexpay;
  server = await startServerProcess({
    databaseUrl: database.url,
    env: {
      FLEXPAY_SIM: 'false',
      FLEXPAY_BASE_URL: baseUrl,
      FLEXPAY_CARD_URL: cardUrl,
      FLEXPAY_MERCHANT: merchant,
      FLEXPAY_TOKEN: token,
    },
  });
}, 90_000);

afterAll(async () => {
  await server?.dispose();
  await flexpay?.close();
  await database?.close();
});

const rowOf = async (id: string) => {
  const [row] = await database.db.select().from(payments).where(eq(payments.id, id));
  return row!;
};
const passesOf = (id: string) =>
  database.db.select().from(userSubscriptions).where(eq(userSubscriptions.paymentId, id));
const entriesOf = async (id: string) =>
  (
    await database.db.$client.query<{ key: string }>(
      'select idempotency_key as key from journal_entries where idempotency_key like $1',
      [`payment:${id}:%`],
    )
  ).rows.map((row) => row.key);
const alertsOf = async (id: string) =>
  (
    await database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, id), eq(paymentEvents.kind, 'alert')))
  ).map((row) => JSON.parse(row.body) as { alert: string });

async function verify(member: Member, reference: string): Promise<Payment> {
  const response = await fetch(`${server.url}/api/payments/verify/${reference}`, {
    headers: { cookie: member.cookie },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Payment;
}

/** Starts a payment FlexPay will never answer (its init is held); the request is cut by the kill. */
async function startHeldPayment(plan: string) {
  const member = await createMember({ db: database.db });
  const cut = fetch(`${server.url}/api/payments/init/flex`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: member.cookie, 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      subscription: plan,
      method: 'mobile_money',
      currency: 'CDF',
      phone: MAGIC_PAYERS.initTimeout.msisdn,
    }),
  }).then(
    (response) => response.status,
    () => 'cut' as const,
  );
  const row = await waitFor(
    async () => {
      const [found] = await database.db.select().from(payments).where(eq(payments.userId, member.user.id));
      const held = found && flexpay.sim.control.transactions().find((tx) => tx.reference === found.reference);
      return held && found;
    },
    'the init held at FlexPay',
    60_000,
  );
  return { member, row, cut };
}

describe('a payment whose server was killed while FlexPay held its init answer (issue 25)', () => {
  it('is known as INIT_UNKNOWN after the restart, alerted, told as being checked, and settled by the operator or a late callback', async () => {
    const plan = (await planOf(database.db, 'week')).id;
    // FlexPay's retries are unknown: here it tries once more a minute later (virtual clock).
    flexpay.sim.control.setCallbackPolicy({ kind: 'retry', attempts: 2, backoffMs: 60_000 });
    const byOperator = await startHeldPayment(plan);
    const byCallback = await startHeldPayment(plan);

    await server.kill('SIGKILL');
    expect(await byOperator.cut).toBe('cut');
    expect(await byCallback.cut).toBe('cut');
    // Both members pay (2 s later on FlexPay's clock); the callbacks find the server down.
    await flexpay.sim.control.advanceClock(2_000);
    const txOf = (reference: string) =>
      flexpay.sim.control.transactions().find((tx) => tx.reference === reference)!;
    for (const { row } of [byOperator, byCallback]) {
      expect(txOf(row.reference)).toMatchObject({ status: '0', callbacks: [{ httpStatus: null }] });
      expect(await rowOf(row.id)).toMatchObject({ status: 'CREATED', providerRef: null });
    }

    await server.restart();
    const restarted = Date.now();
    for (const { row } of [byOperator, byCallback]) {
      await waitFor(
        async () => ((await rowOf(row.id)).status === 'INIT_UNKNOWN' ? true : undefined),
        `payment ${row.reference} INIT_UNKNOWN`,
        90_000,
      );
    }
    console.log(`INIT_UNKNOWN ${((Date.now() - restarted) / 1000).toFixed(1)} s after the restart`);

    for (const { member, row } of [byOperator, byCallback]) {
      expect(await alertsOf(row.id)).toEqual([expect.objectContaining({ alert: 'outcome_unknown' })]);
      // Logged for the operator just after the commit, with what to do.
      const told = `payment ${row.reference} has an unknown outcome`;
      await waitFor(async () => (server.output().includes(told) ? true : undefined), 'the operator told');
      expect(server.output()).toContain('npm run payments -- resolve');
      expect(await verify(member, row.reference)).toMatchObject({
        transaction: { status: 'PENDING' },
        reason: 'checking',
      });
      expect(await passesOf(row.id)).toHaveLength(0);
    }

    // The operator found it paid in FlexPay's back office.
    const orderNumber = txOf(byOperator.row.reference).orderNumber;
    const resolved = await runPaymentsCommand(database.url, [
      'resolve',
      byOperator.row.reference,
      'paid',
      '--order-number',
      orderNumber,
    ]);
    expect(resolved, resolved.output).toMatchObject({ code: 0 });
    expect(await rowOf(byOperator.row.id)).toMatchObject({ status: 'SUCCESS', providerRef: orderNumber });
    expect(await passesOf(byOperator.row.id)).toHaveLength(1);
    expect(await entriesOf(byOperator.row.id)).toEqual([`payment:${byOperator.row.id}:settled`]);
    expect(await verify(byOperator.member, byOperator.row.reference)).toMatchObject({
      transaction: { status: 'SUCCESS' },
    });
    // What the state machine refuses, the command refuses, changing nothing.
    for (const outcome of ['paid', 'failed']) {
      const refused = await runPaymentsCommand(database.url, ['resolve', byOperator.row.reference, outcome]);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('Refused: payment');
    }
    expect(await passesOf(byOperator.row.id)).toHaveLength(1);

    // FlexPay's late callback: it names the order number, and the check it triggers settles the payment.
    await flexpay.sim.control.advanceClock(60_000);
    const settled = await waitFor(async () => {
      const row = await rowOf(byCallback.row.id);
      return row.status === 'SUCCESS' ? row : undefined;
    }, 'the late callback settled');
    expect(settled.providerRef).toBe(txOf(byCallback.row.reference).orderNumber);
    expect(await passesOf(byCallback.row.id)).toHaveLength(1);
    expect(await entriesOf(byCallback.row.id)).toEqual([`payment:${byCallback.row.id}:settled`]);
    // The resolved one's late callback changed nothing: still one pass and one entry.
    expect(await passesOf(byOperator.row.id)).toHaveLength(1);
    expect(await entriesOf(byOperator.row.id)).toHaveLength(1);
  }, 240_000);
});
