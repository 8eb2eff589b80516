// @slow-tier starts server processes and a Redis server.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_CARDS, MAGIC_PAYERS } from '@motema/flexpay-sim/magic-payers';
import type { Payment } from '@motema/shared/billing';
import { createMember } from '../../test/factories.ts';
import { freePort } from '../../test/redis-server.ts';
import { startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { createTestDatabase } from '../../test/test-database.ts';

// P14, P16: the merchant token never shows in a log line or anything served, while payments run
// through every path of the adapter (success, decline, refusal, HTML answer, timeout, flaky check,
// a lying callback, a card on the hosted page). The real server process (main.ts) runs with every
// log line on (LOG_LEVEL=trace) and its own simulator; all it prints is captured.

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token shaped like FlexPay's (a JWT naming a MERCHANT), made up for this run. */
const TOKEN = [
  base64url({ alg: 'HS256', typ: 'JWT' }),
  base64url({ roles: ['MERCHANT'], sub: randomUUID() }),
  randomBytes(32).toString('base64url'),
].join('.');
/** Any of these in a log or a page is a leak: the token, or its signature alone (a truncated copy). */
const SECRETS = [TOKEN, TOKEN.split('.')[2]!];
/** Sent in a URL: the capture must see it in the request log, or it could not see a leak either. */
const CANARY = `canary${randomBytes(8).toString('hex')}`;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: ServerProcess;
let simOrigin: string;
/** Everything Motema served in the run: status line, headers and body of each answer. */
const served: { what: string; text: string }[] = [];

async function fetchServed(what: string, url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { redirect: 'manual', ...init });
  const body = await response.clone().text();
  served.push({ what, text: `${response.status} ${JSON.stringify([...response.headers])}\n${body}` });
  return response;
}

async function asMember(cookie: string, path: string, init: RequestInit = {}) {
  const headers = { cookie, 'content-type': 'application/json', ...(init.headers as object) };
  return fetchServed(`${init.method ?? 'GET'} ${path}`, `${server.url}${path}`, { ...init, headers });
}

/** Starts a payment for a member of its own (one open payment per member and plan, P5). */
async function startPayment(plan: string, body: object): Promise<{ cookie: string; payment: Payment }> {
  const { cookie } = await createMember({ db: database.db });
  const response = await asMember(cookie, '/api/payments/init/flex', {
    method: 'POST',
    headers: { 'idempotency-key': randomUUID() },
    body: JSON.stringify({ subscription: plan, ...body }),
  });
  return { cookie, payment: (await response.json()) as Payment };
}

/** Asks verify until the payment leaves PENDING, or `ms` passed. */
async function settle(cookie: string, payment: Payment, ms = 30_000): Promise<Payment> {
  const until = Date.now() + ms;
  let last = payment;
  while (last.transaction?.status === 'PENDING' && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const response = await asMember(cookie, `/api/payments/verify/${payment.reference}`);
    if (response.ok) last = (await response.json()) as Payment;
  }
  return last;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const simPort = await freePort();
  simOrigin = `http://127.0.0.1:${simPort}`;
  server = await startServerProcess({
    databaseUrl: database.url,
    env: {
      LOG_LEVEL: 'trace',
      FLEXPAY_SIM: 'true',
      FLEXPAY_SIM_PORT: String(simPort),
      FLEXPAY_MERCHANT: 'MOTEMA',
      FLEXPAY_TOKEN: TOKEN,
      // The timeout scenario's init gives up after 2 s instead of 15.
      FLEXPAY_TIMEOUT_MS: '2000',
    },
  });
}, 90_000);

afterAll(async () => {
  await server?.dispose();
  await database?.close();
});

describe('the FlexPay token stays secret while payments run (P14, P16)', () => {
  it('appears in no log line, no answer, no page and no stored provider exchange', async () => {
    await fetchServed('GET /api/health', `${server.url}/api/health?probe=${CANARY}`);
    const { cookie: reader } = await createMember({ db: database.db });
    const plans = (await (await asMember(reader, '/api/subscriptions')).json()) as {
      subscriptions: { _id: string }[];
    };
    const plan = plans.subscriptions[0]!._id;

    const mobile = await Promise.all(
      (
        [
          'success',
          'declined',
          'insufficientFunds',
          'htmlInit',
          'initTimeout',
          'flakyCheck',
          'lyingCallback',
        ] as const
      ).map(async (scenario) => {
        const phone = MAGIC_PAYERS[scenario].msisdn;
        const started = await startPayment(plan, { method: 'mobile_money', currency: 'CDF', phone });
        return { scenario, ...started };
      }),
    );

    // A card, paid on the simulator's hosted page; the browser comes back to Motema.
    const card = await startPayment(plan, { method: 'card', currency: 'USD' });
    const checkoutUrl = card.payment.redirectUrl!;
    const page = await fetchServed('GET hosted card page', checkoutUrl);
    expect(page.status).toBe(200);
    const paid = await fetchServed('POST hosted card page', checkoutUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        action: 'pay',
        cardNumber: MAGIC_CARDS.approved.number,
        cardName: 'AMANI KABILA',
        expiry: '12/39',
        cvv: '123',
      }).toString(),
    });
    const back = paid.headers.get('location')!;
    expect(back.startsWith(server.url)).toBe(true);
    await asMember(card.cookie, back.slice(server.url.length));

    // Someone forging a callback.
    await fetchServed('POST forged callback', `${server.url}/api/payments/callback/flexpay/${randomUUID()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: '0', reference: mobile[0]!.payment.reference }),
    });

    const outcomes = await Promise.all(
      [...mobile, { scenario: 'card', ...card }].map(async ({ scenario, cookie, payment }) => {
        const final = await settle(cookie, payment);
        await asMember(cookie, `/api/payments/${payment._id}`);
        await asMember(cookie, '/api/payments');
        return [scenario, final.transaction?.status];
      }),
    );
    // The pages a developer opens.
    for (const path of ['/dev/payments', '/dev/mailbox', '/api/docs/json', '/', '/premium']) {
      await asMember(reader, path);
    }

    // The run did take payments through the adapter: the paths under test really ran.
    expect(Object.fromEntries(outcomes)).toMatchObject({
      success: 'SUCCESS',
      card: 'SUCCESS',
      declined: 'FAILED',
    });
    const output = server.output();
    expect(output).toContain(CANARY);
    expect(output).toContain('/api/payments/init/flex');

    for (const secret of SECRETS) {
      const logLines = output.split('\n').filter((line) => line.includes(secret));
      expect(logLines).toEqual([]);
      expect(served.filter(({ text }) => text.includes(secret)).map(({ what }) => what)).toEqual([]);
    }
    // Each payment's callback token (P7) is a secret too: only its hash is stored, and no log holds it.
    const sim = (await (await fetch(`${simOrigin}/__sim/tx`)).json()) as {
      transactions: { callbackUrl: string }[];
    };
    const callbackTokens = sim.transactions.map(({ callbackUrl }) => callbackUrl.split('/').at(-1)!);
    expect(callbackTokens.length).toBeGreaterThan(5);
    expect(callbackTokens.filter((token) => output.includes(token))).toEqual([]);
    // What the payments core stored of its exchanges with the provider (P21: secrets stripped).
    const { rows } = await database.pool.query<{ dump: string | null }>(
      "SELECT string_agg(e::text, E'\\n') AS dump FROM payment_events e",
    );
    expect(rows[0]!.dump).toBeTruthy();
    const stored = rows[0]!.dump!;
    expect([...SECRETS, ...callbackTokens].filter((secret) => stored.includes(secret))).toEqual([]);
  }, 120_000);
});
