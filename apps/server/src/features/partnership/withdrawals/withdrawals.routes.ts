import { Server as TlsServer } from 'node:tls';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema } from '@motema/shared/billing';
import {
  WithdrawalAccountInputSchema,
  WithdrawalAccountSchema,
  WithdrawalInputSchema,
  WithdrawalSchema,
} from '@motema/shared/partnership';
import type { AppDeps } from '../../../deps.ts';
import { publicOrigin } from '../../../env.ts';
import { apiErrors } from '../../../lib/api-responses.ts';
import { AppError } from '../../../lib/app-error.ts';
import { createRateLimiter } from '../../../lib/rate-limiter.ts';
import { memberOf, perMemberRateLimit } from '../../../plugins/request-member.ts';
import { checkPayout } from './payout.service.ts';
import { receivePayoutCallback } from './payout-callback.service.ts';
import { retryProof, setWithdrawalAccount, verifyProof } from './withdrawal-account.service.ts';
import { mailNumberChanged, withdrawalsDepsOf } from './withdrawals-deps-of.ts';
import { presentWithdrawal, presentWithdrawalAccount } from './withdrawals.presenter.ts';
import { requestWithdrawal, withdrawalOf } from './withdrawals.service.ts';

const MINUTE = 60_000;

/** The withdrawal number and its proof, withdrawals, and FlexPay's payout callbacks (packages/shared/src/partnership.ts). */
export const withdrawalsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // Where FlexPay calls back: never the request's Host header (issue 25), as payments' routes do.
  const core = {
    ...withdrawalsDepsOf(deps, app.log),
    origin: () => {
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : deps.env.PORT;
      return publicOrigin(deps.env, { port, tls: app.server instanceof TlsServer });
    },
  };
  const limiter = createRateLimiter(deps.redis?.client, (err) =>
    app.log.error({ err }, 'Redis rate limit failed'),
  );
  const proofs = {
    ...core,
    limiter,
    mailNumberChanged: (userId: string, phone: string) => mailNumberChanged(deps, userId, phone),
  };

  app.put(
    '/partnership/withdrawal-account',
    {
      config: perMemberRateLimit('withdrawal-account', 10, MINUTE),
      schema: {
        body: WithdrawalAccountInputSchema,
        response: {
          200: WithdrawalAccountSchema,
          ...apiErrors({
            400: 'wrong_password (an issue on password); validation_failed: phone_invalid (an issue on phone)',
            403: 'partnership_required: the member has not joined the programme',
            429: 'rate_limited: too many proofs started in the hour',
          }),
        },
      },
    },
    async (request) =>
      presentWithdrawalAccount(await setWithdrawalAccount(proofs, memberOf(request).userId, request.body)),
  );

  app.post(
    '/partnership/withdrawal-account/verify',
    {
      config: perMemberRateLimit('withdrawal-account-verify', 60, MINUTE),
      schema: {
        response: { 200: WithdrawalAccountSchema, ...apiErrors({ 404: 'not_found: no number given yet' }) },
      },
    },
    async (request) => presentWithdrawalAccount(await verifyProof(core, memberOf(request).userId)),
  );

  app.post(
    '/partnership/withdrawal-account/retry',
    {
      config: perMemberRateLimit('withdrawal-account-retry', 5, MINUTE),
      schema: {
        response: {
          200: WithdrawalAccountSchema,
          ...apiErrors({
            404: 'not_found: no number given yet',
            429: 'rate_limited: too many proofs started',
          }),
        },
      },
    },
    async (request) => presentWithdrawalAccount(await retryProof(proofs, memberOf(request).userId)),
  );

  app.post(
    '/withdrawals',
    {
      config: perMemberRateLimit('withdrawal', 60, MINUTE),
      schema: {
        headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().optional() }),
        body: WithdrawalInputSchema,
        response: {
          201: WithdrawalSchema,
          ...apiErrors({
            400: 'idempotency_key_required; withdrawal_minimum; insufficient_balance; withdrawal_account_required; operator_limit (with limit)',
            403: 'partnership_required; withdrawal_cooldown (with until)',
            409: 'withdrawal_in_flight',
            422: 'idempotency_key_reused: the key was used with another body',
          }),
        },
      },
    },
    async (request, reply) => {
      const key = IdempotencyKeySchema.safeParse(request.headers[IDEMPOTENCY_KEY_HEADER]);
      if (!key.success) throw new AppError(400, 'idempotency_key_required');
      const withdrawal = await requestWithdrawal(core, {
        userId: memberOf(request).userId,
        idempotencyKey: key.data,
        amount: request.body.amount,
        currency: request.body.currency,
      });
      return reply.code(201).send(presentWithdrawal(withdrawal));
    },
  );

  app.get(
    '/withdrawals/:id',
    {
      schema: {
        params: z.object({ id: z.string().max(64) }),
        response: {
          200: WithdrawalSchema,
          ...apiErrors({ 404: 'not_found: no withdrawal of the member has this id' }),
        },
      },
    },
    async (request) => {
      const { userId } = memberOf(request);
      const withdrawal = await withdrawalOf(core, userId, request.params.id);
      if (withdrawal.status !== 'PENDING') return presentWithdrawal(withdrawal);
      // A payout under way is checked now (single-flight, at most every 5 s), as a payment's verify is.
      await checkPayout(core, withdrawal.id);
      return presentWithdrawal(await withdrawalOf(core, userId, withdrawal.id));
    },
  );

  // FlexPay's payout callback: public, its body read raw. It is never believed: it only tells the
  // order number a payout's lost answer did not (P6), and asks for a check.
  await app.register(async (plugin) => {
    const callbacks = plugin.withTypeProvider<ZodTypeProvider>();
    callbacks.removeAllContentTypeParsers();
    callbacks.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    callbacks.post(
      '/withdrawals/callback/flexpay',
      {
        config: { rateLimit: { max: 600, timeWindow: MINUTE } },
        schema: {
          response: { 200: z.object({ received: z.literal(true) }), ...apiErrors({ 429: 'rate_limited' }) },
        },
      },
      async (request) => {
        await receivePayoutCallback(core, typeof request.body === 'string' ? request.body : '');
        return { received: true as const };
      },
    );
  });
};
