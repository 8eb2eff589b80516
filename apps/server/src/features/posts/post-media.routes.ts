import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { sendServedFile, servedFileResponses } from '../../plugins/served-file-reply.ts';
import { openPostMediaFile } from './post-media.service.ts';

const MEDIA_TYPES = ['image/*', 'video/*', 'audio/*'];
/**
 * `private`, and revalidated on every use (`no-cache`): a member's access to a post can end while
 * the file's URL stays the same, so the browser asks again (a 304 when it still may) each time.
 */
const CACHE_CONTROL = 'private, no-cache';

const ParamsSchema = z.object({
  postId: z.string().max(64),
  itemId: z.string().max(64),
  file: z.string().max(32),
});
const ServedFileSchema = {
  params: ParamsSchema,
  response: servedFileResponses(MEDIA_TYPES),
};

/** A post's media files, for members and visitors alike: the service checks the viewer's access. */
export const postMediaRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get('/posts/:postId/media/:itemId/:file', { schema: ServedFileSchema }, async (request, reply) => {
    const served = await openPostMediaFile(deps, {
      viewerId: request.auth?.userId ?? null,
      postId: request.params.postId,
      itemId: request.params.itemId,
      fileName: request.params.file,
      range: request.headers.range,
      ifNoneMatch: request.headers['if-none-match'],
    });
    return sendServedFile(reply, served, CACHE_CONTROL);
  });
};
