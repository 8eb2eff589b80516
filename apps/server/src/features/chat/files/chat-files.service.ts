import { randomBytes } from 'node:crypto';
import type { ChatFileKind } from '@motema/shared/chat';
import type { DbOrTx } from '../../../db/client.ts';
import type { ChatFileRow, PhotoVariant, StreamVariant } from '../../../db/schema.ts';
import type { AppDeps } from '../../../deps.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import { AppError, badRequest, forbidden } from '../../../lib/app-error.ts';
import { openServedFile, type ServedFile } from '../../../lib/served-file.ts';
import { clock } from '../../../lib/clock.ts';
import { paymentRequired, paywallReasonOf } from '../../billing/paywall/paywall.policy.ts';
import { encodePhotoUpload } from '../../media/media-encoding.service.ts';
import { remuxUploadWithoutMetadata, servedVariant } from '../../media/media.service.ts';
import { wholeUpload } from '../../../lib/upload-chunks.ts';
import { conversationAccess, paywallIn } from '../chat-access.repository.ts';
import { conversationNotFound } from '../chat-errors.ts';
import * as repo from './chat-files.repository.ts';
import { sniffStreamType, streamFileName } from './stream-type.ts';

/**
 * Files of messages (QUALITY U1, Z5). The rest of chat (sending, message views, conversations) only
 * calls attachFiles, filesOfMessages and scheduleChatFilesRemoval; uploading and serving are the routes'
 * services here.
 * Files live under `chat/{conversationId}/{uploaderId}/{random}/`: a conversation's or an uploader's
 * files can be removed by prefix once their rows are gone.
 */

export type ChatFilesDeps = Pick<AppDeps, 'db' | 'jobs' | 'storage' | 'env'>;

/** The queue whose jobs remove stored chat files after a commit. */
export const CHAT_FILES_QUEUE = 'chat-files-delete';
export type ChatFilesJob =
  { messageId: string } | { conversationId: string } | { uploaderId: string } | { prefix: string };

/** Uploads never attached to a message are removed after a day (a sweep runs with each upload). */
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
const SWEEP_BATCH = 20;
/** Uploads a member may have waiting for their message at once (a full outbox of photos, and some). */
export const UNATTACHED_UPLOADS_MAX = 30;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** chat/{conversationId}/ , chat/{conversationId}/{uploaderId}/ or a file's folder: the only prefixes removed. */
const REMOVABLE_PREFIX = /^chat\/[0-9a-f-]{36}\/([0-9a-f-]{36}\/([A-Za-z0-9_-]{16,}\/)?)?$/;

const fileNotFound = () => new AppError(404, 'not_found');
const typeUnsupported = () => badRequest('chat_file_type_unsupported');
/** The photo pipeline's refusal of the type as chat's own. */
const asChatFileRefusal = (error: unknown): never => {
  throw error instanceof AppError && error.code === 'photo_type_unsupported' ? typeUnsupported() : error;
};
const unavailable = () => badRequest('chat_file_unavailable');

/**
 * What the route read of the upload: the file's kind and duration, then its chunks as they arrive
 * (cut off past the kind's limit).
 */
export type ChatUpload = { kind: ChatFileKind; durationMs: number | null; file: AsyncIterable<Buffer> };

/**
 * A file uploaded into a conversation by one of its members, not yet attached to a message (its row;
 * presentChatFile shows it). The membership, blocks and the paywall are checked before the upload is read; the
 * type comes from the bytes; nothing is stored with its metadata (photos are re-encoded, other files
 * remuxed before they are stored); files are written under a fresh random folder and removed again if
 * the row cannot be written.
 */
