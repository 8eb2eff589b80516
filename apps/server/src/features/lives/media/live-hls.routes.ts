import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LiveKeepSchema } from '@motema/shared/lives';
import { PostSchema } from '@motema/shared/posts';
import type { AppDeps } from '../../../deps.ts';
import { apiErrors, fileBody } from '../../../lib/api-responses.ts';
import { AppError } from '../../../lib/app-error.ts';
import { memberOf, perMemberRateLimit } from '../../../plugins/request-member.ts';
import { asFileAnswer } from '../../../plugins/security-headers.ts';
import { presentPost } from '../../posts/posts.presenter.ts';
import { liveRoleOf } from '../lives.policy.ts';
import { LIVE_FILE_PATTERN } from './live-encoder-args.ts';
import { contentTypeOf, liveKey } from './live-files.ts';
import { keepLiveAsPost } from './live-keep.service.ts';

const notFound = 'live_not_found: no such live on air, or the member may not watch it (lives.policy.ts)';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Playlists change every segment: never kept. Segments never change: kept briefly, by the member's
 * browser only (`private`: a live is for its audience, never for a shared cache; a CDN in front keys
 * on the member's right first, docs/scaling.md).
 */
export const PLAYLIST_CACHE_CONTROL = 'private, no-cache, no-store';
export const SEGMENT_CACHE_CONTROL = 'private, max-age=30';

const HlsParamsSchema = z.object({
  id: z.string().describe('The live'),
  file: z.string().describe('master.m3u8, a rendition’s playlist, its init segment or one of its segments'),
});

/**
 * GET /api/lives/:id/hls/:file: a live's HLS files while it is not over, to its broadcaster and
 * whoever may watch it (liveRoleOf), by name from LIVE_FILE_PATTERN only (no other file, no path);
 * anyone else, any other name, a live over: 404 `live_not_found`.
 * POST /api/lives/:id/keep: the broadcaster keeps a live they ended as a post (live-keep.service.ts).
 */
export const liveMediaRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/lives/:id/hls/:file',
    {
      schema: {
        params: HlsParamsSchema,
        response: {
          200: fileBody('The file', ['application/vnd.apple.mpegurl', 'video/mp4', 'video/iso.segment']),
          ...apiErrors({ 404: notFound }),
        },
      },
    },
    async (request, reply) => {
      const { id, file } = request.params;
      const memberId = memberOf(request).userId;
      if (!UUID.test(id) || !LIVE_FILE_PATTERN.test(file)) throw new AppError(404, 'live_not_found');
      if ((await liveRoleOf(deps.db, id, memberId)) === null) throw new AppError(404, 'live_not_found');
      const stored = await deps.storage.get(liveKey(id, file));
      if (!stored) throw new AppError(404, 'live_not_found');
      const playlist = file.endsWith('.m3u8');
      return asFileAnswer(reply)
        .headers({
          'content-type': contentTypeOf(file),
          'cache-control': playlist ? PLAYLIST_CACHE_CONTROL : SEGMENT_CACHE_CONTROL,
          'content-length': stored.size,
        })
        .send(stored.body);
    },
  );

  app.post(
    '/lives/:id/keep',
    {
      config: perMemberRateLimit('live-keep', 10, 60 * 60_000),
      schema: {
        params: z.object({ id: z.string().describe('The live') }),
        body: LiveKeepSchema,
        response: {
          201: PostSchema,
          ...apiErrors({
            400: 'validation_failed',
            404: notFound,
            409: 'live_not_keepable: not ended by its broadcaster, already kept, or past LIVE_KEEP_HOURS',
          }),
        },
      },
    },
    async (request, reply) => {
      const post = await keepLiveAsPost(deps, memberOf(request).userId, request.params.id, request.body);
      return reply.code(201).send(presentPost(post));
    },
  );
};
