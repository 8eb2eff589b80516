import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotificationSettingsSchema, NotificationSettingsUpdateSchema } from '@motema/shared/notifications';
import type { AppDeps } from '../../../deps.ts';
import { apiErrors } from '../../../lib/api-responses.ts';
import { memberOf, perMemberRateLimit } from '../../../plugins/request-member.ts';
import { notificationSettingsOf, updateNotificationSettings } from './notification-settings.service.ts';

const MINUTE = 60_000;

/** Settings > Notifications: what the member is told by push, how, when, and the e-mail digest. */
export const notificationSettingsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/notifications/settings',
    { schema: { response: { 200: NotificationSettingsSchema } } },
    async (request) => notificationSettingsOf(deps.db, memberOf(request).userId),
  );

  app.put(
    '/notifications/settings',
    {
      config: perMemberRateLimit('notification-settings', 60, MINUTE),
      schema: {
        body: NotificationSettingsUpdateSchema,
        response: {
          200: NotificationSettingsSchema,
          ...apiErrors({
            400: 'validation_failed: issues invalid_value (an unknown kind or time zone, a minute out of 0-1439), quiet_hours_empty',
          }),
        },
      },
    },
    async (request) => updateNotificationSettings(deps.db, memberOf(request).userId, request.body),
  );
};
