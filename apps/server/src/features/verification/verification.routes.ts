import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SELFIE_MAX_BYTES,
  VERIFICATION_POSES,
  VerificationDecisionSchema,
  VerificationQueueQuerySchema,
  VerificationQueueSchema,
  VerificationStateSchema,
} from '@motema/shared/verification';
import type { AppDeps } from '../../deps.ts';
import { apiErrors, noBody } from '../../lib/api-responses.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { memberOf, perMemberRateLimit } from '../../plugins/request-member.ts';
import { sendServedFile, servedFileResponses } from '../../plugins/served-file-reply.ts';
import { staffOnly } from '../../plugins/staff-only.ts';
import { presentQueueItem, presentVerificationState } from './verification.presenter.ts';
import {
  decideVerification,
  openSelfie,
  submitSelfie,
  verificationQueue,
  verificationStateOf,
  type SelfieUpload,
} from './verification.service.ts';
import { asUploadRefusal, uploadChunks, wholeUpload } from '../../lib/upload-chunks.ts';

/** Room for the multipart envelope (the pose, headers) around the selfie. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
/** A few tries a day is plenty for a member; more is someone probing the moderators. */
const SUBMIT_LIMIT = perMemberRateLimit('verification', 10, '1 day');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const STAFF_ONLY = 'not_found: to a member, as an unknown path (the console is not there for them)';
const RequestParamsSchema = z.object({ id: z.string().max(64) });
const SelfieFormSchema = z.object({
  pose: z.enum(VERIFICATION_POSES).describe('The pose of GET /api/verification, before the selfie'),
  selfie: z.file().describe('The camera still: a JPEG, PNG or WebP photo up to SELFIE_MAX_BYTES'),
});

const tooLarge = () => new AppError(413, 'selfie_too_large');
const missing = () => badRequest('selfie_missing');
const refusals = { tooLarge, missing };
const notFound = () => new AppError(404, 'not_found');

/** The multipart body: the field `pose`, then the file `selfie`. Read only when the service asks. */
function selfieUpload(request: FastifyRequest) {
  return async (): Promise<SelfieUpload> => {
    if (Number(request.headers['content-length']) > SELFIE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES)
      throw tooLarge();
    if (!request.isMultipart()) throw missing();
    let pose = '';
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'pose' && typeof part.value === 'string') pose = part.value;
          continue;
        }
        if (part.fieldname !== 'selfie') throw missing();
        return { pose, body: await wholeUpload(uploadChunks(part.file, SELFIE_MAX_BYTES, refusals)) };
      }
    } catch (error) {
      throw asUploadRefusal(error, refusals);
    }
    throw missing();
  };
}

/**
 * Selfie verification (docs/verification.md): the member's own state and selfie, and the console's
 * queue, decisions and selfies, which answer 404 to a member (`staffOnly`). No route shows a selfie
 * to anyone but the staff, nor one member's verification to another.
 */
export const verificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get('/verification', { schema: { response: { 200: VerificationStateSchema } } }, async (request) =>
    presentVerificationState(await verificationStateOf(deps.db, memberOf(request).userId)),
  );

  // Multipart only here: every other route keeps the 64 KB JSON body limit.
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, {
      limits: { fileSize: SELFIE_MAX_BYTES, files: 1, fields: 2, fieldSize: 64, parts: 3, headerPairs: 20 },
    });
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/verification',
      {
        config: SUBMIT_LIMIT,
        bodyLimit: SELFIE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
        schema: {
          multipartBody: SelfieFormSchema,
          response: {
            201: VerificationStateSchema,
            ...apiErrors({
              400: 'validation_failed (pose: not the one drawn), selfie_missing, selfie_type_unsupported',
              409: 'verification_pending, already_verified',
              413: 'selfie_too_large',
            }),
          },
        },
      },
      async (request, reply) => {
        const view = await submitSelfie(deps, memberOf(request).userId, selfieUpload(request));
        return reply.code(201).send(presentVerificationState(view));
      },
    );
  });

  app.get(
    '/moderation/verifications',
    {
      onRequest: staffOnly,
      schema: {
        querystring: VerificationQueueQuerySchema,
        response: { 200: VerificationQueueSchema, ...apiErrors({ 404: STAFF_ONLY }) },
      },
    },
    async (request) => {
      const queue = await verificationQueue(deps.db, request.query, memberOf(request).userId);
      return { items: queue.items.map(presentQueueItem), count: queue.count };
    },
  );

  app.post(
    '/moderation/verifications/:id',
    {
      onRequest: staffOnly,
      schema: {
        params: RequestParamsSchema,
        body: VerificationDecisionSchema,
        response: {
          204: noBody('Decided'),
          ...apiErrors({
            403: 'case_about_yourself: the request is the caller’s own',
            404: `not_found: no such request; ${STAFF_ONLY}`,
            409: 'verification_decided',
          }),
        },
      },
    },
    async (request, reply) => {
      if (!UUID.test(request.params.id)) throw notFound();
      await decideVerification(deps, memberOf(request).userId, request.params.id, request.body);
      return reply.code(204).send();
    },
  );

  app.get(
    '/moderation/verifications/:id/selfie',
    {
      onRequest: staffOnly,
      schema: {
        params: RequestParamsSchema,
        response: {
          ...servedFileResponses(['image/*']),
          ...apiErrors({ 404: `not_found: no such pending request; ${STAFF_ONLY}` }),
        },
      },
    },
    async (request, reply) => {
      if (!UUID.test(request.params.id)) throw notFound();
      const served = await openSelfie(deps, request.params.id, {
        range: request.headers.range,
        ifNoneMatch: request.headers['if-none-match'],
      });
      return sendServedFile(reply, served, 'private, no-store');
    },
  );
};
