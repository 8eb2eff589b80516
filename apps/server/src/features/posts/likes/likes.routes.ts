import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LikeStateSchema } from '@motema/shared/posts';
import type { AppDeps } from '../../../deps.ts';
import { apiErrors } from '../../../lib/api-responses.ts';
import { memberOf, perMemberRateLimit } from '../../../plugins/request-member.ts';
import { setCommentLike, setPostLike } from './likes.service.ts';

const MINUTE = 60_000;
const PostParamsSchema = z.object({ id: z.string().max(64) });
const CommentParamsSchema = z.object({ id: z.uuid({ error: 'invalid_value' }) });
const PostLikeSchema = {
  params: PostParamsSchema,
  response: {
    200: LikeStateSchema,
    ...apiErrors({ 400: 'post_id_invalid', 403: 'post_not_allowed', 404: 'post_not_found' }),
  },
};
const CommentLikeSchema = {
  params: CommentParamsSchema,
  response: { 200: LikeStateSchema, ...apiErrors({ 404: 'comment_not_found' }) },
};
/** R1: a like is cheap, but a script tapping it would churn counters. */
const LIKE_LIMIT = perMemberRateLimit('like', 300, MINUTE);

/** Likes of posts and comments: PUT likes, DELETE unlikes; the answer is the new count. */
export const likesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  for (const [method, liked] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    app[method]('/posts/:id/like', { config: LIKE_LIMIT, schema: PostLikeSchema }, async (request) =>
      setPostLike(deps, memberOf(request).userId, request.params.id, liked),
    );
    app[method]('/comments/:id/like', { config: LIKE_LIMIT, schema: CommentLikeSchema }, async (request) =>
      setCommentLike(deps, memberOf(request).userId, request.params.id, liked),
    );
  }
};
