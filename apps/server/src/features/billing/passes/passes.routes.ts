import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CancelUserSubscriptionAnswerSchema,
  UserSubscriptionsAnswerSchema,
  UserSubscriptionsQuerySchema,
} from '@motema/shared/billing';
import type { AppDeps } from '../../../deps.ts';
import { apiErrors } from '../../../lib/api-responses.ts';
import { clock } from '../../../lib/clock.ts';
import { memberOf, perMemberRateLimit } from '../../../plugins/request-member.ts';
import { presentPass } from './passes.presenter.ts';
import { cancelPass, listPasses } from './passes.service.ts';

const PassParamsSchema = z.object({ id: z.uuid({ error: 'invalid_value' }) });

/** The member's passes (SPEC "GET /user-subscriptions") and their cancel (decision 0026). */
export const passesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/user-subscriptions',
    {
      schema: { querystring: UserSubscriptionsQuerySchema, response: { 200: UserSubscriptionsAnswerSchema } },
    },
    async (request) => {
      const { passes, count } = await listPasses(db, memberOf(request).userId, request.query);
      const now = clock.now();
      return { subscriptions: passes.map((pass) => presentPass(pass, now)), count };
    },
  );

  app.post(
    '/user-subscriptions/:id/cancel',
    {
      config: perMemberRateLimit('cancel-pass', 30, 60_000),
      schema: {
        params: PassParamsSchema,
        response: {
          200: CancelUserSubscriptionAnswerSchema,
          ...apiErrors({ 404: "not_found: no such pass of the caller's" }),
        },
      },
    },
    async (request) =>
      presentPass(await cancelPass(db, memberOf(request).userId, request.params.id), clock.now()),
  );
};
