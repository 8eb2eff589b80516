import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ImageSchema, PHOTO_MAX_BYTES, PhotoListSchema } from '@motema/shared/media';
import type { AppDeps } from '../../deps.ts';
import { apiErrors, fileBody, noBody } from '../../lib/api-responses.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { asUploadRefusal, uploadChunks } from '../../lib/upload-chunks.ts';
import { memberOf } from '../../plugins/request-member.ts';
import { asFileAnswer } from '../../plugins/security-headers.ts';
import { presentImage } from './media.presenter.ts';
import { deletePhoto, listPhotos, openMediaFile, uploadPhoto } from './media.service.ts';

/** R1: uploads are costly (decoding, encoding, storage): a few a minute per address. */
const UPLOAD_LIMIT = { rateLimit: { max: 20, timeWindow: '10 minutes' } };
/** Room for the multipart envelope around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** Served files never change under their URL (a new photo gets a new id): cached long, per browser. */
const MEDIA_CACHE_CONTROL = 'private, max-age=31536000, immutable';

const PhotoParamsSchema = z.object({ id: z.string().max(64) });
const MediaParamsSchema = z.object({ photoId: z.string().max(64), file: z.string().max(32) });
const DeletePhotoSchema = { params: PhotoParamsSchema, response: { 204: noBody('Photo deleted') } };
const MediaFileSchema = {
  params: MediaParamsSchema,
  response: {
    200: fileBody('The image', ['image/avif', 'image/webp']),
    304: noBody('Not modified (If-None-Match)'),
  },
};
/** What photoUpload reads (for the OpenAPI document: the route streams it with its own limits). */
const PhotoFormSchema = z.object({
  file: z.file().describe('The photo: JPEG, PNG, WebP or AVIF, 15 MB at most'),
});

const photoTooLarge = () => new AppError(413, 'photo_too_large');

const photoRefusals = { tooLarge: photoTooLarge, missing: () => badRequest('photo_missing') };

/**
 * The multipart field `file`, handed to the service as its chunks arrive, at most PHOTO_MAX_BYTES
 * (413 photo_too_large beyond); 400 photo_missing without a file. Read only when the service asks.
 */
function photoUpload(request: FastifyRequest) {
  return async (): Promise<AsyncIterable<Buffer>> => {
    if (Number(request.headers['content-length']) > PHOTO_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
      throw photoTooLarge();
    }
    if (!request.isMultipart()) throw photoRefusals.missing();
    try {
      const part = await request.file();
      if (!part || part.fieldname !== 'file') throw photoRefusals.missing();
      return uploadChunks(part.file, PHOTO_MAX_BYTES, photoRefusals);
    } catch (error) {
      throw asUploadRefusal(error, photoRefusals);
    }
  };
}

/** Photos (upload, list, delete) and the served files. */
export const mediaRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;

  // Multipart only here: every other route keeps the 64 KB JSON body limit.
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, {
      limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 20 },
    });
    uploads.post(
      '/photos',
      {
        config: UPLOAD_LIMIT,
        bodyLimit: PHOTO_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
        schema: {
          multipartBody: PhotoFormSchema,
          response: {
            201: ImageSchema,
            ...apiErrors({
              400: 'photo_missing, photo_type_unsupported, photo_unreadable, photo_too_many_pixels',
              409: 'photos_limit_reached',
              413: 'photo_too_large',
              429: 'rate_limited: too many uploads, or the photo pipeline is busy (Retry-After)',
            }),
          },
        },
      },
      async (request, reply) => {
        const photo = await uploadPhoto(deps, memberOf(request).userId, photoUpload(request));
        return reply.code(201).send(presentImage(photo));
      },
    );
  });

  app.get('/photos', { schema: { response: { 200: PhotoListSchema } } }, async (request) => {
    const photos = await listPhotos(db, memberOf(request).userId);
    return { photos: photos.map(presentImage), count: photos.length };
  });

  app.delete('/photos/:id', { schema: DeletePhotoSchema }, async (request, reply) => {
    await deletePhoto(deps, memberOf(request).userId, request.params.id);
    return reply.code(204).send();
  });

  // Members and visitors alike: the service checks the owner and blocks (Z3).
  app.get('/media/:photoId/:file', { schema: MediaFileSchema }, async (request, reply) => {
    const media = await openMediaFile(deps, {
      viewerId: request.auth?.userId,
      photoId: request.params.photoId,
      fileName: request.params.file,
      ifNoneMatch: request.headers['if-none-match'],
    });
    void asFileAnswer(reply).headers({
      'content-type': media.type,
      'cache-control': MEDIA_CACHE_CONTROL,
      etag: media.etag,
    });
    if (media.notModified) return reply.code(304).send();
    return reply.header('content-length', media.file.size).send(media.file.body);
  });
};
