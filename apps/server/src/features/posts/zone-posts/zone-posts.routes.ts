import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PostFeedQuerySchema, PostPageSchema, PostSchema } from '@motema/shared/posts';
import { ZonePostCreateSchema } from '@motema/shared/zones';
import type { AppDeps } from '../../../deps.ts';
import { apiErrors, noBody } from '../../../lib/api-responses.ts';
import { memberOf, perMemberRateLimit } from '../../../plugins/request-member.ts';
import { presentPost, presentPostPage } from '../posts.presenter.ts';
import {
  createZonePost,
  listZoneFeed,
  listZoneMemberPosts,
  removeZoneComment,
  removeZonePost,
} from './zone-posts.service.ts';

const HOUR = 60 * 60_000;
/** Ids checked by the services: a malformed one answers as an unknown one (zone_not_found, ...). */
const ZoneParamsSchema = z.object({ id: z.string().max(64).describe('The zone') });
const MemberParamsSchema = ZoneParamsSchema.extend({ user: z.uuid({ error: 'invalid_value' }) });
const PostParamsSchema = ZoneParamsSchema.extend({ post: z.string().max(64) });
const CommentParamsSchema = PostParamsSchema.extend({ comment: z.string().max(64) });
const inZone = {
  403: 'zone_not_allowed: the caller’s role does not allow this (decision 0041)',
  404: 'zone_not_found: no such zone',
};

/** A zone's feed (zone-posts.service.ts): its posts, a member's, posting, and removals by its moderators. */
export const zonePostsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/zones/:id/posts',
    {
      schema: {
        params: ZoneParamsSchema,
        querystring: PostFeedQuerySchema,
        response: { 200: PostPageSchema, ...apiErrors(inZone) },
      },
    },
    async (request) =>
      presentPostPage(
        await listZoneFeed(db, memberOf(request).userId, request.params.id, request.query.cursor),
      ),
  );

  app.post(
    '/zones/:id/posts',
    {
      config: perMemberRateLimit('zone-post-create', 60, HOUR),
      schema: {
        params: ZoneParamsSchema,
        body: ZonePostCreateSchema,
        response: {
          201: PostSchema,
          ...apiErrors({
            ...inZone,
            400: 'validation_failed, post_media_mixed, media_not_found, media_failed',
            409: 'media_already_used',
          }),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          presentPost(await createZonePost(deps, memberOf(request).userId, request.params.id, request.body)),
        ),
  );

  app.get(
    '/zones/:id/members/:user/posts',
    {
      schema: {
        params: MemberParamsSchema,
        querystring: PostFeedQuerySchema,
        response: {
          200: PostPageSchema,
          ...apiErrors({
            ...inZone,
            404: `${inZone[404]}; user_not_found: hidden by a block, or not active`,
          }),
        },
      },
    },
    async (request) => {
      const { id, user } = request.params;
      return presentPostPage(
        await listZoneMemberPosts(db, memberOf(request).userId, id, user, request.query.cursor),
      );
    },
  );

  app.delete(
    '/zones/:id/posts/:post',
    {
      schema: {
        params: PostParamsSchema,
        response: {
          204: noBody('Post removed'),
          ...apiErrors({ ...inZone, 404: `${inZone[404]}; post_not_found: no such post in the zone` }),
        },
      },
    },
    async (request, reply) => {
      await removeZonePost(deps, memberOf(request).userId, request.params.id, request.params.post);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/zones/:id/posts/:post/comments/:comment',
    {
      schema: {
        params: CommentParamsSchema,
        response: {
          204: noBody('Comment removed, with its replies'),
          ...apiErrors({
            ...inZone,
            404: `${inZone[404]}; post_not_found, comment_not_found: no such post in the zone, or comment on it`,
          }),
        },
      },
    },
    async (request, reply) => {
      const { id, post, comment } = request.params;
      await removeZoneComment(deps, memberOf(request).userId, id, post, comment);
      return reply.code(204).send();
    },
  );
};
