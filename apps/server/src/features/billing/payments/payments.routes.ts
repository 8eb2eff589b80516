import { Server as TlsServer } from 'node:tls';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeySchema,
  PaymentInitSchema,
  PaymentSchema,
  PaymentsAnswerSchema,
  PaymentsQuerySchema,
} from '@motema/shared/billing';
import type { AppDeps } from '../../../deps.ts';
import { publicOrigin } from '../../../env.ts';
import { apiErrors } from '../../../lib/api-responses.ts';
import { AppError } from '../../../lib/app-error.ts';
import { createRateLimiter, refuseOverLimit } from '../../../lib/rate-limiter.ts';
import { memberOf, perMemberRateLimit } from '../../../plugins/request-member.ts';
import { receiveCallback, recordRefusedCallback } from './payment-callback.service.ts';
import { cancelOwnPayment } from './payment-cancel.service.ts';
import { startPayment } from './payment-init.service.ts';
import { presentPayment } from './payments.presenter.ts';
import { findOwnPayment, listOwnPayments, verifyOwnPayment } from './payments.service.ts';
import type { PaymentLimits, PaymentsDeps } from './payments-deps.ts';

const MINUTE = 60_000;
/** Refused callbacks (a wrong token) an address may send in 10 minutes before it is answered 429 (P7). */
const REFUSED_CALLBACKS = 20;

/** The payments core's dependencies, made of the app's. */
export function paymentsDepsOf(deps: AppDeps, log: (message: string, fields: object) => void): PaymentsDeps {
  return {
    db: deps.db,
    jobs: deps.jobs,
    events: deps.events,
    paymentHooks: deps.paymentHooks,
    provider: deps.paymentProvider,
    feePercent: deps.env.FLEXPAY_FEE_PERCENT,
    alert: log,
  };
}

/**
 * Where the provider calls back and the card page returns: PUBLIC_URL, or outside production this
 * server's own address (publicOrigin). Never the request's Host header: its sender would choose where
 * the callback, and its secret token, are posted (issue 25).
 */
function originOf(deps: AppDeps, server: FastifyInstance['server']): string {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : deps.env.PORT;
  return publicOrigin(deps.env, { port, tls: server instanceof TlsServer });
}

/** Payments (PAYMENTS.md A4): start, the provider's callback, verify, a payment, the history. */
export const paymentsRoutes: FastifyPluginAsyncZod<AppDeps & { limits: PaymentLimits }> = async (
  app,
  deps,
) => {
  const core = paymentsDepsOf(deps, (message, fields) => app.log.error(fields, message));
  const limiter = createRateLimiter(deps.redis?.client, (err) =>
    app.log.error({ err }, 'Redis rate limit failed'),
  );

  app.post(
    '/payments/init/flex',
    {
      config: perMemberRateLimit('payment-init', 30, MINUTE),
      schema: {
        headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().optional() }),
        body: PaymentInitSchema,
        response: {
          201: PaymentSchema,
          ...apiErrors({
            400: 'idempotency_key_required: no Idempotency-Key header of 1 to 255 characters',
            404: 'subscription_not_found: no such plan on sale',
            409: 'payment_in_progress: a payment of this plan is still open',
            422: 'idempotency_key_reused: the key was used with another body',
            429: 'rate_limited: too many payment starts by the member or to the phone (Retry-After)',
          }),
        },
      },
    },
    async (request, reply) => {
      const key = IdempotencyKeySchema.safeParse(request.headers[IDEMPOTENCY_KEY_HEADER]);
      if (!key.success) throw new AppError(400, 'idempotency_key_required');
      const { answer } = await startPayment(
        { ...core, limiter, limits: deps.limits },
        {
          userId: memberOf(request).userId,
          idempotencyKey: key.data,
          body: request.body,
          origin: originOf(deps, app.server),
        },
        presentPayment,
      );
      // Every answer stored is a 201 (refusals are thrown, never stored).
      return reply.code(201).send(answer as z.infer<typeof PaymentSchema>);
    },
  );

  // The provider's callback: public (it has no session), its body read raw, JSON or form-encoded.
  await app.register(async (plugin) => {
    const callbacks = plugin.withTypeProvider<ZodTypeProvider>();
    callbacks.removeAllContentTypeParsers();
    callbacks.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    callbacks.post(
      '/payments/callback/flexpay/:token',
      {
        // FlexPay calls from a few addresses for every payment: generous, a ceiling on floods only (a
        // wrong token has its own, small limit below). A callback lost to it is found by the sweeper.
        config: { rateLimit: { max: 3000, timeWindow: MINUTE } },
        schema: {
          params: z.object({ token: z.string().max(100) }),
          response: {
            200: z.object({ received: z.literal(true) }),
            ...apiErrors({ 404: 'not_found: no payment has this callback token', 429: 'rate_limited' }),
          },
        },
      },
      async (request) => {
        const body = typeof request.body === 'string' ? request.body : '';
        const known = await receiveCallback(core, {
          token: request.params.token,
          body,
          fields: callbackFields(body),
        });
        if (!known) {
          // Counted first: past the limit, an address trying tokens is neither logged nor kept any more.
          await refuseOverLimit(
            limiter,
            `payments:callback-refused:${request.ip}`,
            REFUSED_CALLBACKS,
            10 * MINUTE,
          );
          request.log.warn({ ip: request.ip }, 'a payment callback with an unknown token');
          await recordRefusedCallback(core, body);
          throw new AppError(404, 'not_found');
        }
        return { received: true as const };
      },
    );
  });

  const notFound = apiErrors({ 404: 'not_found: no payment of the member has this id or reference' });

  app.get(
    '/payments/verify/:reference',
    {
      config: perMemberRateLimit('payment-verify', 60, MINUTE),
      schema: {
        params: z.object({ reference: z.string().max(40) }),
        response: { 200: PaymentSchema, ...notFound },
      },
    },
    async (request) =>
      presentPayment(await verifyOwnPayment(core, memberOf(request).userId, request.params.reference)),
  );

  app.get(
    '/payments/:id',
    {
      config: perMemberRateLimit('payment-read', 120, MINUTE),
      schema: { params: z.object({ id: z.string().max(40) }), response: { 200: PaymentSchema, ...notFound } },
    },
    async (request) =>
      presentPayment(await findOwnPayment(deps.db, memberOf(request).userId, request.params.id)),
  );

  // The member stops waiting for a payment still open (decision 0035): checked on, honoured if paid.
  app.post(
    '/payments/:id/cancel',
    {
      config: perMemberRateLimit('payment-cancel', 30, MINUTE),
      schema: { params: z.object({ id: z.string().max(40) }), response: { 200: PaymentSchema, ...notFound } },
    },
    async (request) =>
      presentPayment(await cancelOwnPayment(core, memberOf(request).userId, request.params.id)),
  );

  app.get(
    '/payments',
    {
      config: perMemberRateLimit('payment-list', 60, MINUTE),
      schema: { querystring: PaymentsQuerySchema, response: { 200: PaymentsAnswerSchema } },
    },
    async (request) => {
      const { rows, count } = await listOwnPayments(deps.db, memberOf(request).userId, request.query);
      return { payments: rows.map(presentPayment), count };
    },
  );
};

/** The fields of a callback's body, JSON or form-encoded; none when it is neither. */
function callbackFields(body: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    if (body.includes('=')) return Object.fromEntries(new URLSearchParams(body));
  }
  return {};
}
