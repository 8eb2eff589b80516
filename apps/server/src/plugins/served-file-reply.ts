import type { FastifyReply } from 'fastify';
import { fileBody, noBody } from '../lib/api-responses.ts';
import type { ServedFile } from '../lib/served-file.ts';
import { asFileAnswer } from './security-headers.ts';

/** The answers of a route serving a stored file (lib/served-file.ts), for its OpenAPI schema. */
export function servedFileResponses(types: string[]) {
  return {
    200: fileBody('The file', types),
    206: fileBody('The asked range of the file (Range)', types),
    304: noBody('Not modified (If-None-Match)'),
    416: noBody('The asked range is outside the file (Content-Range gives its size)'),
  };
}

/**
 * Sends a file openServedFile opened, with the same headers from every route that serves one (a
 * chat file, an upload, a post's or a story's media): never sniffed, never run as a page, Range
 * accepted. `cacheControl` is the route's own.
 */
export function sendServedFile(reply: FastifyReply, served: ServedFile, cacheControl: string) {
  void asFileAnswer(reply).headers({
    'content-type': served.type,
    'cache-control': cacheControl,
    'accept-ranges': 'bytes',
    etag: served.etag,
  });
  if (served.status === 304) return reply.code(304).send();
  if (served.status === 416) return reply.header('content-range', `bytes */${served.size}`).code(416).send();
  if (served.status === 206) {
    void reply
      .code(206)
      .header('content-range', `bytes ${served.range.start}-${served.range.end}/${served.size}`);
  }
  return reply.header('content-length', served.file.size).send(served.file.body);
}
