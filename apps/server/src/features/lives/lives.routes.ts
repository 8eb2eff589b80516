import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LiveListSchema, LiveSchema, LiveStartSchema } from '@motema/shared/lives';
import { apiErrors } from '../../lib/api-responses.ts';
import { memberOf, perMemberRateLimit } from '../../plugins/request-member.ts';
import type { LivesDeps } from './lives-runtime.ts';
import { presentLive } from './lives.presenter.ts';
import { endLiveByBroadcaster, getLive, goLiveFrom, listLives, startLive } from './lives.service.ts';

const HOUR = 3_600_000;

export const LiveParamsSchema = z.object({ id: z.uuid().describe('The live') });
export const notFound = 'live_not_found: no such live on air, or the caller has no place in it (liveRoleOf)';
export const refused = 'live_not_allowed: the caller’s place in the live does not allow this';

/** Lives (docs/lives.md): going live, the lives the member may watch, one live, its end. */
export const livesRoutes: FastifyPluginAsyncZod<LivesDeps> = async (app, deps) => {
  app.post(
    '/lives',
    {
      config: perMemberRateLimit('live-start', 20, HOUR),
      schema: {
        body: LiveStartSchema,
        response: {
          201: LiveSchema,
          ...apiErrors({
            403: 'live_account_too_new: the account is younger than LIVE_MIN_ACCOUNT_DAYS',
            409: 'live_already_on: the member has a live not ended',
          }),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(presentLive(await startLive(deps, memberOf(request).userId, request.body))),
  );

  app.get('/lives', { schema: { response: { 200: LiveListSchema } } }, async (request) => {
    const memberId = memberOf(request).userId;
    const [lives, from] = await Promise.all([listLives(deps, memberId), goLiveFrom(deps, memberId)]);
    return { lives: lives.map(presentLive), goLiveFrom: from?.toISOString() ?? null };
  });

  app.get(
    '/lives/:id',
    { schema: { params: LiveParamsSchema, response: { 200: LiveSchema, ...apiErrors({ 404: notFound }) } } },
    async (request) => presentLive(await getLive(deps, memberOf(request).userId, request.params.id)),
  );

  app.post(
    '/lives/:id/end',
    {
      schema: {
        params: LiveParamsSchema,
        response: { 200: LiveSchema, ...apiErrors({ 403: refused, 404: notFound }) },
      },
    },
    async (request) =>
      presentLive(await endLiveByBroadcaster(deps, memberOf(request).userId, request.params.id)),
  );
};
