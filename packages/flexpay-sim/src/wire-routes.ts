import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authOf, wireAnswerer } from './wire-answer.ts';
import { magicScenarioOf } from './magic-payers.ts';
import { takeProgram } from './programs.ts';
import { playScenario, type SimContext } from './scenarios.ts';
import { channelOf, formatWireAmount, formatWireDate, type SimTransaction } from './transactions.ts';
import { validateCollection, type SimMode } from './wire-validation.ts';

export type WireOptions = {
  merchant: string;
  token: string;
  mode: SimMode;
  /** Parts per hundred added to what the payer pays (`amountCustomer`). */
  feePercent: number;
  /** HTTP status of "Aucune transaction trouvée" (FlexPay often sends it with an error status, A1.5). */
  notFoundStatus: number;
  /** A reference seen before: refused, or answered with the first transaction (Q1). */
  duplicateReference: 'reject' | 'return_first';
};

/** Longest an init "that never answers" is held when the client does not hang up first. */
const HANG_LIMIT_MS = 120_000;

const INIT_ACCEPTED = 'Transaction envoyée avec succès. Veuillez valider le push message';

/** The check answer for a transaction (A1.5): `code` is the request's, `status` the payment's. */
function checkAnswer(tx: SimTransaction) {
  const amountMinor = tx.scenario === 'amountMismatch' ? Math.floor(tx.amountMinor / 2) : tx.amountMinor;
  return {
    code: '0',
    message: tx.status === '1' ? "Le paiement n'a pas réussi" : 'Une transaction trouvée',
    transaction: {
      orderNumber: tx.orderNumber,
      reference: tx.reference,
      amount: formatWireAmount(amountMinor),
      amountCustomer: formatWireAmount(tx.amountCustomerMinor),
      currency: tx.currency,
      createdAt: formatWireDate(tx.createdAt),
      status: tx.status,
      channel: tx.channel,
    },
  };
}

/** FlexPay's merchant API (A1.3, A1.5, A1.7) under /api/rest/v1. */
export function registerWireRoutes(app: FastifyInstance, ctx: SimContext, options: WireOptions) {
  const answer = wireAnswerer(ctx, options.token);

  const unauthorized = (request: FastifyRequest, reply: FastifyReply) =>
    answer(request, reply, 401, { code: '1', message: 'Unauthorized: invalid or missing token' });

  const startTransaction = async (
    request: FastifyRequest,
    reply: FastifyReply,
    kind: 'collection' | 'payout',
  ) => {
    ctx.clock.runDue();
    if (authOf(request.headers.authorization, options.token) !== 'valid') return unauthorized(request, reply);
    const parsed = validateCollection(request.body, options);
    if (!parsed.ok) {
      return answer(request, reply, 400, {
        code: '1',
        message: parsed.problems[0],
        orderNumber: null,
        errors: parsed.problems,
      });
    }
    const fields = parsed.value;
    const first = ctx.store.byReference(fields.reference);
    if (first) {
      return options.duplicateReference === 'return_first'
        ? answer(request, reply, 200, { code: '0', message: INIT_ACCEPTED, orderNumber: first.orderNumber })
        : answer(request, reply, 200, { code: '1', message: 'Référence déjà utilisée', orderNumber: null });
    }
    const scenario = takeProgram(ctx.programs, fields) ?? magicScenarioOf(fields.phone) ?? 'interactive';
    if (scenario === 'insufficientFunds') {
      return answer(request, reply, 200, { code: '1', message: 'Insufficient funds', orderNumber: null });
    }
    if (kind === 'payout') {
      if (ctx.balance[fields.currency] < fields.amountMinor) {
        return answer(request, reply, 200, { code: '1', message: 'Solde insuffisant', orderNumber: null });
      }
      ctx.balance[fields.currency] -= fields.amountMinor;
    }
    const tx: SimTransaction = {
      orderNumber: `${ctx.random.alphanumeric(12)}${fields.phone}`,
      kind,
      reference: fields.reference,
      merchant: fields.merchant,
      type: fields.type,
      phone: fields.phone,
      amountMinor: fields.amountMinor,
      amountCustomerMinor: Math.ceil((fields.amountMinor * (100 + options.feePercent)) / 100),
      currency: fields.currency,
      description: fields.description,
      callbackUrl: fields.callbackUrl,
      checkoutId: null,
      browserReturn: null,
      createdAt: ctx.clock.now(),
      status: '2',
      scenario,
      channel: channelOf(fields.phone),
      providerReference: null,
      checks: 0,
      callbacks: [],
    };
    ctx.store.add(tx);
    const how = playScenario(ctx, tx);
    const accepted = {
      code: '0',
      message: kind === 'payout' ? 'Transaction envoyée avec succès.' : INIT_ACCEPTED,
      orderNumber: tx.orderNumber,
    };
    if (how.kind === 'html') {
      const page =
        '<!doctype html><html><head><title>Erreur</title></head><body><h1>Service momentanément indisponible</h1></body></html>';
      return answer(request, reply, 200, page, 'text/html; charset=utf-8');
    }
    if (how.kind === 'hang') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, HANG_LIMIT_MS);
        timer.unref();
        reply.raw.once('close', resolve);
        ctx.release.add(resolve);
      });
      return answer(request, reply, 200, accepted);
    }
    await how.before;
    return answer(request, reply, 200, accepted);
  };

  app.post('/api/rest/v1/paymentService', (request, reply) => startTransaction(request, reply, 'collection'));
  app.post('/api/rest/v1/merchantPayOutService', (request, reply) =>
    startTransaction(request, reply, 'payout'),
  );

  app.get<{ Params: { orderNumber: string } }>('/api/rest/v1/check/:orderNumber', (request, reply) => {
    ctx.clock.runDue();
    if (authOf(request.headers.authorization, options.token) !== 'valid') return unauthorized(request, reply);
    const tx = ctx.store.get(request.params.orderNumber);
    const notFound = { code: '1', message: 'Aucune transaction trouvée', transaction: null };
    const tooSoon = tx && ctx.clock.now() < tx.createdAt + ctx.faults.checkNotFoundForMs;
    // payoutUnknown: FlexPay knows of no such payout, whatever it did.
    if (!tx || tooSoon || tx.scenario === 'payoutUnknown')
      return answer(request, reply, options.notFoundStatus, notFound);
    tx.checks++;
    if (tx.scenario === 'flakyCheck' && tx.checks <= 3) return answer(request, reply, 500, notFound);
    return answer(request, reply, 200, checkAnswer(tx));
  });
}
