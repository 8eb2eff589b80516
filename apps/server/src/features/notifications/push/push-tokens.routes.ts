import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PushTokenInputSchema, VapidKeysSchema } from '@motema/shared/notifications';
import type { AppDeps } from '../../../deps.ts';
import { noBody } from '../../../lib/api-responses.ts';
import { memberOf, perMemberRateLimit } from '../../../plugins/request-member.ts';
import { registerPushToken } from './push-tokens.service.ts';
import { vapidDetailsOf } from './vapid-keys.service.ts';

const MINUTE = 60_000;

/** A device asks for the server's VAPID key, subscribes at its push service, and registers the result. */
export const pushTokensRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get('/push-tokens/vapidKeys', { schema: { response: { 200: VapidKeysSchema } } }, async (request) => {
    memberOf(request);
    return { publicKey: (await vapidDetailsOf(deps)).publicKey };
  });

  app.post(
    '/push-tokens',
    {
      config: perMemberRateLimit('push-tokens', 20, MINUTE),
      schema: { body: PushTokenInputSchema, response: { 204: noBody('Stored for this session') } },
    },
    async (request, reply) => {
      await registerPushToken(deps, memberOf(request), request.body);
      return reply.code(204).send();
    },
  );
};
