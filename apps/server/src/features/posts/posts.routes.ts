import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PostCreateSchema,
  PostListQuerySchema,
  PostPageSchema,
  PostSchema,
  PostUpdateSchema,
} from '@motema/shared/posts';
import type { AppDeps } from '../../deps.ts';
import { apiErrors, noBody } from '../../lib/api-responses.ts';
import { memberOf, perMemberRateLimit } from '../../plugins/request-member.ts';
import { presentPost, presentPostPage } from './posts.presenter.ts';
import { createPost, deletePost, getPost, listMemberPosts, updatePost } from './posts.service.ts';

const HOUR = 60 * 60_000;

/** Checked by the service, so that a malformed id answers the SPEC's "bad format" (post_id_invalid). */
const PostParamsSchema = z.object({ id: z.string().max(64) });
const MemberParamsSchema = z.object({ id: z.uuid({ error: 'invalid_value' }) });
const PostRefusals = apiErrors({
  400: 'post_id_invalid: not a post id',
  404: 'post_not_found: no such post, or not one the caller may see',
});

/**
 * Posts: create, read one, edit, delete, a member's posts (the profile's tabs). Who sees what is
 * posts.policy.ts; the feed is feed/, comments comments/, likes likes/, permission requests
 * requests/, media files post-media.routes.ts.
 */
export const postsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;

  app.post(
    '/posts',
    {
      config: perMemberRateLimit('post-create', 60, HOUR),
      schema: {
        body: PostCreateSchema,
        response: {
          201: PostSchema,
          ...apiErrors({
            400: 'validation_failed, post_media_mixed, media_not_found, media_failed',
            409: 'media_already_used',
          }),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(presentPost(await createPost(deps, memberOf(request).userId, request.body))),
  );

  // Members and visitors (public posts only: 403 post_not_allowed on a private one).
  app.get(
    '/posts/:id',
    {
      schema: {
        params: PostParamsSchema,
        response: {
          200: PostSchema,
          ...PostRefusals,
          ...apiErrors({ 403: 'post_not_allowed: a private post, to a visitor' }),
        },
      },
    },
    async (request) => presentPost(await getPost(db, request.auth?.userId ?? null, request.params.id)),
  );

  app.patch(
    '/posts/:id',
    {
      config: perMemberRateLimit('post-update', 120, HOUR),
      schema: {
        params: PostParamsSchema,
        body: PostUpdateSchema,
        response: { 200: PostSchema, ...PostRefusals },
      },
    },
    async (request) =>
      presentPost(await updatePost(deps, memberOf(request).userId, request.params.id, request.body)),
  );

  app.delete(
    '/posts/:id',
    { schema: { params: PostParamsSchema, response: { 204: noBody('Post deleted'), ...PostRefusals } } },
    async (request, reply) => {
      await deletePost(deps, memberOf(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/users/:id/posts',
    {
      schema: {
        params: MemberParamsSchema,
        querystring: PostListQuerySchema,
        response: { 200: PostPageSchema, ...apiErrors({ 404: 'user_not_found' }) },
      },
    },
    async (request) =>
      presentPostPage(await listMemberPosts(db, memberOf(request).userId, request.params.id, request.query)),
  );
};