export async function uploadChatFile(
  deps: ChatFilesDeps,
  input: { uploaderId: string; conversationId: string; readUpload: () => Promise<ChatUpload> },
): Promise<ChatFileRow> {
  if (!UUID.test(input.conversationId)) throw conversationNotFound();
  const access = await conversationAccess(deps.db, input.conversationId, input.uploaderId);
  if (!access) throw conversationNotFound();
  if (access.blocked) throw forbidden('chat_blocked');
  const now = clock.now();
  const paywall = await paywallIn(deps.db, input.conversationId, input.uploaderId, now);
  const reason = paywallReasonOf(paywall);
  if (reason)
    throw await paymentRequired(deps.db, {
      reason,
      sender: input.uploaderId,
      recipient: access.otherId,
      at: now,
    });
  const since = new Date(Date.now() - UNATTACHED_UPLOAD_TTL_MS);
  if ((await repo.countUnattachedOf(deps.db, input.uploaderId, since)) >= UNATTACHED_UPLOADS_MAX) {
    throw new AppError(429, 'rate_limited', { headers: { 'retry-after': '60' } });
  }

  const upload = await input.readUpload();
  const folder = `chat/${input.conversationId}/${input.uploaderId}/${randomBytes(16).toString('base64url')}/`;
  try {
    const stored =
      upload.kind === 'photo'
        ? await preparePhoto(deps, upload, folder)
        : await prepareStream(deps, upload, folder);
    await Promise.all(stored.files.map((file) => deps.storage.put(file.key, file.body, file.type)));
    const row = await repo.insertChatFile(deps.db, {
      conversationId: input.conversationId,
      uploaderId: input.uploaderId,
      ...stored.row,
    });
    await sweepStaleUploads(deps).catch(() => undefined);
    return row;
  } catch (error) {
    await deps.storage.deletePrefix(folder).catch(() => scheduleRemoval(deps.jobs, { prefix: folder }));
    throw error;
  }
}

type Prepared = {
  /** Files still to store (a photo's variants are stored by the media worker). */
  files: { key: string; body: Buffer; type: string }[];
  row: Omit<repo.NewChatFile, 'conversationId' | 'uploaderId'>;
};

/** A photo: streamed to storage and encoded by the media worker (never held whole here). */
async function preparePhoto(deps: ChatFilesDeps, upload: ChatUpload, folder: string): Promise<Prepared> {
  const { photo } = await encodePhotoUpload(deps, {
    chunks: upload.file,
    folder,
    scheduleRemoval: (prefix, delaySeconds) => scheduleRemoval(deps.jobs, { prefix }, delaySeconds),
  }).catch(asChatFileRefusal);
  const largestWebp = photo.variants.filter((variant) => variant.type === 'image/webp').at(-1);
  return {
    files: [],
    row: {
      kind: 'photo',
      mimeType: 'image/webp',
      bytes: largestWebp?.bytes ?? 0,
      durationMs: null,
      width: photo.width,
      height: photo.height,
      placeholder: photo.placeholder,
      variants: photo.variants,
    },
  };
}

/**
 * A voice note, an audio file or a video: remuxed without its metadata (GPS position, phone make and
 * model, tags) in this request, before it is stored: a copy of the streams takes a fraction of a
 * second, so the file answered (and attached to a message) is the clean one. The result must still be
 * what the bytes were found to be.
 */
async function prepareStream(deps: ChatFilesDeps, upload: ChatUpload, folder: string): Promise<Prepared> {
  if (upload.kind === 'photo') throw typeUnsupported();
  const uploaded = await wholeUpload(upload.file);
  const mime = await sniffStreamType(uploaded, upload.kind);
  if (!mime) throw typeUnsupported();
  const body = await remuxUploadWithoutMetadata(deps.env, uploaded, mime);
  if ((await sniffStreamType(body, upload.kind)) !== mime) throw typeUnsupported();
  const variant: StreamVariant = { key: `${folder}${streamFileName(mime)}`, type: mime, bytes: body.length };
  return {
    files: [{ key: variant.key, body, type: mime }],
    row: {
      kind: upload.kind,
      mimeType: mime,
      bytes: body.length,
      durationMs: upload.durationMs,
      variants: [variant],
    },
  };
}

function folderOf(key: string): string {
  return key.slice(0, key.lastIndexOf('/') + 1);
}

function foldersOf(rows: readonly ChatFileRow[]): string[] {
  return [...new Set(rows.flatMap((row) => row.variants.map((variant) => folderOf(variant.key))))];
}

/** Uploads left unattached for a day: rows deleted now, files through the job. */
async function sweepStaleUploads(deps: ChatFilesDeps): Promise<void> {
  const olderThan = new Date(Date.now() - UNATTACHED_UPLOAD_TTL_MS);
  const rows = await repo.deleteStaleUploads(deps.db, olderThan, SWEEP_BATCH);
  for (const prefix of foldersOf(rows)) await scheduleRemoval(deps.jobs, { prefix });
}

/**
 * In the send's transaction: attaches the sender's uploaded, not yet attached files of this
 * conversation to the new message, in the given order. Throws `chat_file_unavailable` (400) when any
 * id is unknown, someone else's, from another conversation or already attached.
 */
