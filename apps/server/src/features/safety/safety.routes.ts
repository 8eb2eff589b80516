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
import { apiErrors, noBody } from '../../lib/api-responses.ts';
import { presentBlockList } from './safety.presenter.ts';
import {
  blockMember,
  listBlockedMembers,
  reportMember,
  unblockMember,
  type ReportCases,
  type ReportedContent,
  type ReportedZones,
  type ReportTargets,
} from './safety.service.ts';
import { memberOf, perMemberRateLimit } from '../../plugins/request-member.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const MemberParamsSchema = z.object({ user: z.uuid({ error: 'invalid_value' }) });

/**
 * Blocks (symmetric and total, QUALITY Z3) and reports (anonymous to the reported member) of a
 * member or of a post or comment of theirs, which `reportTargets` (the posts feature's) checks, or of
 * a zone, which `reportedZones` (the zones feature's) checks.
 */
export const safetyRoutes: FastifyPluginAsyncZod<
  AppDeps & {
    reportTargets: ReportTargets;
    reportedZones: ReportedZones;
    reportedPhotos: ReportedContent;
    reportedMessages: ReportedContent;
    reportedLives: ReportedContent;
    reportCases: ReportCases;
  }
> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/blocks',
    { schema: { querystring: BlockListQuerySchema, response: { 200: BlockListSchema } } },
    async (request) =>
      presentBlockList(await listBlockedMembers(db, memberOf(request).userId, request.query)),
  );

  app.post(
    '/blocks',
    {
      config: perMemberRateLimit('block', 30, MINUTE),
      schema: {
        body: BlockSchema,
        response: {
          204: noBody('Blocked'),
          ...apiErrors({ 404: 'user_not_found: no such member to block' }),
        },
      },
    },
    async (request, reply) => {
      await blockMember(deps, memberOf(request).userId, request.body.user);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/blocks/:user',
    {
      config: perMemberRateLimit('unblock', 30, MINUTE),
      schema: { params: MemberParamsSchema, response: { 204: noBody('Unblocked') } },
    },
    async (request, reply) => {
      await unblockMember(deps, memberOf(request).userId, request.params.user);
      return reply.code(204).send();
    },
  );

  app.post(
    '/reports',
    {
      config: perMemberRateLimit('report', 10, HOUR),
      schema: {
        body: ReportSchema,
        response: {
          201: ReportCreatedSchema,
          ...apiErrors({
            400: 'self_not_allowed: the caller reports themselves',
            403: 'zone_not_allowed: the caller is an admin of the zone they report',
            404: 'user_not_found: no such member to report; post_not_found, comment_not_found, story_not_found, not_found (a photo), message_not_found: no such content of theirs the caller may see; zone_not_found',
            409: 'report_already_open: this member (or content of theirs) is already reported by the caller; zone_already_reported: this zone is',
          }),
        },
      },
    },
    // The named content is checked by its owner; the report joins its subject's moderation case.
    async (request, reply) =>
      reply.code(201).send(
        await reportMember(db, memberOf(request).userId, request.body, {
          targets: deps.reportTargets,
          zones: deps.reportedZones,
          photos: deps.reportedPhotos,
          messages: deps.reportedMessages,
          lives: deps.reportedLives,
          cases: deps.reportCases,
          deps,
        }),
      ),
  );
};
