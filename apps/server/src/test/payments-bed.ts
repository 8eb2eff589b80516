import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Payment } from '@motema/shared/billing';
import { MAGIC_PAYERS } from '@motema/flexpay-sim/magic-payers';
import { paymentEvents, payments, userSubscriptions, type PaymentRow } from '../db/schema.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { createMember, waitFor, type Member } from './factories.ts';
import { planOf } from './billing-factories.ts';
import { startTestFlexpaySim, type TestFlexpaySim } from './flexpay-sim.ts';

export { MAGIC_PAYERS };

/**
 * The app listening on a port of its own (the simulator calls it back there) and a FlexPay simulator
 * on a manual clock: a test moves the simulator's time, and the app's with `clock`, itself.
 */
export type PaymentsBed = {
  t: TestApp;
  flexpay: TestFlexpaySim;
  base: string;
  close: () => Promise<void>;
};

export async function startPaymentsBed(env: Record<string, string> = {}): Promise<PaymentsBed> {
  const flexpay = await startTestFlexpaySim();
  // The simulator's "never answers" init costs the client this long.
  // HOST as `listen` binds it: the callbacks and the card page's way back go to this app (publicOrigin).
  const t = await buildTestApp({
    flexpay: { ...flexpay.flexpay, timeoutMs: 1_000 },
    env: {
      HOST: '127.0.0.1',
      PAYMENT_STARTS_PER_HOUR: '1000',
      PAYMENT_PUSHES_PER_PHONE_PER_HOUR: '1000',
      ...env,
    },
  });
  const base = await t.listen();
  return {
    t,
    flexpay,
    base,
    async close() {
      await t.close();
      await flexpay.close();
    },
  };
}

export type InitBody = { subscription: string; method?: string; currency?: string; phone?: string };

/** POST /api/payments/init/flex over HTTP as `member`, with `key` (a fresh one unless given). */
export async function postInit(bed: PaymentsBed, member: Member, body: InitBody, key: string = randomUUID()) {
  const res = await fetch(`${bed.base}/api/payments/init/flex`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: member.cookie, 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Payment & { code?: string },
  };
}

/** GET `path` over HTTP as `member`. */
export async function getAs(bed: PaymentsBed, member: Member, path: string) {
  const res = await fetch(`${bed.base}${path}`, { headers: { cookie: member.cookie } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A mobile-money start of the week plan (in CDF unless told), paid from `phone`, by a new member unless given. */
export async function startMobilePayment(bed: PaymentsBed, phone: string, member?: Member, currency = 'CDF') {
  const payer = member ?? (await createMember(bed.t));
  const plan = await planOf(bed.t.db, 'week');
  const res = await postInit(bed, payer, {
    subscription: plan.id,
    method: 'mobile_money',
    currency,
    phone,
  });
  return { member: payer, plan, res };
}

export async function paymentRow(bed: PaymentsBed, id: string): Promise<PaymentRow> {
  const [row] = await bed.t.db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw new Error(`no payment ${id}`);
  return row;
}

/** Waits until the payment's internal status is `status`. */
export function waitForStatus(bed: PaymentsBed, id: string, status: PaymentRow['status']) {
  return waitFor(async () => {
    const row = await paymentRow(bed, id);
    return row.status === status ? row : undefined;
  }, `payment ${id} ${status}`);
}

/** The passes a payment granted (at most one: P11). */
export async function grantsOf(bed: PaymentsBed, paymentId: string) {
  return bed.t.db.select().from(userSubscriptions).where(eq(userSubscriptions.paymentId, paymentId));
}

/** The ledger entries posted for a payment (by their key), with the source each names, in order. */
export async function entriesOf(bed: PaymentsBed, paymentId: string) {
  const { rows } = await bed.t.db.$client.query<{ kind: string; key: string; source: string }>(
    `select kind, idempotency_key as key, source_kind || ':' || source_id as source from journal_entries
      where idempotency_key like $1 order by created_at`,
    [`payment:${paymentId}:%`],
  );
  return rows;
}

/** Σ postings per currency: 0 in each when the ledger balances (M1). */
export async function ledgerSums(bed: PaymentsBed): Promise<Record<string, number>> {
  const { rows } = await bed.t.db.$client.query<{ currency: string; total: string }>(
    'select currency, coalesce(sum(amount_minor), 0)::text as total from postings group by currency',
  );
  return Object.fromEntries(rows.map((row) => [row.currency, Number(row.total)]));
}

export async function eventKinds(bed: PaymentsBed, paymentId: string): Promise<string[]> {
  const rows = await bed.t.db
    .select({ kind: paymentEvents.kind })
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, paymentId))
    .orderBy(paymentEvents.createdAt, sql`${paymentEvents.id}`);
  return rows.map((row) => row.kind);
}
