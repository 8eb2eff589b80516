import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BlockListQuerySchema,
  BlockListSchema,
  BlockSchema,
  ReportCreatedSchema,
  ReportSchema,
} from '@motema/shared/safety';
import type { AppDeps } from '../../deps.ts';
import { unauthorized } from '../../lib/app-error.ts';
import { presentBlockList } from './safety.presenter.ts';
import { blockMember, listBlockedMembers, reportMember, unblockMember } from './safety.service.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Limits per member (R1), whatever the address: many members share one carrier address, and one
 * member may change addresses. A request without a session is keyed by its address (and gets 401).
 */
const perMember = (name: string, max: number, timeWindow: number) => ({
  rateLimit: {
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) =>
      request.auth ? `${name}:member:${request.auth.userId}` : `${name}:ip:${request.ip}`,
  },
});

const MemberParamsSchema = z.object({ user: z.uuid({ error: 'invalid_value' }) });

function auth(request: FastifyRequest) {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** Blocks (symmetric and total, QUALITY Z3) and reports (anonymous to the reported member). */
export const safetyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const onRequest = app.requireAuth;

  app.get(
    '/blocks',
    { onRequest, schema: { querystring: BlockListQuerySchema, response: { 200: BlockListSchema } } },
    async (request) => presentBlockList(await listBlockedMembers(db, auth(request).userId, request.query)),
  );

  app.post(
    '/blocks',
    { onRequest, config: perMember('block', 30, MINUTE), schema: { body: BlockSchema } },
    async (request, reply) => {
      await blockMember(db, auth(request).userId, request.body.user);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/blocks/:user',
    { onRequest, config: perMember('unblock', 30, MINUTE), schema: { params: MemberParamsSchema } },
    async (request, reply) => {
      await unblockMember(db, auth(request).userId, request.params.user);
      return reply.code(204).send();
    },
  );

  app.post(
    '/reports',
    {
      onRequest,
      config: perMember('report', 10, HOUR),
      schema: { body: ReportSchema, response: { 201: ReportCreatedSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await reportMember(db, auth(request).userId, request.body)),
  );
};
