import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer } from '../../../test/flexpay-fixtures.ts';
import { createFlexpayProvider } from './flexpay-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';

// Whatever FlexPay answers, the adapter never throws, and only the one documented shape counts as
// paid or accepted: `code` is never read as the payment's status (P8), an error status or an HTML
// page is never a decision (P6, P9). Generated answers, served over HTTP.
const code = fc.constantFrom<unknown>('0', '1', 0, 1, '2', '', null, undefined, ' 0', 'ok');
const status = fc.constantFrom<unknown>('0', '1', '2', '3', '4', '5', '9', 0, 1, null, undefined, '00');
const amount = fc.constantFrom<unknown>('50', '50.0', '1.03', '1.005', 51, -1, '', null, 'abc');
const currency = fc.constantFrom<unknown>('CDF', 'USD', 'EUR', '', null);
const httpStatus = fc.constantFrom(200, 201, 400, 401, 404, 500, 502);
const transaction = fc.option(
  fc.record({ reference: fc.constantFrom<unknown>('REF1', null, 3), amount, currency, status }),
  { nil: null },
);

const isOk = (s: number) => s >= 200 && s < 300;
const isCodeZero = (c: unknown) => c === '0' || c === 0 || c === ' 0';

describe('the adapter under generated FlexPay answers', () => {
  let fixtures: Awaited<ReturnType<typeof startFixtureServer>>;
  let provider: PaymentProvider;
  beforeAll(async () => {
    fixtures = await startFixtureServer();
    provider = createFlexpayProvider({ ...fixtures, merchant: 'MOTEMA', token: 'property-token' });
  });
  afterAll(() => fixtures.close());
  const options = () => ({ signal: AbortSignal.timeout(5_000) });

  it('reads a check as SUCCESS only when the request and the payment both say so', async () => {
    await fc.assert(
      fc.asyncProperty(httpStatus, code, transaction, async (http, answerCode, tx) => {
        fixtures.serve({
          status: http,
          contentType: 'application/json',
          body: JSON.stringify({ code: answerCode, message: 'x', transaction: tx }),
        });
        const result = await provider.checkStatus({ reference: 'REF1', providerRef: 'ORDER' }, options());
        const paid =
          isOk(http) &&
          isCodeZero(answerCode) &&
          tx !== null &&
          typeof tx.reference === 'string' &&
          (tx.status === '0' || tx.status === 0) &&
          ['50', '50.0', '1.03', 51].includes(tx.amount as never) &&
          (tx.currency === 'CDF' || tx.currency === 'USD');
        expect(result.kind === 'SUCCESS').toBe(paid);
        // A failure needs FlexPay's word on the payment itself, never a failed request.
        if (result.kind === 'FAILED') expect(tx?.status === '1' || tx?.status === 1).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('reads an init as ACCEPTED only with code "0" and an order number, and never throws', async () => {
    const orderNumber = fc.constantFrom<unknown>('9bsTX7qXdpQe243815877848', '', null, undefined, 42);
    const body = fc.oneof(
      fc
        .record({ code, message: fc.constantFrom<unknown>('m', null), orderNumber })
        .map((value) => JSON.stringify(value)),
      fc.constantFrom('<html><body>Erreur</body></html>', '', 'null', '[]', '{"code":', 'OK'),
    );
    await fc.assert(
      fc.asyncProperty(httpStatus, body, async (http, text) => {
        fixtures.serve({ status: http, contentType: 'application/json', body: text });
        const request = {
          reference: 'REF1',
          method: 'mobile_money' as const,
          payer: '243812345678',
          amount: { minor: 100, currency: 'CDF' as const },
          description: 'd',
          callbackUrl: 'https://motema.example/cb',
        };
        const result = await provider.initCollection(request, options());
        const parsed = (() => {
          try {
            return JSON.parse(text) as unknown;
          } catch {
            return null;
          }
        })();
        const fields =
          parsed && typeof parsed === 'object' && !Array.isArray(parsed)
            ? (parsed as Record<string, unknown>)
            : null;
        const accepted =
          isOk(http) &&
          fields !== null &&
          isCodeZero(fields.code) &&
          typeof fields.orderNumber === 'string' &&
          fields.orderNumber !== '';
        expect(result.kind === 'ACCEPTED').toBe(accepted);
        // Refused only on FlexPay's explicit word; anything unreadable may have moved money.
        if (result.kind === 'REJECTED')
          expect(isOk(http) && fields !== null && !isCodeZero(fields.code)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
