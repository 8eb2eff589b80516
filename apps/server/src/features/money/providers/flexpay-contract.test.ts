import { MAGIC_PAYERS, type MagicScenario } from '@motema/flexpay-sim/magic-payers';
import type { SimTransactionView, WireCall } from '@motema/flexpay-sim';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FLEXPAY_FIXTURES, startFixtureServer, type FlexpayFixture } from '../../../test/flexpay-fixtures.ts';
import { startTestFlexpaySim, type TestFlexpaySim } from '../../../test/flexpay-sim.ts';
import { createFlexpayProvider } from './flexpay-provider.ts';
import {
  FlexpayCallbackSchema,
  FlexpayCardAnswerSchema,
  FlexpayCheckAnswerSchema,
  FlexpayInitAnswerSchema,
} from './flexpay-schemas.ts';
import type { InitOutcome, PaymentProvider, ProviderStatus } from './payment-provider.ts';

// The adapter contract suite (PAYMENTS.md P17): the adapter against every answer FlexPay is known to
// give (recorded fixtures, served over HTTP) and against the simulator playing each magic payer; then
// every answer and callback the simulator gave in this file is parsed by the adapter's own schemas.
const options = () => ({ signal: new AbortController().signal });
let counter = 0;
const reference = () => `CT${String(++counter).padStart(8, '0')}`;
const mobile = (payer: string) => ({
  reference: reference(),
  method: 'mobile_money' as const,
  payer,
  amount: { minor: 500_000, currency: 'CDF' as const },
  description: 'Motema Premium',
  callbackUrl: 'http://127.0.0.1:9/api/payments/callback/flexpay/token',
});

describe('the adapter reads every recorded FlexPay answer', () => {
  let fixtures: Awaited<ReturnType<typeof startFixtureServer>>;
  let provider: PaymentProvider;
  beforeAll(async () => {
    fixtures = await startFixtureServer();
    provider = createFlexpayProvider({ ...fixtures, merchant: 'MOTEMA', token: 'fixture-token' });
  });
  afterAll(() => fixtures.close());

  const init = (fixture: FlexpayFixture) => {
    fixtures.serve(fixture);
    return provider.initCollection(mobile('243812345678'), options());
  };
  const check = (fixture: FlexpayFixture) => {
    fixtures.serve(fixture);
    return provider.checkStatus(
      { reference: 'MMO00012', providerRef: '9bsTX7qXdpQe243815877848' },
      options(),
    );
  };

  it.each<[keyof typeof FLEXPAY_FIXTURES, InitOutcome]>([
    ['initAccepted', { kind: 'ACCEPTED', providerRef: '9bsTX7qXdpQe243815877848' }],
    ['initAcceptedNumericCode', { kind: 'ACCEPTED', providerRef: '9bsTX7qXdpQe243815877848' }],
    ['initInsufficientFunds', { kind: 'REJECTED', code: '1', message: 'Insufficient funds' }],
    ['initAcceptedWithoutOrderNumber', { kind: 'UNKNOWN', error: 'accepted without an order number' }],
    ['initHtml200', { kind: 'UNKNOWN', error: 'unparseable answer' }],
    ['initHtml500', { kind: 'UNKNOWN', error: 'HTTP 500' }],
    ['initNotJson', { kind: 'UNKNOWN', error: 'unparseable answer' }],
    ['initUnexpectedShape', { kind: 'UNKNOWN', error: 'unparseable answer' }],
  ])('init: %s', async (name, expected) => {
    expect(await init(FLEXPAY_FIXTURES[name] as FlexpayFixture)).toEqual(expected);
  });

  it.each<[string, FlexpayFixture, ProviderStatus]>([
    [
      'paid',
      FLEXPAY_FIXTURES.checkPaid,
      { kind: 'SUCCESS', paid: { minor: 5000, currency: 'CDF' }, reference: 'MMO00012', channel: 'om' },
    ],
    [
      'code "0" with status "1" is a failure',
      FLEXPAY_FIXTURES.checkCodeZeroStatusFailed,
      { kind: 'FAILED', reason: "Le paiement n'a pas réussi" },
    ],
    [
      'code and status as numbers',
      FLEXPAY_FIXTURES.checkNumericStatus,
      { kind: 'SUCCESS', paid: { minor: 5000, currency: 'CDF' }, reference: 'MMO00012' },
    ],
    ['status 2', FLEXPAY_FIXTURES.checkStatus('2'), { kind: 'PENDING' }],
    ['status 3', FLEXPAY_FIXTURES.checkStatus('3'), { kind: 'REFUND_PENDING' }],
    ['status 4', FLEXPAY_FIXTURES.checkStatus('4'), { kind: 'REFUNDED' }],
    ['status 5', FLEXPAY_FIXTURES.checkStatus('5'), { kind: 'CANCELLED', reason: 'Une transaction trouvée' }],
    [
      'an unknown status',
      FLEXPAY_FIXTURES.checkStatus('7'),
      { kind: 'INDETERMINATE', why: 'unknown_status' },
    ],
    ['not found', FLEXPAY_FIXTURES.checkNotFound, { kind: 'INDETERMINATE', why: 'not_found' }],
    [
      'not found with HTTP 500',
      FLEXPAY_FIXTURES.checkNotFound500,
      { kind: 'INDETERMINATE', why: 'not_found' },
    ],
    ['HTML with HTTP 200', FLEXPAY_FIXTURES.checkHtml200, { kind: 'INDETERMINATE', why: 'unparseable' }],
    [
      'an amount that is not whole cents',
      FLEXPAY_FIXTURES.checkOddAmount,
      { kind: 'INDETERMINATE', why: 'unparseable' },
    ],
    ['another currency', FLEXPAY_FIXTURES.checkOtherCurrency, { kind: 'INDETERMINATE', why: 'unparseable' }],
  ])('check: %s', async (_name, fixture, expected) => {
    expect(await check(fixture)).toEqual(expected);
  });

  it.each<[string, FlexpayFixture, InitOutcome]>([
    [
      'code 0 as a number, url',
      FLEXPAY_FIXTURES.cardAccepted,
      {
        kind: 'ACCEPTED',
        providerRef: 'O42iABI2K0pLq',
        redirectUrl: 'https://gwvisa.flexpay.cd/checkout/abc123',
      },
    ],
    [
      'paymentUrl',
      FLEXPAY_FIXTURES.cardAcceptedPaymentUrl,
      {
        kind: 'ACCEPTED',
        providerRef: 'O42iABI2K0pLq',
        redirectUrl: 'https://gwvisa.flexpay.cd/checkout/abc123',
      },
    ],
    [
      'refused',
      FLEXPAY_FIXTURES.cardRejected,
      { kind: 'REJECTED', code: '1', message: 'Marchand non autorisé' },
    ],
    ['HTML', FLEXPAY_FIXTURES.initHtml200, { kind: 'UNKNOWN', error: 'unparseable answer' }],
  ])('card: %s', async (_name, fixture, expected) => {
    fixtures.serve(fixture);
    const request = {
      ...mobile('243812345678'),
      method: 'card' as const,
      payer: undefined,
      browserReturn: {
        approve: 'http://a/ok',
        decline: 'http://a/no',
        cancel: 'http://a/c',
        home: 'http://a',
      },
    };
    expect(await provider.initCollection(request, options())).toEqual(expected);
  });

  it('sends the token as a Bearer header on every call', () => {
    expect(new Set(fixtures.authorizations)).toEqual(new Set(['Bearer fixture-token']));
  });
});

