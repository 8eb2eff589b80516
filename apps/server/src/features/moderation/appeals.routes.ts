import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppealInputSchema, AppealViewSchema } from '@motema/shared/moderation';
import { apiErrors } from '../../lib/api-responses.ts';
import { appealView, makeAppeal } from './appeals.service.ts';
import type { ModerationDeps } from './moderation-deps.ts';

const MINUTE = 60_000;
const TokenParamsSchema = z.object({ token: z.string().min(1).max(100) });
const perIp = (max: number, timeWindow: number) => ({ rateLimit: { max, timeWindow } });

/** The appeal link of a notice's mail: public (usable signed out), its token the only key; rate limited per address. */
export const appealsRoutes: FastifyPluginAsyncZod<ModerationDeps> = async (app, deps) => {
  app.get(
    '/appeals/:token',
    {
      config: perIp(30, MINUTE),
      schema: {
        params: TokenParamsSchema,
        response: { 200: AppealViewSchema, ...apiErrors({ 404: 'not_found: no such appeal link' }) },
      },
    },
    async (request) => appealView(deps, request.params.token),
  );

  app.post(
    '/appeals/:token',
    {
      config: perIp(10, MINUTE),
      schema: {
        params: TokenParamsSchema,
        body: AppealInputSchema,
        response: {
          201: AppealViewSchema,
          ...apiErrors({
            404: 'not_found: no such appeal link',
            409: 'appeal_already_made: the decision was appealed already',
            410: 'appeal_too_late: the appeal window is over',
          }),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await makeAppeal(deps, request.params.token, request.body.text)),
  );
};
