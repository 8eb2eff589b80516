import type { FastifyInstance } from 'fastify';
import { checkoutLanguage, renderCheckoutPage, validateCard, type CardForm } from './checkout-page.ts';
import { MAGIC_CARDS } from './magic-payers.ts';
import { settle, type SimContext } from './scenarios.ts';
import { parseWireAmount, type SimCurrency, type SimTransaction } from './transactions.ts';
import { authOf, wireAnswerer } from './wire-answer.ts';
import { callbackUrlProblem, type SimMode } from './wire-validation.ts';

type CardOptions = { merchant: string; token: string; mode: SimMode; feePercent: number };

/** Checks a v1.1/pay body (A1.6: snake_case, the token in `authorization`); returns the problems. */
function cardProblems(fields: Record<string, unknown>, options: CardOptions): string[] {
  const problems: string[] = [];
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '');
  if (text('merchant') !== options.merchant) problems.push('merchant inconnu');
  if (!/^.{1,25}$/.test(text('reference'))) problems.push('reference: de 1 à 25 caractères');
  if (parseWireAmount(text('amount')) === null)
    problems.push('amount doit être un montant positif ("10", "0.5")');
  if (!['CDF', 'USD'].includes(text('currency'))) problems.push('currency doit valoir CDF ou USD');
  const callback = callbackUrlProblem(fields.callback_url, options.mode, 'callback_url');
  if (callback) problems.push(callback);
  for (const name of ['approve_url', 'cancel_url', 'decline_url']) {
    const problem = callbackUrlProblem(fields[name], 'dev', name);
    if (problem) problems.push(problem);
  }
  return problems;
}

const channelOfCard = (digits: string) => (digits.startsWith('4') ? 'visa' : 'mastercard');

/** The card API (A1.6): v1.1/pay, and the hosted page it sends the browser to, /checkout/:id. */
export function registerCardRoutes(
  app: FastifyInstance,
  ctx: SimContext,
  origin: () => string,
  options: CardOptions,
) {
  const answer = wireAnswerer(ctx, options.token);

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post('/v1.1/pay', (request, reply) => {
    ctx.clock.runDue();
    const fields = (request.body ?? {}) as Record<string, unknown>;
    if (authOf(fields.authorization, options.token) !== 'valid') {
      return answer(request, reply, 401, { code: 1, message: 'Unauthorized: invalid or missing token' });
    }
    const problems = cardProblems(fields, options);
    if (problems.length > 0) {
      return answer(request, reply, 400, {
        code: 1,
        message: problems[0],
        orderNumber: null,
        errors: problems,
      });
    }
    const reference = fields.reference as string;
    if (ctx.store.byReference(reference)) {
      return answer(request, reply, 200, { code: 1, message: 'Référence déjà utilisée', orderNumber: null });
    }
    const amountMinor = parseWireAmount(fields.amount as string)!;
    const tx: SimTransaction = {
      orderNumber: ctx.random.alphanumeric(24),
      kind: 'card',
      reference,
      merchant: options.merchant,
      type: '2',
      phone: null,
      amountMinor,
      amountCustomerMinor: Math.ceil((amountMinor * (100 + options.feePercent)) / 100),
      currency: fields.currency as SimCurrency,
      description: typeof fields.description === 'string' ? fields.description : null,
      callbackUrl: fields.callback_url as string,
      checkoutId: ctx.random.alphanumeric(32),
      browserReturn: {
        approve: fields.approve_url as string,
        decline: fields.decline_url as string,
        cancel: fields.cancel_url as string,
        home: typeof fields.home_url === 'string' ? fields.home_url : null,
      },
      createdAt: ctx.clock.now(),
      status: '2',
      scenario: 'interactive',
      channel: 'mastercard',
      providerReference: null,
      checks: 0,
      callbacks: [],
    };
    ctx.store.add(tx);
    // `code` as a number, as FlexPay's card API answers (A1.3): the adapter must read both.
    return answer(request, reply, 200, {
      code: 0,
      message: 'Redirection en cours',
      orderNumber: tx.orderNumber,
      url: `${origin()}/checkout/${tx.checkoutId}`,
    });
  });

  app.get<{ Params: { id: string } }>('/checkout/:id', (request, reply) => {
    ctx.clock.runDue();
    const tx = ctx.store.byCheckoutId(request.params.id);
    if (!tx) return reply.code(404).type('text/plain; charset=utf-8').send('Page de paiement introuvable');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(renderCheckoutPage(tx, options.merchant, checkoutLanguage(request.headers['accept-language'])));
  });

  app.post<{ Params: { id: string }; Body: Record<string, string> | undefined }>(
    '/checkout/:id',
    async (request, reply) => {
      ctx.clock.runDue();
      const tx = ctx.store.byCheckoutId(request.params.id);
      if (!tx?.browserReturn)
        return reply.code(404).type('text/plain; charset=utf-8').send('Page de paiement introuvable');
      const back = tx.browserReturn;
      const returnFor = () =>
        tx.status === '0' ? back.approve : tx.status === '5' ? back.cancel : back.decline;
      // Sent twice (a double click, the back button): back where the first one went, nothing paid twice.
      if (tx.status !== '2') return reply.redirect(returnFor(), 302);
      const body = request.body ?? {};
      if (body.action === 'cancel') {
        await settle(ctx, tx, '5').delivered;
        return reply.redirect(back.cancel, 302);
      }
      const form: CardForm = {
        cardNumber: body.cardNumber ?? '',
        cardName: body.cardName ?? '',
        expiry: body.expiry ?? '',
        cvv: body.cvv ?? '',
      };
      const language = checkoutLanguage(request.headers['accept-language']);
      const errors = validateCard(form, ctx.clock.now(), language);
      if (Object.keys(errors).length > 0) {
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(renderCheckoutPage(tx, options.merchant, language, form, errors));
      }
      const digits = form.cardNumber.replace(/[\s-]/g, '');
      tx.channel = channelOfCard(digits);
      const declined = digits === MAGIC_CARDS.declined.number;
      await settle(ctx, tx, declined ? '1' : '0').delivered;
      return reply.redirect(declined ? back.decline : back.approve, 302);
    },
  );
}
