import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_FILE_KINDS,
  CHAT_FILE_MAX_BYTES,
  ChatFileUploadSchema,
  VOICE_NOTE_MAX_SECONDS,
  type ChatFileKind,
} from '@motema/shared/chat';
import type { AppDeps } from '../../../deps.ts';
import { apiErrors } from '../../../lib/api-responses.ts';
import { AppError, badRequest, fieldIssue, invalidFields } from '../../../lib/app-error.ts';
import { presentChatFile } from './chat-files.presenter.ts';
import { openChatFile, uploadChatFile, type ChatUpload } from './chat-files.service.ts';
import { memberOf, perMemberRateLimit } from '../../../plugins/request-member.ts';
import { sendServedFile, servedFileResponses } from '../../../plugins/served-file-reply.ts';
import { asUploadRefusal, uploadChunks } from '../../../lib/upload-chunks.ts';

/** Room for the multipart envelope (kind, duration, headers) around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const LARGEST_FILE = Math.max(...Object.values(CHAT_FILE_MAX_BYTES));
/** A declared duration beyond this is refused (a voice note stops at VOICE_NOTE_MAX_SECONDS). */
const DURATION_MAX_MS = 6 * 60 * 60 * 1000;
const VOICE_DURATION_MAX_MS = (VOICE_NOTE_MAX_SECONDS + 5) * 1000;
/** Files never change under their URL: cached long, in the member's browser only. */
const CACHE_CONTROL = 'private, max-age=31536000, immutable';
/** R1: per member, enough for a photo album sent in a burst, not for filling the disk. */
const UPLOAD_LIMIT = perMemberRateLimit('chat-files', 60, '10 minutes');

const ConversationParamsSchema = z.object({ id: z.string().max(64) });
const FileParamsSchema = z.object({ fileId: z.string().max(64), file: z.string().max(32) });

/** What chatUpload reads, in this order (for the OpenAPI document: the route streams it itself). */
const ChatFileFormSchema = z.object({
  kind: z.enum(CHAT_FILE_KINDS),
  durationMs: z
    .string()
    .regex(/^\d{1,8}$/)
    .optional()
    .describe('A voice note or video length, in milliseconds'),
  file: z.file().describe("The file, after `kind`; at most its kind's size"),
});
const UploadResponse = {
  201: ChatFileUploadSchema,
  ...apiErrors({
    400: 'validation_failed (kind, durationMs), chat_file_missing, chat_file_type_unsupported, media_unreadable (not readable as the type its bytes say)',
    402: 'payment_required: behind the paywall (`reason`: UserPopularity or UserPreferences)',
    403: 'chat_blocked: one of the members blocked the other',
    404: 'conversation_not_found',
    413: 'chat_file_too_large',
    503: 'service_unavailable: the photo encoder or the metadata remux did not answer in time (Retry-After)',
  }),
};
const MEDIA_TYPES = ['image/*', 'video/*', 'audio/*'];
const ServedFileSchema = {
  params: FileParamsSchema,
  response: servedFileResponses(MEDIA_TYPES),
};

const tooLarge = () => new AppError(413, 'chat_file_too_large');
const missing = () => badRequest('chat_file_missing');
const refusals = { tooLarge, missing };

function parseKind(value: string): ChatFileKind {
  const kind = CHAT_FILE_KINDS.find((candidate) => candidate === value);
  if (!kind) throw invalidFields(fieldIssue('kind', 'invalid_value'));
  return kind;
}

function parseDuration(value: string): number {
  const duration = Number(value);
  if (!/^\d{1,8}$/.test(value) || duration > DURATION_MAX_MS) {
    throw invalidFields(fieldIssue('durationMs', 'invalid_value'));
  }
  return duration;
}

/**
 * The multipart body: the field `kind` (required, before the file), `durationMs` (optional), then
 * the field `file`, handed to the service as its chunks arrive, up to its kind's limit. Read only
 * when the service asks for it.
 */
function chatUpload(request: FastifyRequest) {
  return async (): Promise<ChatUpload> => {
    if (Number(request.headers['content-length']) > LARGEST_FILE + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
    if (!request.isMultipart()) throw missing();
    let kind: ChatFileKind | undefined;
    let durationMs: number | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          const value = typeof part.value === 'string' ? part.value : '';
          if (part.fieldname === 'kind') kind = parseKind(value);
          if (part.fieldname === 'durationMs' && value !== '') durationMs = parseDuration(value);
          continue;
        }
        if (part.fieldname !== 'file') throw missing();
        if (!kind) throw invalidFields(fieldIssue('kind', 'required'));
        if (kind === 'voice' && durationMs !== null && durationMs > VOICE_DURATION_MAX_MS) {
          throw invalidFields(fieldIssue('durationMs', 'invalid_value'));
        }
        const file = uploadChunks(part.file, CHAT_FILE_MAX_BYTES[kind], refusals);
        return { kind, durationMs: kind === 'photo' ? null : durationMs, file };
      }
    } catch (error) {
      throw asUploadRefusal(error, refusals);
    }
    if (!kind) throw invalidFields(fieldIssue('kind', 'required'));
    throw missing();
  };
}

/** Files of messages: upload into a conversation, and fetching them (members of the conversation only, Z5). */
export const chatFilesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // Multipart only here: every other route keeps the 64 KB JSON body limit.
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, {
      limits: { fileSize: LARGEST_FILE, files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 20 },
    });
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/conversations/:id/files',
      {
        config: UPLOAD_LIMIT,
        bodyLimit: LARGEST_FILE + MULTIPART_OVERHEAD_BYTES,
        schema: {
          params: ConversationParamsSchema,
          multipartBody: ChatFileFormSchema,
          response: UploadResponse,
        },
      },
      async (request, reply) => {
        const file = await uploadChatFile(deps, {
          uploaderId: memberOf(request).userId,
          conversationId: request.params.id,
          readUpload: chatUpload(request),
        });
        return reply.code(201).send({ file: presentChatFile(file) });
      },
    );
  });

  // The service checks membership, attachment and blocks on every request; 404 for anyone else.
  app.get('/chat-files/:fileId/:file', { schema: ServedFileSchema }, async (request, reply) => {
    const served = await openChatFile(deps, {
      viewerId: request.auth?.userId,
      fileId: request.params.fileId,
      fileName: request.params.file,
      ifNoneMatch: request.headers['if-none-match'],
      range: request.headers.range,
    });
    return sendServedFile(reply, served, CACHE_CONTROL);
  });
};
