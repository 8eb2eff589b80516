import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CountersSchema } from '@motema/shared/chat';
import type { AppDeps } from '../../deps.ts';
import { memberOf, perMemberRateLimit } from '../../plugins/request-member.ts';
import { countersOf, seeNotifications } from './counters.service.ts';
import { presentCounters } from './notifications.presenter.ts';

const MINUTE = 60_000;

/** The member's badges (the same on every device), and opening their notifications. */
export const notificationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get('/counters', { schema: { response: { 200: CountersSchema } } }, async (request) =>
    presentCounters(await countersOf(deps.db, memberOf(request).userId)),
  );

  app.put(
    '/counters/notifications',
    {
      config: perMemberRateLimit('notifications-seen', 60, MINUTE),
      schema: { response: { 200: CountersSchema } },
    },
    async (request) => presentCounters(await seeNotifications(deps, memberOf(request).userId)),
  );
};
