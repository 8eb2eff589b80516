import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeviceInputSchema, DeviceSchema } from '@motema/shared/devices';
import type { AppDeps } from '../../deps.ts';
import { apiErrors } from '../../lib/api-responses.ts';
import { perMemberRateLimit } from '../../plugins/request-member.ts';
import { registerDevice } from './devices.service.ts';
import { presentDevice } from './devices.presenter.ts';

const HOUR = 3_600_000;

/**
 * Devices (SPEC section 7): each install of the app registers itself, visitors' too (a public route);
 * a member's call ties the device to them. An install registers once and again on a new build: 30 an
 * hour per member (or per address for visitors, many of whom may share one carrier address) is ample.
 */
export const devicesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post(
    '/devices',
    {
      config: perMemberRateLimit('devices', 30, HOUR),
      schema: {
        body: DeviceInputSchema,
        response: {
          200: DeviceSchema.describe('A known install (`_id` given): its info updated'),
          201: DeviceSchema.describe('A new install, with the `_id` it keeps'),
          ...apiErrors({ 400: 'validation_failed', 404: 'device_not_found: register anew without `_id`' }),
        },
      },
    },
    async (request, reply) => {
      const { device, created } = await registerDevice(deps, request.body, request.auth?.userId ?? null);
      return reply.code(created ? 201 : 200).send(presentDevice(device));
    },
  );
};