export async function attachFiles(
  tx: DbOrTx,
  input: { conversationId: string; senderId: string; messageId: string; fileIds: readonly string[] },
): Promise<void> {
  if (input.fileIds.length === 0) return;
  if (new Set(input.fileIds).size !== input.fileIds.length || !input.fileIds.every((id) => UUID.test(id))) {
    throw unavailable();
  }
  const attached = await repo.attachUnattachedFiles(tx, input);
  if (attached.length !== input.fileIds.length) throw unavailable();
}

/**
 * The files of these messages by message id, in attachment order (presentChatFile shows each the same
 * to both members of the conversation).
 */
export async function filesOfMessages(
  db: DbOrTx,
  messageIds: readonly string[],
): Promise<Map<string, ChatFileRow[]>> {
  const files = new Map<string, ChatFileRow[]>();
  for (const { file } of await repo.findFilesOfMessages(db, messageIds)) {
    const list = files.get(file.messageId!) ?? [];
    list.push(file);
    files.set(file.messageId!, list);
  }
  return files;
}

async function scheduleRemoval(jobs: JobQueue, job: ChatFilesJob, delaySeconds = 0): Promise<void> {
  await jobs.send<ChatFilesJob>(CHAT_FILES_QUEUE, job, { delaySeconds });
}

/**
 * After the commit of an unsend (one message) or a conversation's removal: the stored files go
 * through a durable job; their rows go with the message (unsend detaches and deletes them).
 * `uploaderId` is for account deletion (QUALITY Z6): every file the member sent.
 */
export async function scheduleChatFilesRemoval(
  jobs: JobQueue,
  target: { messageId: string } | { conversationId: string } | { uploaderId: string },
): Promise<void> {
  await scheduleRemoval(jobs, target);
}

/**
 * The job: removes stored files, then the rows still there (an unsent message's files). Idempotent:
 * a retry finds fewer rows and removes already removed prefixes again without harm.
 */
export async function removeChatFiles(
  deps: Pick<ChatFilesDeps, 'db' | 'storage'>,
  job: ChatFilesJob,
): Promise<void> {
  const remove = async (prefix: string) => {
    if (!REMOVABLE_PREFIX.test(prefix)) throw new Error(`refusing to remove ${prefix}`);
    await deps.storage.deletePrefix(prefix);
  };
  if ('prefix' in job) return remove(job.prefix);
  if ('conversationId' in job) return remove(`chat/${job.conversationId}/`);
  if ('uploaderId' in job) {
    for (const id of await repo.conversationIdsOfPair(deps.db, job.uploaderId)) {
      await remove(`chat/${id}/${job.uploaderId}/`);
    }
    return;
  }
  const rows = await repo.findFilesOfMessage(deps.db, job.messageId);
  for (const prefix of foldersOf(rows)) await remove(prefix);
  await repo.deleteChatFiles(
    deps.db,
    rows.map((row) => row.id),
  );
}

/**
 * A served file of a message (QUALITY Z5): only to a member of its conversation with no block
 * standing, only to its uploader before it is attached, never once its message was unsent;
 * 404 for everyone else, whatever the reason.
 */
export async function openChatFile(
  deps: Pick<ChatFilesDeps, 'db' | 'storage'>,
  input: {
    viewerId: string | undefined;
    fileId: string;
    fileName: string;
    ifNoneMatch?: string | undefined;
    range?: string | undefined;
  },
): Promise<ServedFile> {
  if (!input.viewerId || !UUID.test(input.fileId)) throw fileNotFound();
  const found = await repo.findChatFileForServing(deps.db, input.fileId);
  if (!found || found.unsentAt) throw fileNotFound();
  const { file } = found;
  if (!file.messageId && file.uploaderId !== input.viewerId) throw fileNotFound();
  const access = await conversationAccess(deps.db, file.conversationId, input.viewerId);
  if (!access || access.blocked) throw fileNotFound();
  const variant =
    file.kind === 'photo'
      ? servedVariant(file.variants as PhotoVariant[], input.fileName)
      : (file.variants as StreamVariant[]).find(
          (candidate) => streamFileName(candidate.type) === input.fileName,
        );
  if (!variant) throw fileNotFound();

  const etag = `"${file.id}-${input.fileName}-${variant.bytes}"`;
  const served = await openServedFile(deps.storage, { ...variant, etag }, input);
  if (!served) throw fileNotFound();
  return served;
}
