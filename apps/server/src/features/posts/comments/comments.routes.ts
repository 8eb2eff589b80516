import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CommentCreateSchema,
  CommentPageSchema,
  CommentSchema,
  CommentUpdateSchema,
} from '@motema/shared/posts';
import type { AppDeps } from '../../../deps.ts';
import { apiErrors, noBody } from '../../../lib/api-responses.ts';
import { memberOf, perMemberRateLimit } from '../../../plugins/request-member.ts';
import { presentComment, presentCommentPage } from './comments.presenter.ts';
import { addComment, deleteComment, editComment, listComments } from './comments.service.ts';

const HOUR = 60 * 60_000;
const PostParamsSchema = z.object({ id: z.string().max(64) });
const CommentParamsSchema = z.object({ id: z.uuid({ error: 'invalid_value' }) });
const PageQuerySchema = z.object({ cursor: z.string().max(200).optional() });
const PostRefusals = apiErrors({
  400: 'post_id_invalid',
  403: 'post_not_allowed: a private post the caller may not see',
  404: 'post_not_found',
});
const CommentRefusals = apiErrors({
  403: 'forbidden: not the comment’s author (nor, to delete it, the post’s)',
  404: 'comment_not_found',
});

/** Comments of posts: read (visitors too, on public posts), write, edit, delete. */
export const commentsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/posts/:id/comments',
    {
      schema: {
        params: PostParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: CommentPageSchema, ...PostRefusals },
      },
    },
    async (request) => {
      const viewerId = request.auth?.userId ?? null;
      const page = await listComments(deps.db, viewerId, request.params.id, request.query.cursor);
      return presentCommentPage(page, viewerId);
    },
  );

  app.post(
    '/posts/:id/comments',
    {
      config: perMemberRateLimit('comment-create', 120, HOUR),
      schema: {
        params: PostParamsSchema,
        body: CommentCreateSchema,
        response: {
          201: CommentSchema,
          ...PostRefusals,
          ...apiErrors({ 404: 'post_not_found, comment_not_found (the parent)' }),
        },
      },
    },
    async (request, reply) => {
      const { userId } = memberOf(request);
      const view = await addComment(deps, userId, request.params.id, request.body);
      return reply.code(201).send(presentComment(view, userId));
    },
  );

  app.patch(
    '/comments/:id',
    {
      config: perMemberRateLimit('comment-edit', 120, HOUR),
      schema: {
        params: CommentParamsSchema,
        body: CommentUpdateSchema,
        response: { 200: CommentSchema, ...CommentRefusals },
      },
    },
    async (request) => {
      const { userId } = memberOf(request);
      return presentComment(await editComment(deps, userId, request.params.id, request.body.text), userId);
    },
  );

  app.delete(
    '/comments/:id',
    {
      schema: {
        params: CommentParamsSchema,
        response: { 204: noBody('Comment and its replies deleted'), ...CommentRefusals },
      },
    },
    async (request, reply) => {
      await deleteComment(deps, memberOf(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );
};
