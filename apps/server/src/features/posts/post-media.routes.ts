import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { fileBody, noBody } from '../../lib/api-responses.ts';
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
  response: {
    200: fileBody('The file', MEDIA_TYPES),
    206: fileBody('The asked range of the file (Range)', MEDIA_TYPES),
    304: noBody('Not modified (If-None-Match)'),
    416: noBody('The asked range is outside the file (Content-Range gives its size)'),
  },
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
    void reply.headers({
      'content-type': served.type,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': CACHE_CONTROL,
      'accept-ranges': 'bytes',
      etag: served.etag,
    });
    if (served.status === 304) return reply.code(304).send();
    if (served.status === 416)
      return reply.header('content-range', `bytes */${served.size}`).code(416).send();
    if (served.status === 206) {
      return reply
        .code(206)
        .header('content-range', `bytes ${served.range.start}-${served.range.end}/${served.size}`)
        .header('content-length', served.file.size)
        .send(served.file.body);
    }
    return reply.header('content-length', served.file.size).send(served.file.body);
  });
};
