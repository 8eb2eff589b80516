import { MAGIC_PAYERS } from '@motema/flexpay-sim/magic-payers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestFlexpaySim, UNREACHABLE_FLEXPAY, type TestFlexpaySim } from '../../../test/flexpay-sim.ts';
import { createFlexpayProvider } from './flexpay-provider.ts';
import type { CollectionRequest, PaymentProvider, ProviderExchange } from './payment-provider.ts';

// The adapter against the simulator over HTTP (PAYMENTS.md A5): the scenarios of the first magic
// numbers and the interactive default. flexpay-contract.test.ts covers every answer's shape.
let t: TestFlexpaySim;
let provider: PaymentProvider;
let exchanges: ProviderExchange[];

beforeAll(async () => {
  t = await startTestFlexpaySim({ seed: 15 });
  provider = createFlexpayProvider({ ...t.flexpay, timeoutMs: 1_000 });
});
afterAll(() => t.close());
afterEach(() => {
  t.sim.control.reset();
  exchanges = [];
});

const options = () => ({
  signal: new AbortController().signal,
  onExchange: (e: ProviderExchange) => exchanges.push(e),
});
exchanges = [];

let counter = 0;
const collection = (payer: string, overrides: Partial<CollectionRequest> = {}): CollectionRequest => ({
  reference: `MTM${String(++counter).padStart(6, '0')}`,
  method: 'mobile_money',
  payer,
  amount: { minor: 499, currency: 'USD' },
  description: 'Motema Premium, 7 days',
  callbackUrl: 'http://127.0.0.1:9/api/payments/callback/flexpay/secret',
  ...overrides,
});

async function accepted(request: CollectionRequest) {
  const outcome = await provider.initCollection(request, options());
  if (outcome.kind !== 'ACCEPTED') throw new Error(`not accepted: ${JSON.stringify(outcome)}`);
  return outcome.providerRef;
}
const check = (reference: string, providerRef: string) =>
  provider.checkStatus({ reference, providerRef }, options());

describe('the FlexPay adapter against the simulator', () => {
  it('starts a mobile money payment as documented: strings, the amount in major units, the token as Bearer', async () => {
    const request = collection('243812345678', { amount: { minor: 1_400_000, currency: 'CDF' } });
    const providerRef = await accepted(request);
    expect(providerRef).toMatch(/^[A-Za-z0-9]{12}243812345678$/);
    const [call] = t.sim.control.calls();
    expect(call).toMatchObject({
      method: 'POST',
      path: '/api/rest/v1/paymentService',
      auth: 'valid',
      httpStatus: 200,
    });
    expect(call!.body).toEqual({
      merchant: 'MOTEMA',
      type: '1',
      reference: request.reference,
      phone: '243812345678',
      amount: '14000',
      currency: 'CDF',
      callbackUrl: request.callbackUrl,
      description: 'Motema Premium, 7 days',
    });
  });

  it('reads a pending payment as PENDING, then the approved one as SUCCESS with what was paid', async () => {
    const request = collection('243812345678');
    const providerRef = await accepted(request);
    expect(await check(request.reference, providerRef)).toEqual({ kind: 'PENDING' });
    await t.sim.control.approve(providerRef);
    expect(await check(request.reference, providerRef)).toEqual({
      kind: 'SUCCESS',
      paid: { minor: 499, currency: 'USD' },
      reference: request.reference,
      channel: 'mpesa',
    });
  });

  it('reads a declined payment as FAILED', async () => {
    const request = collection('243812345678');
    const providerRef = await accepted(request);
    await t.sim.control.decline(providerRef);
    expect(await check(request.reference, providerRef)).toMatchObject({ kind: 'FAILED' });
  });

  it('243990000001: PENDING, then SUCCESS once the clock passes 2 s', async () => {
    const request = collection(MAGIC_PAYERS.success.msisdn);
    const providerRef = await accepted(request);
    expect(await check(request.reference, providerRef)).toEqual({ kind: 'PENDING' });
    await t.sim.control.advanceClock(2_000);
    expect(await check(request.reference, providerRef)).toMatchObject({ kind: 'SUCCESS' });
    expect(t.sim.control.transaction(providerRef)!.callbacks).toHaveLength(1);
  });

  it('243990000002: FAILED once the payer declined', async () => {
    const request = collection(MAGIC_PAYERS.declined.msisdn);
    const providerRef = await accepted(request);
    await t.sim.control.advanceClock(2_000);
    expect(await check(request.reference, providerRef)).toMatchObject({ kind: 'FAILED' });
  });

  it('243990000003: REJECTED, "Insufficient funds"', async () => {
    expect(
      await provider.initCollection(collection(MAGIC_PAYERS.insufficientFunds.msisdn), options()),
    ).toEqual({
      kind: 'REJECTED',
      code: '1',
      message: 'Insufficient funds',
    });
  });

  it('reads "Aucune transaction trouvée" as indeterminate, never as a failure', async () => {
    expect(await check('MTM000000', 'unknown0000243812345678')).toEqual({
      kind: 'INDETERMINATE',
      why: 'not_found',
    });
  });

  it('243990000007: an init that never answers is UNKNOWN after the timeout, and the payment still happens', async () => {
    const request = collection(MAGIC_PAYERS.initTimeout.msisdn);
    const outcome = await provider.initCollection(request, options());
    expect(outcome).toEqual({ kind: 'UNKNOWN', error: 'timeout after 1000 ms' });
    expect(exchanges).toEqual([expect.objectContaining({ operation: 'init', httpStatus: null })]);
    const [tx] = t.sim.control.transactions();
    await t.sim.control.advanceClock(2_000);
    expect(await check(request.reference, tx!.orderNumber)).toMatchObject({ kind: 'SUCCESS' });
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = provider.initCollection(collection(MAGIC_PAYERS.initTimeout.msisdn), {
      signal: controller.signal,
    });
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'UNKNOWN' });
  });

  it('with a wrong token: UNKNOWN for an init, INDETERMINATE for a check (never a decision)', async () => {
    const wrong = createFlexpayProvider({ ...t.flexpay, token: 'not-the-token' });
    expect(await wrong.initCollection(collection('243812345678'), options())).toEqual({
      kind: 'UNKNOWN',
      error: 'HTTP 401',
    });
    expect(await wrong.checkStatus({ reference: 'X', providerRef: 'Y' }, options())).toMatchObject({
      kind: 'INDETERMINATE',
    });
  });

  it('with FlexPay unreachable: UNKNOWN and INDETERMINATE (transport)', async () => {
    const away = createFlexpayProvider(UNREACHABLE_FLEXPAY);
    expect(await away.initCollection(collection('243812345678'), options())).toMatchObject({
      kind: 'UNKNOWN',
    });
    expect(await away.checkStatus({ reference: 'X', providerRef: 'Y' }, options())).toEqual({
      kind: 'INDETERMINATE',
      why: 'transport',
    });
  });

  it('tells each exchange, without the token', async () => {
    const request = collection('243812345678');
    const providerRef = await accepted(request);
    await check(request.reference, providerRef);
    expect(exchanges.map((e) => [e.operation, e.httpStatus])).toEqual([
      ['init', 200],
      ['check', 200],
    ]);
    expect(exchanges[1]!.body).toContain(providerRef);
    expect(exchanges[0]!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(exchanges)).not.toContain(t.flexpay.token);
  });
});
