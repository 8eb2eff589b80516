import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PostFeedQuerySchema, PostPageSchema } from '@motema/shared/posts';
import type { AppDeps } from '../../../deps.ts';
import { apiErrors } from '../../../lib/api-responses.ts';
import { memberOf } from '../../../plugins/request-member.ts';
import { presentPostPage } from '../posts.presenter.ts';
import { listFeed } from './feed.service.ts';

/** The feed (members only): GET /api/posts?cursor=, newest first, POSTS_PAGE_SIZE a page. */
export const feedRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/posts',
    {
      schema: {
        querystring: PostFeedQuerySchema,
        response: {
          200: PostPageSchema,
          ...apiErrors({ 400: 'validation_failed: a cursor this server did not give' }),
        },
      },
    },
    async (request) => presentPostPage(await listFeed(db, memberOf(request).userId, request.query.cursor)),
  );
};
