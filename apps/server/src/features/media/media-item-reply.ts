import type { FastifyReply } from 'fastify';
import { fileBody, noBody } from '../../lib/api-responses.ts';
import type { ServedMediaItemFile } from './media-items.service.ts';

const MEDIA_TYPES = ['image/*', 'video/*', 'audio/*'];

/** The answers of a route serving a media item's file (openMediaItemFile), for its OpenAPI schema. */
export const mediaItemFileResponses = {
  200: fileBody('The file', MEDIA_TYPES),
  206: fileBody('The asked range of the file (Range)', MEDIA_TYPES),
  304: noBody('Not modified (If-None-Match)'),
  416: noBody('The asked range is outside the file (Content-Range gives its size)'),
};

/**
 * Sends a file openMediaItemFile opened: the same headers from every route that serves one (the
 * owner's, a post's, a story's). `cacheControl` is the route's: `private` always (Z5), since a
 * member's access to a post or a story can end while the file's URL stays the same.
 */
export function sendMediaItemFile(
  reply: FastifyReply,
  served: ServedMediaItemFile,
  cacheControl = 'private, no-cache',
) {
  void reply.headers({
    'content-type': served.type,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': cacheControl,
    'accept-ranges': 'bytes',
    etag: served.etag,
  });
  if (served.status === 304) return reply.code(304).send();
  if (served.status === 416) return reply.header('content-range', `bytes */${served.size}`).code(416).send();
  if (served.status === 206) {
    return reply
      .code(206)
      .header('content-range', `bytes ${served.range.start}-${served.range.end}/${served.size}`)
      .header('content-length', served.file.size)
      .send(served.file.body);
  }
  return reply.header('content-length', served.file.size).send(served.file.body);
}
