import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEDIA_USES, MediaItemSchema, type MediaUse } from '@motema/shared/posts';
import type { AppDeps } from '../../deps.ts';
import { apiErrors } from '../../lib/api-responses.ts';
import { fieldIssue, invalidFields } from '../../lib/app-error.ts';
import { asUploadRefusal, uploadChunks } from '../../lib/upload-chunks.ts';
import { memberOf, perMemberRateLimit } from '../../plugins/request-member.ts';
import { sendServedFile, servedFileResponses } from '../../plugins/served-file-reply.ts';
import { presentMediaItem } from './media-items.presenter.ts';
import { openMediaItemFile } from './media-items.service.ts';
import {
  LARGEST_UPLOAD_BYTES,
  mediaMissing,
  mediaTooLarge,
  ownMediaItem,
  uploadMediaItem,
  type MediaUpload,
} from './media-uploads.service.ts';

/** Room for the multipart envelope (`use`, headers) around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** R1: per member, enough for a post of ten photos and a few stories in a burst, not for filling the disk. */
const UPLOAD_LIMIT = perMemberRateLimit('media-uploads', 60, '10 minutes');
/** The owner's own files never change under their URL. */
const OWNER_CACHE_CONTROL = 'private, max-age=31536000, immutable';

const ItemParamsSchema = z.object({ id: z.string().max(64) });
const FileParamsSchema = z.object({ id: z.string().max(64), file: z.string().max(32) });

/** What mediaUpload reads, in this order (for the OpenAPI document: the route streams it itself). */
const MediaUploadFormSchema = z.object({
  use: z.enum(MEDIA_USES).describe('What the upload is for: a post or a story (their limits differ)'),
  file: z
    .file()
    .describe(
      'After `use`: a photo (JPEG, PNG, WebP, AVIF; 15 MB), a video (MP4, QuickTime, WebM, 3GPP; 100 MB) or an audio file (60 MB)',
    ),
});

export const ownerBaseUrl = (itemId: string) => `/api/media/uploads/${itemId}/`;

const refusals = { tooLarge: mediaTooLarge, missing: mediaMissing };

/**
 * The multipart body: the field `use` (required, before the file), then the field `file`, handed
 * to the service as its bytes arrive. Read only when the service asks for it.
 */
function mediaUpload(request: FastifyRequest) {
  return async (): Promise<MediaUpload> => {
    if (Number(request.headers['content-length']) > LARGEST_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES) {
      throw mediaTooLarge();
    }
    if (!request.isMultipart()) throw mediaMissing();
    let use: MediaUse | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          const value = typeof part.value === 'string' ? part.value : '';
          if (part.fieldname === 'use') {
            use = MEDIA_USES.find((candidate) => candidate === value);
            if (!use) throw invalidFields(fieldIssue('use', 'invalid_value'));
          }
          continue;
        }
        if (part.fieldname !== 'file') throw mediaMissing();
        if (!use) throw invalidFields(fieldIssue('use', 'required'));
        return { use, file: uploadChunks(part.file, LARGEST_UPLOAD_BYTES, refusals) };
      }
    } catch (error) {
      throw asUploadRefusal(error, refusals);
    }
    if (!use) throw invalidFields(fieldIssue('use', 'required'));
    throw mediaMissing();
  };
}

/**
 * Uploads of posts and stories, and the owner's view of them: the item (the composer follows a
 * video's `processing`) and its files (the composer's preview). Anyone else's item answers 404.
 */
export const mediaItemsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // Multipart only here: every other route keeps the 64 KB JSON body limit.
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, {
      // One byte past the largest kind's limit: the service refuses by kind (media_too_large).
      limits: {
        fileSize: LARGEST_UPLOAD_BYTES + 1,
        files: 1,
        fields: 2,
        fieldSize: 64,
        parts: 4,
        headerPairs: 20,
      },
    });
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/media/uploads',
      {
        config: UPLOAD_LIMIT,
        bodyLimit: LARGEST_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
        schema: {
          multipartBody: MediaUploadFormSchema,
          response: {
            201: MediaItemSchema.describe('A photo, encoded: `ready`'),
            202: MediaItemSchema.describe(
              'A video or an audio, `processing` until the media worker has encoded it',
            ),
            ...apiErrors({
              400: 'validation_failed (use), media_missing, media_type_unsupported, photo_unreadable, photo_too_many_pixels',
              413: 'media_too_large',
              429: 'rate_limited: too many uploads, or too many waiting for a post or a story (Retry-After)',
              503: 'service_unavailable: the photo encoder is busy (Retry-After)',
            }),
          },
        },
      },
      async (request, reply) => {
        const item = await uploadMediaItem(deps, {
          ownerId: memberOf(request).userId,
          readUpload: mediaUpload(request),
        });
        return reply
          .code(item.status === 'ready' ? 201 : 202)
          .send(presentMediaItem(item, ownerBaseUrl(item.id)));
      },
    );
  });

  app.get(
    '/media/uploads/:id',
    {
      schema: {
        params: ItemParamsSchema,
        response: {
          200: MediaItemSchema,
          ...apiErrors({ 404: 'media_not_found: not one of the member’s uploads' }),
        },
      },
    },
    async (request) => {
      const item = await ownMediaItem(deps.db, memberOf(request).userId, request.params.id);
      return presentMediaItem(item, ownerBaseUrl(item.id));
    },
  );

  app.get(
    '/media/uploads/:id/:file',
    {
      schema: { params: FileParamsSchema, response: servedFileResponses(['image/*', 'video/*', 'audio/*']) },
    },
    async (request, reply) => {
      const item = await ownMediaItem(deps.db, memberOf(request).userId, request.params.id, 'not_found');
      const served = await openMediaItemFile(
        deps,
        {
          itemId: item.id,
          fileName: request.params.file,
          range: request.headers.range,
          ifNoneMatch: request.headers['if-none-match'],
        },
        item,
      );
      return sendServedFile(reply, served, OWNER_CACHE_CONTROL);
    },
  );
};
