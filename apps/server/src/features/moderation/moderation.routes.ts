import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CaseAssignInputSchema,
  CaseDetailSchema,
  CaseIdParamsSchema,
  CaseListQuerySchema,
  CaseListSchema,
  MemberHistorySchema,
  ModerationActionInputSchema,
  NoticeListSchema,
} from '@motema/shared/moderation';
import { apiErrors, fileBody } from '../../lib/api-responses.ts';
import { memberOf, perMemberRateLimit } from '../../plugins/request-member.ts';
import { asFileAnswer } from '../../plugins/security-headers.ts';
import { staffOnly } from '../../plugins/staff-only.ts';
import { actOnCase } from './actions.service.ts';
import { listNotices } from './appeals.service.ts';
import { assignCase, caseDetail, listCases, memberHistory, snapshotMedia } from './console.service.ts';
import type { ModerationDeps, Staff } from './moderation-deps.ts';
import { originOf } from './origin.ts';

const MINUTE = 60_000;
const staffOf = (request: Parameters<typeof memberOf>[0]): Staff => {
  const auth = memberOf(request);
  return { id: auth.userId, role: auth.role };
};
const console404 = apiErrors({
  404: 'not_found: no such case, a case about the caller, or the caller is a member (the console is not there for them)',
});
const OWN_CASE =
  'case_about_yourself: the case is about the caller; case_you_reported: the caller is one of its reporters; another moderator decides it';

/**
 * The moderation console's routes (moderators and admins; 404 to a member, as an unknown path) and
 * the member's own notices (packages/shared/src/moderation.ts).
 */
export const moderationRoutes: FastifyPluginAsyncZod<ModerationDeps> = async (app, deps) => {
  app.get(
    '/moderation/cases',
    {
      onRequest: staffOnly,
      schema: { querystring: CaseListQuerySchema, response: { 200: CaseListSchema, ...console404 } },
    },
    async (request) => listCases(deps, staffOf(request), request.query),
  );

  app.get(
    '/moderation/cases/:id',
    {
      onRequest: staffOnly,
      schema: { params: CaseIdParamsSchema, response: { 200: CaseDetailSchema, ...console404 } },
    },
    async (request) => caseDetail(deps, staffOf(request), request.params.id),
  );

  app.put(
    '/moderation/cases/:id/assignee',
    {
      onRequest: staffOnly,
      schema: {
        params: CaseIdParamsSchema,
        body: CaseAssignInputSchema,
        response: { 200: CaseDetailSchema, ...console404, ...apiErrors({ 403: OWN_CASE }) },
      },
    },
    async (request) => assignCase(deps, staffOf(request), request.params.id, request.body.assignee),
  );

  app.post(
    '/moderation/cases/:id/actions',
    {
      onRequest: staffOnly,
      schema: {
        params: CaseIdParamsSchema,
        body: ModerationActionInputSchema,
        response: {
          200: CaseDetailSchema,
          ...apiErrors({
            403: OWN_CASE,
            404: 'not_found: no such case, or the caller is a member',
            409: 'case_closed: the case is closed; appeal_needs_another_moderator: the caller took the appealed action',
          }),
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      await actOnCase(deps, staff, request.params.id, request.body, originOf(deps.env, request));
      return caseDetail(deps, staff, request.params.id);
    },
  );

  app.get(
    '/moderation/cases/:id/media/:index',
    {
      onRequest: staffOnly,
      schema: {
        params: CaseIdParamsSchema.extend({ index: z.coerce.number().int().min(0).max(99) }),
        response: {
          200: fileBody('The snapshot’s picture', ['image/avif', 'image/webp', 'image/jpeg', 'image/png']),
          ...console404,
        },
      },
    },
    async (request, reply) => {
      const file = await snapshotMedia(deps, staffOf(request), request.params.id, request.params.index);
      return asFileAnswer(reply)
        .headers({ 'content-type': file.contentType, 'cache-control': 'private, no-store' })
        .header('content-length', file.size)
        .send(file.body);
    },
  );

  app.get(
    '/moderation/members/:id',
    {
      onRequest: staffOnly,
      schema: { params: CaseIdParamsSchema, response: { 200: MemberHistorySchema, ...console404 } },
    },
    async (request) => memberHistory(deps, staffOf(request), request.params.id),
  );

  app.get(
    '/moderation/notices',
    { config: perMemberRateLimit('notices', 60, MINUTE), schema: { response: { 200: NoticeListSchema } } },
    async (request) => listNotices(deps, memberOf(request).userId),
  );
};
