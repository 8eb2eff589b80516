import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VisitorInputSchema, VisitorSchema } from '@motema/shared/devices';
import type { AppDeps } from '../../deps.ts';
import { apiErrors } from '../../lib/api-responses.ts';
import { presentVisitor } from './visitors.presenter.ts';
import { recordVisit } from './visitors.service.ts';

const HOUR = 3_600_000;
/**
 * The web app records one visit per device and day: 20 an hour from one address leaves room for a
 * household or a carrier's shared address, and keeps a script from filling the table.
 */
const VISITS_PER_ADDRESS_PER_HOUR = 20;

/**
 * Visitors (SPEC section 3): a visit of someone not connected, recorded without anything that names
 * them (a public route). The rate limit keys on the address for its window only: it is never stored.
 */
export const visitorsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post(
    '/visitors',
    {
      config: {
        rateLimit: {
          max: VISITS_PER_ADDRESS_PER_HOUR,
          timeWindow: HOUR,
          keyGenerator: (request) => `visitors:ip:${request.ip}`,
        },
      },
      schema: {
        body: VisitorInputSchema,
        response: {
          201: VisitorSchema.describe('The visit as kept: the referrer cut to its origin'),
          ...apiErrors({ 400: 'validation_failed' }),
        },
      },
    },
    async (request, reply) => reply.code(201).send(presentVisitor(await recordVisit(deps, request.body))),
  );
};