describe('the adapter against the simulator, magic payer by magic payer', () => {
  let t: TestFlexpaySim;
  let provider: PaymentProvider;
  const seen: { calls: WireCall[]; transactions: SimTransactionView[] } = { calls: [], transactions: [] };
  beforeAll(async () => {
    t = await startTestFlexpaySim({ seed: 17 });
    provider = createFlexpayProvider({ ...t.flexpay, timeoutMs: 500 });
  });
  afterEach(() => {
    seen.calls.push(...t.sim.control.calls());
    seen.transactions.push(...t.sim.control.transactions());
    t.sim.control.reset();
  });
  afterAll(() => t.close());

  /** Starts a payment for `payer`, moves the clock by each step and checks after each. */
  async function play(payer: string, steps: number[], init: 'collection' | 'payout' = 'collection') {
    const request = mobile(payer);
    const outcome =
      init === 'payout'
        ? await provider.initPayout({ ...request, payee: payer }, options())
        : await provider.initCollection(request, options());
    // Without an order number (timeout, HTML), the simulator still knows it: a callback would name it.
    const providerRef =
      outcome.kind === 'ACCEPTED' ? outcome.providerRef : t.sim.control.transactions()[0]?.orderNumber;
    const statuses: ProviderStatus['kind'][] = [];
    for (const ms of steps) {
      await t.sim.control.advanceClock(ms);
      if (providerRef)
        statuses.push(
          (await provider.checkStatus({ reference: request.reference, providerRef }, options())).kind,
        );
    }
    return { outcome: outcome.kind, statuses };
  }

  const SECOND = 1_000;
  const MINUTE = 60 * SECOND;
  it.each<[MagicScenario, number[], { outcome: InitOutcome['kind']; statuses: ProviderStatus['kind'][] }]>([
    ['success', [0, 2 * SECOND], { outcome: 'ACCEPTED', statuses: ['PENDING', 'SUCCESS'] }],
    ['declined', [2 * SECOND], { outcome: 'ACCEPTED', statuses: ['FAILED'] }],
    ['insufficientFunds', [2 * SECOND], { outcome: 'REJECTED', statuses: [] }],
    ['silentSuccess', [2 * SECOND], { outcome: 'ACCEPTED', statuses: ['SUCCESS'] }],
    [
      'repeatedCallbacks',
      [2 * SECOND, 10 * MINUTE],
      { outcome: 'ACCEPTED', statuses: ['SUCCESS', 'SUCCESS'] },
    ],
    ['callbackFirst', [0], { outcome: 'ACCEPTED', statuses: ['SUCCESS'] }],
    ['initTimeout', [0, 2 * SECOND], { outcome: 'UNKNOWN', statuses: ['PENDING', 'SUCCESS'] }],
    [
      'flakyCheck',
      [2 * SECOND, 0, 0, 0],
      { outcome: 'ACCEPTED', statuses: ['INDETERMINATE', 'INDETERMINATE', 'INDETERMINATE', 'SUCCESS'] },
    ],
    ['lyingCallback', [2 * SECOND], { outcome: 'ACCEPTED', statuses: ['FAILED'] }],
    ['amountMismatch', [2 * SECOND], { outcome: 'ACCEPTED', statuses: ['SUCCESS'] }],
    ['pendingForever', [48 * 60 * MINUTE], { outcome: 'ACCEPTED', statuses: ['PENDING'] }],
    [
      'refundLater',
      [2 * SECOND, 10 * MINUTE, 5 * MINUTE],
      { outcome: 'ACCEPTED', statuses: ['SUCCESS', 'REFUND_PENDING', 'REFUNDED'] },
    ],
    ['htmlInit', [2 * SECOND], { outcome: 'UNKNOWN', statuses: ['SUCCESS'] }],
  ])('%s', async (scenario, steps, expected) => {
    expect(await play(MAGIC_PAYERS[scenario].msisdn, steps)).toEqual(expected);
  });

  it('reads the other amount of 243990000010 as paid, with the amount FlexPay reports', async () => {
    const request = mobile(MAGIC_PAYERS.amountMismatch.msisdn);
    const outcome = await provider.initCollection(request, options());
    await t.sim.control.advanceClock(2 * SECOND);
    const status = await provider.checkStatus(
      { reference: request.reference, providerRef: (outcome as { providerRef: string }).providerRef },
      options(),
    );
    expect(status).toMatchObject({ kind: 'SUCCESS', paid: { minor: 250_000, currency: 'CDF' } });
  });

  it.each<[MagicScenario, { outcome: InitOutcome['kind']; statuses: ProviderStatus['kind'][] }]>([
    ['payoutSuccess', { outcome: 'ACCEPTED', statuses: ['SUCCESS'] }],
    ['payoutFailure', { outcome: 'ACCEPTED', statuses: ['FAILED'] }],
    ['payoutTimeoutThenSuccess', { outcome: 'UNKNOWN', statuses: ['SUCCESS'] }],
    ['payoutTimeoutThenFailure', { outcome: 'UNKNOWN', statuses: ['FAILED'] }],
  ])('payout: %s', async (scenario, expected) => {
    expect(await play(MAGIC_PAYERS[scenario].msisdn, [2 * SECOND], 'payout')).toEqual(expected);
  });

  it('pays by card through the hosted page, the token never in the page', async () => {
    const request = {
      ...mobile('243812345678'),
      method: 'card' as const,
      payer: undefined,
      amount: { minor: 499, currency: 'USD' as const },
      browserReturn: {
        approve: 'http://127.0.0.1:1/ok',
        decline: 'http://127.0.0.1:1/no',
        cancel: 'http://127.0.0.1:1/c',
        home: 'http://127.0.0.1:1/',
      },
    };
    const outcome = await provider.initCollection(request, options());
    if (outcome.kind !== 'ACCEPTED' || !outcome.redirectUrl) throw new Error(JSON.stringify(outcome));
    const page = await (await fetch(outcome.redirectUrl)).text();
    expect(page).not.toContain(t.flexpay.token);
    const paid = await fetch(outcome.redirectUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cardNumber=5555555555554444&cardName=A+Member&expiry=12%2F39&cvv=123&action=pay',
      redirect: 'manual',
    });
    expect(paid.headers.get('location')).toBe('http://127.0.0.1:1/ok');
    expect(
      await provider.checkStatus(
        { reference: request.reference, providerRef: outcome.providerRef },
        options(),
      ),
    ).toEqual({
      kind: 'SUCCESS',
      paid: { minor: 499, currency: 'USD' },
      reference: request.reference,
      channel: 'mastercard',
    });
  });

  it("parses every answer and callback the simulator gave with the adapter's schemas", () => {
    const schemaOf = (path: string) =>
      path.includes('/check/')
        ? FlexpayCheckAnswerSchema
        : path.startsWith('/v1.1/')
          ? FlexpayCardAnswerSchema
          : FlexpayInitAnswerSchema;
    const json = seen.calls.filter((call) => typeof call.answer === 'object' && call.answer !== null);
    expect(json.length).toBeGreaterThan(30);
    for (const call of json) expect(schemaOf(call.path).safeParse(call.answer).success, call.path).toBe(true);
    const callbacks = seen.transactions.flatMap((tx) => tx.callbacks.map((attempt) => attempt.body));
    expect(callbacks.length).toBeGreaterThan(10);
    for (const body of callbacks) expect(FlexpayCallbackSchema.safeParse(body).success).toBe(true);
  });
});
