import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PostRequestDecisionSchema, PostRequestPageSchema, type PostRequestPage } from '@motema/shared/posts';
import type { AppDeps } from '../../../deps.ts';
import { apiErrors, noBody } from '../../../lib/api-responses.ts';
import { memberOf, perMemberRateLimit } from '../../../plugins/request-member.ts';
import { presentPostMember } from '../posts.presenter.ts';
import {
  decideRequest,
  listRequests,
  requestAccess,
  withdrawRequest,
  type PostRequestViewPage,
} from './post-requests.service.ts';

const HOUR = 60 * 60_000;
const PostParamsSchema = z.object({ id: z.string().max(64) });
const DecisionParamsSchema = z.object({ id: z.string().max(64), userId: z.uuid({ error: 'invalid_value' }) });
const PageQuerySchema = z.object({ cursor: z.string().max(200).optional() });
const RequestedSchema = z.object({ access: z.literal('requested') });
const PostRefusals = apiErrors({
  400: 'post_id_invalid',
  404: 'post_not_found: no such post, or not one the caller may see',
});

function presentRequestPage(page: PostRequestViewPage): PostRequestPage {
  return {
    requests: page.requests.map((request) => ({
      post: { _id: request.post.id, kind: request.post.kind, text: request.post.text },
      requester: presentPostMember(request.requester),
      createdAt: request.createdAt.toISOString(),
    })),
    next: page.next,
    count: page.count,
  };
}

/** Permission requests to see private posts: asking, withdrawing, the author's list and answer. */
export const postRequestsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/posts/requests',
    { schema: { querystring: PageQuerySchema, response: { 200: PostRequestPageSchema } } },
    async (request) =>
      presentRequestPage(await listRequests(deps.db, memberOf(request).userId, request.query.cursor)),
  );

  app.post(
    '/posts/:id/requests',
    {
      // R1: asking again after a decline is allowed, not flooding an author with requests.
      config: perMemberRateLimit('post-request', 30, HOUR),
      schema: {
        params: PostParamsSchema,
        response: {
          201: RequestedSchema,
          ...PostRefusals,
          ...apiErrors({ 409: 'post_already_allowed, post_already_requested' }),
        },
      },
    },
    async (request, reply) => {
      await requestAccess(deps, memberOf(request).userId, request.params.id);
      return reply.code(201).send({ access: 'requested' as const });
    },
  );

  app.delete(
    '/posts/:id/requests',
    {
      schema: {
        params: PostParamsSchema,
        response: { 204: noBody('No request waits any more'), ...PostRefusals },
      },
    },
    async (request, reply) => {
      await withdrawRequest(deps, memberOf(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/posts/:id/requests/:userId',
    {
      config: perMemberRateLimit('post-request-decision', 300, HOUR),
      schema: {
        params: DecisionParamsSchema,
        body: PostRequestDecisionSchema,
        response: {
          204: noBody('Accepted (on the allow list) or declined'),
          ...PostRefusals,
          ...apiErrors({ 404: 'post_not_found, post_request_not_found' }),
        },
      },
    },
    async (request, reply) => {
      const { id, userId } = request.params;
      await decideRequest(deps, memberOf(request).userId, id, userId, request.body.decision);
      return reply.code(204).send();
    },
  );
};
