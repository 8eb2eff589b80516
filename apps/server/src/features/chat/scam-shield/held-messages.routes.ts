import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HeldDecisionSchema,
  HeldMessageListSchema,
  HeldMessagesQuerySchema,
} from '@motema/shared/held-messages';
import type { AppDeps } from '../../../deps.ts';
import { apiErrors, noBody } from '../../../lib/api-responses.ts';
import { memberOf } from '../../../plugins/request-member.ts';
import { staffOnly } from '../../../plugins/staff-only.ts';
import { presentHeldList } from './held-messages.presenter.ts';
import { decideHeld, listHeld } from './held-messages.service.ts';

const IdParamsSchema = z.object({ id: z.uuid({ error: 'invalid_value' }) });

/**
 * The moderation console's queue of held messages (docs/scam-shield.md): staff only, a member gets
 * 404 as for a path nothing serves (plugins/staff-only.ts).
 */
export const heldMessagesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/moderation/held-messages',
    {
      onRequest: staffOnly,
      schema: {
        querystring: HeldMessagesQuerySchema,
        response: { 200: HeldMessageListSchema, ...apiErrors({ 404: 'not_found: the caller is no staff' }) },
      },
    },
    async (request) => presentHeldList(await listHeld(deps.db, memberOf(request).userId, request.query)),
  );

  app.post(
    '/moderation/held-messages/:id',
    {
      onRequest: staffOnly,
      schema: {
        params: IdParamsSchema,
        body: HeldDecisionSchema,
        response: {
          204: noBody('Released (delivered now) or dropped'),
          ...apiErrors({
            403: 'case_about_yourself: the caller sent the message or was sent it; another staff member decides it',
            404: 'held_message_not_found: already decided, or never held; not_found: the caller is no staff',
          }),
        },
      },
    },
    async (request, reply) => {
      await decideHeld(deps, memberOf(request).userId, request.params.id, request.body.decision);
      return reply.code(204).send();
    },
  );
};
