import type { z } from 'zod';
import { fromFlexpayAmount, toFlexpayAmount } from './flexpay-amount.ts';
import { flexpayRequest, jsonOf, type HttpOutcome } from './flexpay-http.ts';
import {
  FlexpayCardAnswerSchema,
  FlexpayCheckAnswerSchema,
  FlexpayInitAnswerSchema,
} from './flexpay-schemas.ts';
import type {
  CollectionRequest,
  InitOutcome,
  PaymentProvider,
  ProviderCallOptions,
  ProviderStatus,
} from './payment-provider.ts';

export type FlexpayConfig = {
  /** https://backend.flexpay.cd/api/rest/v1 (or the simulator's) */
  baseUrl: string;
  /** https://cardpayment.flexpay.cd/v1.1/pay (or the simulator's) */
  cardUrl: string;
  merchant: string;
  /** The merchant token: sent as `Authorization: Bearer`, never logged nor shown (P14, P16). */
  token: string;
  /** Per call, on top of the caller's signal. Default 15 s. */
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 15_000;

type Answer = Extract<HttpOutcome, { kind: 'answer' }>;
const isSuccessStatus = (answer: Answer) => answer.status >= 200 && answer.status < 300;

/**
 * What every init's answer (paymentService, merchantPayOutService, v1.1/pay) is read by first: anything
 * but an HTTP 2xx with a body of `schema`'s shape is UNKNOWN, since money may have moved; a code other
 * than "0" is a refusal. Otherwise the answer FlexPay took the request with, for the caller to read on.
 */
function readInitAnswer<T extends { code: string; message?: string | null }>(
  outcome: HttpOutcome,
  schema: z.ZodType<T>,
): { taken: T } | { outcome: InitOutcome } {
  if (outcome.kind === 'transport') return { outcome: { kind: 'UNKNOWN', error: outcome.error } };
  if (!isSuccessStatus(outcome)) return { outcome: { kind: 'UNKNOWN', error: `HTTP ${outcome.status}` } };
  const parsed = schema.safeParse(jsonOf(outcome));
  if (!parsed.success) return { outcome: { kind: 'UNKNOWN', error: 'unparseable answer' } };
  const { code, message } = parsed.data;
  if (code !== '0') return { outcome: { kind: 'REJECTED', code, message: message ?? '' } };
  return { taken: parsed.data };
}

/**
 * The FlexPay adapter (PAYMENTS.md A1, A4): a stateless translator of its merchant API. Every answer
 * is parsed by a schema (flexpay-schemas.ts); anything else (HTML with HTTP 200, a 5xx, a timeout)
 * is UNKNOWN for an init, since money may have moved, and INDETERMINATE for a check. `code` only
 * says whether FlexPay took the request: the payment's state is `transaction.status` (P8).
 */
export function createFlexpayProvider(config: FlexpayConfig): PaymentProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const call = (
    operation: 'init' | 'check' | 'payout',
    url: string,
    options: ProviderCallOptions,
    body?: unknown,
  ) =>
    flexpayRequest(
      operation,
      url,
      { method: body === undefined ? 'GET' : 'POST', token: config.token, body, timeoutMs },
      options,
    );

  /** paymentService / merchantPayOutService's answer (A1.3, A1.8). */
  const initOutcome = (outcome: HttpOutcome): InitOutcome => {
    const answer = readInitAnswer(outcome, FlexpayInitAnswerSchema);
    if ('outcome' in answer) return answer.outcome;
    const { orderNumber } = answer.taken;
    // Taken, but without the number to check it by: only a callback can name it now (P6).
    if (!orderNumber) return { kind: 'UNKNOWN', error: 'accepted without an order number' };
    return { kind: 'ACCEPTED', providerRef: orderNumber };
  };

  const mobileMoney = async (request: CollectionRequest, options: ProviderCallOptions) => {
    if (!request.payer) throw new TypeError('a mobile money collection needs the payer');
    const body = {
      merchant: config.merchant,
      type: '1',
      reference: request.reference,
      phone: request.payer,
      amount: toFlexpayAmount(request.amount.minor),
      currency: request.amount.currency,
      callbackUrl: request.callbackUrl,
      description: request.description,
    };
    return initOutcome(await call('init', `${base}/paymentService`, options, body));
  };

  /** v1.1/pay (A1.6): server-side JSON, so the token never reaches the browser (P14). */
  const card = async (request: CollectionRequest, options: ProviderCallOptions): Promise<InitOutcome> => {
    if (!request.browserReturn) throw new TypeError('a card payment needs the browser return addresses');
    const body = {
      authorization: `Bearer ${config.token}`,
      merchant: config.merchant,
      reference: request.reference,
      amount: toFlexpayAmount(request.amount.minor),
      currency: request.amount.currency,
      description: request.description,
      callback_url: request.callbackUrl,
      approve_url: request.browserReturn.approve,
      cancel_url: request.browserReturn.cancel,
      decline_url: request.browserReturn.decline,
      home_url: request.browserReturn.home,
    };
    const answer = readInitAnswer(await call('init', config.cardUrl, options, body), FlexpayCardAnswerSchema);
    if ('outcome' in answer) return answer.outcome;
    const { orderNumber } = answer.taken;
    const redirectUrl = answer.taken.url ?? answer.taken.paymentUrl ?? answer.taken.redirectUrl;
    if (!orderNumber || !redirectUrl || !/^https?:\/\//.test(redirectUrl)) {
      return { kind: 'UNKNOWN', error: 'accepted without an order number or a page to go to' };
    }
    return { kind: 'ACCEPTED', providerRef: orderNumber, redirectUrl };
  };

  return {
    id: 'flexpay',
    initCollection: (request, options) =>
      request.method === 'card' ? card(request, options) : mobileMoney(request, options),

    async checkStatus(query, options): Promise<ProviderStatus> {
      const url = `${base}/check/${encodeURIComponent(query.providerRef)}`;
      const outcome = await call('check', url, options);
      if (outcome.kind === 'transport') return { kind: 'INDETERMINATE', why: 'transport' };
      const parsed = FlexpayCheckAnswerSchema.safeParse(jsonOf(outcome));
      // "Aucune transaction trouvée", often with an error status, right after an init (A1.5).
      if (parsed.success && (parsed.data.code !== '0' || !parsed.data.transaction)) {
        return { kind: 'INDETERMINATE', why: 'not_found' };
      }
      if (!isSuccessStatus(outcome)) return { kind: 'INDETERMINATE', why: 'transport' };
      if (!parsed.success || !parsed.data.transaction) return { kind: 'INDETERMINATE', why: 'unparseable' };
      return statusOf(parsed.data.transaction, parsed.data.message ?? '');
    },

    async initPayout(request, options) {
      const body = {
        merchant: config.merchant,
        type: '1',
        reference: request.reference,
        phone: request.payee,
        amount: toFlexpayAmount(request.amount.minor),
        currency: request.amount.currency,
        callbackUrl: request.callbackUrl,
      };
      return initOutcome(await call('payout', `${base}/merchantPayOutService`, options, body));
    },
  };
}

type CheckedTransaction = NonNullable<
  NonNullable<ReturnType<typeof FlexpayCheckAnswerSchema.parse>['transaction']>
>;

/** transaction.status (A1.5): 0-5 as documented, anything else indeterminate, never FAILED. */
function statusOf(transaction: CheckedTransaction, message: string): ProviderStatus {
  switch (transaction.status) {
    case '0': {
      const minor = fromFlexpayAmount(transaction.amount);
      const currency = transaction.currency;
      if (minor === null || (currency !== 'USD' && currency !== 'CDF')) {
        return { kind: 'INDETERMINATE', why: 'unparseable' };
      }
      return {
        kind: 'SUCCESS',
        paid: { minor, currency },
        reference: transaction.reference,
        ...(transaction.channel && { channel: transaction.channel }),
      };
    }
    case '1':
      return { kind: 'FAILED', reason: message || 'failed' };
    case '2':
      return { kind: 'PENDING' };
    case '3':
      return { kind: 'REFUND_PENDING' };
    case '4':
      return { kind: 'REFUNDED' };
    case '5':
      return { kind: 'CANCELLED', ...(message && { reason: message }) };
    default:
      return { kind: 'INDETERMINATE', why: 'unknown_status' };
  }
}
