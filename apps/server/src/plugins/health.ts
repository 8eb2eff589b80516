import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase, type Db } from '../db/client.ts';
import { serviceUnavailable } from '../db/database-unavailable.ts';
import { apiErrors } from '../lib/api-responses.ts';

/** Longer than a query of a healthy database under load, shorter than a load balancer's check timeout. */
const DATABASE_TIMEOUT_MS = 1000;

const HealthSchema = z.object({ status: z.literal('ok') });

/**
 * GET /api/health, for load balancers and process managers: 200 `{ status: 'ok' }` when the database
 * answers a query within a second, 503 service_unavailable (the app's error body) otherwise. No
 * session lookup (a probe sends no cookie), no rate limit, never cached.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/health',
    {
      schema: {
        response: {
          200: HealthSchema.describe('ready: the database answered'),
          ...apiErrors({ 503: 'service_unavailable: the database did not answer within a second' }),
        },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      if (!(await pingDatabase(db, DATABASE_TIMEOUT_MS))) throw serviceUnavailable();
      return { status: 'ok' as const };
    },
  );
};
