import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CountersSchema } from '@motema/shared/counters';
import {
  CountersWithEntriesSchema,
  NotificationListQuerySchema,
  NotificationListSchema,
} from '@motema/shared/notifications';
import type { AppDeps } from '../../deps.ts';
import { memberOf, perMemberRateLimit } from '../../plugins/request-member.ts';
import { countersWithEntriesOf, seeNotifications } from './counters.service.ts';
import { listNotifications } from './list/notification-list.service.ts';
import {
  presentCounters,
  presentCountersWithEntries,
  presentNotificationList,
} from './notifications.presenter.ts';

const MINUTE = 60_000;

/** The member's badges and the lists behind them (the same on every device), and opening their notifications. */
export const notificationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get('/counters', { schema: { response: { 200: CountersWithEntriesSchema } } }, async (request) => {
    const { counters, entries } = await countersWithEntriesOf(deps.db, memberOf(request).userId);
    return presentCountersWithEntries(counters, entries);
  });

  app.get(
    '/notifications',
    { schema: { querystring: NotificationListQuerySchema, response: { 200: NotificationListSchema } } },
    async (request) =>
      presentNotificationList(
        await listNotifications(deps.db, memberOf(request).userId, request.query.before),
      ),
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
