import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LikeStateSchema } from '@motema/shared/posts';
import type { AppDeps } from '../../../deps.ts';
import { apiErrors } from '../../../lib/api-responses.ts';
import { memberOf, perMemberActionLimit } from '../../../plugins/request-member.ts';
import { setCommentLike, setPostLike } from './likes.service.ts';

const MINUTE = 60_000;
const LIKE_LIMITED = 'rate_limited: over 300 likes and unlikes a minute; try again after Retry-After seconds';
const PostParamsSchema = z.object({ id: z.string().max(64) });
const CommentParamsSchema = z.object({ id: z.uuid({ error: 'invalid_value' }) });
const PostLikeSchema = {
  params: PostParamsSchema,
  response: {
    200: LikeStateSchema,
    ...apiErrors({
      400: 'post_id_invalid',
      403: 'post_not_allowed',
      404: 'post_not_found',
      429: LIKE_LIMITED,
    }),
  },
};
const CommentLikeSchema = {
  params: CommentParamsSchema,
  response: { 200: LikeStateSchema, ...apiErrors({ 404: 'comment_not_found', 429: LIKE_LIMITED }) },
};
/** Likes of posts and comments: PUT likes, DELETE unlikes; the answer is the new count. */
export const likesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // R1: a like is cheap, but a script tapping it would churn counters: 300 a minute per member, every
  // like and unlike of a post or a comment counted together.
  const limit = perMemberActionLimit(app, 'like', 300, MINUTE);
  for (const [method, liked] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    app[method]('/posts/:id/like', { onRequest: limit, schema: PostLikeSchema }, async (request) =>
      setPostLike(deps, memberOf(request).userId, request.params.id, liked),
    );
    app[method]('/comments/:id/like', { onRequest: limit, schema: CommentLikeSchema }, async (request) =>
      setCommentLike(deps, memberOf(request).userId, request.params.id, liked),
    );
  }
};
