import { randomBytes, randomInt } from 'node:crypto';
import { PHOTOS_PER_MEMBER_MAX } from '@motema/shared/media';
import {
  VERIFICATION_POSES,
  type VerificationDecision,
  type VerificationPose,
  type VerificationQueueQuery,
} from '@motema/shared/verification';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { PhotoRow } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, badRequest, conflict, fieldIssue, forbidden, invalidFields } from '../../lib/app-error.ts';
import { clock } from '../../lib/clock.ts';
import { openServedFile, type ServedFile } from '../../lib/served-file.ts';
import { inspectUploadedPhoto, newestPhotosOf } from '../media/media.service.ts';
import { getMe, markVerified } from '../users/users.service.ts';
import * as repo from './verification.repository.ts';
import type { PendingRow, VerificationRequestRow } from './verification.repository.ts';

export type VerificationDeps = Pick<AppDeps, 'db' | 'storage'>;

/** What the member's multipart body held: the pose they copied and the selfie's bytes. */
export type SelfieUpload = { pose: string; body: Buffer };

/** The member's state as GET /api/verification shows it (presentVerificationState). */
export type VerificationStateView = {
  state: 'none' | 'required' | 'pending' | 'verified' | 'refused';
  open: VerificationRequestRow | undefined;
  lastDecided: VerificationRequestRow | undefined;
};

const notFound = () => new AppError(404, 'not_found');
const SELFIE_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const drawPose = (): VerificationPose =>
  VERIFICATION_POSES[randomInt(VERIFICATION_POSES.length)] ?? 'thumbs_up';

/**
 * The member's verification. When they may send a selfie (not verified, nothing pending), a pose is
 * drawn at random and bound to a started request, the same on every later read until the selfie
 * comes: reading twice never draws again, so a member cannot reload for an easier pose.
 */
export async function verificationStateOf(db: Db, userId: string): Promise<VerificationStateView> {
  const me = await getMe(db, userId);
  let open = await repo.findOpen(db, userId);
  const lastDecided = await repo.findLastDecided(db, userId);
  if (open?.state === 'pending') return { state: 'pending', open, lastDecided };
  if (me.verifiedAt) return { state: 'verified', open: undefined, lastDecided };
  open ??= await repo.insertStarted(db, userId, drawPose(), clock.now());
  if (lastDecided?.state === 'refused') return { state: 'refused', open, lastDecided };
  return { state: me.verificationRequired ? 'required' : 'none', open, lastDecided };
}

/** The selfie's type from its bytes (never its name or declared type): JPEG, PNG or WebP. */
async function selfieType(body: Buffer): Promise<string> {
  try {
    const { mime } = await inspectUploadedPhoto(body);
    if (SELFIE_EXTENSIONS[mime]) return mime;
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode !== 400) throw error;
  }
  throw badRequest('selfie_type_unsupported');
}

/**
 * The member sends the selfie copying the pose of their started request: stored privately (under
 * their photo folder, which their account's deletion removes; no route serves it to a member), and
 * the request waits for a moderator. Refused with nothing stored: 409 when verified or pending, 400
 * when the pose is not the one drawn or the bytes are not a photo.
 */
export async function submitSelfie(
  deps: VerificationDeps,
  userId: string,
  readUpload: () => Promise<SelfieUpload>,
): Promise<VerificationStateView> {
  // Read without drawing: a pose drawn here could not have been copied, only guessed.
  const started = await repo.findOpen(deps.db, userId);
  if (started?.state === 'pending') throw conflict('verification_pending');
  if ((await getMe(deps.db, userId)).verifiedAt) throw conflict('already_verified');
  const { pose, body } = await readUpload();
  if (!started || started.pose !== pose) throw invalidFields(fieldIssue('pose', 'invalid_value'));
  const mime = await selfieType(body);
  const key = `photos/${userId}/selfie-${randomBytes(16).toString('base64url')}.${SELFIE_EXTENSIONS[mime]}`;
  await deps.storage.put(key, body, mime);
  if (!(await repo.markPending(deps.db, started.id, key, clock.now()))) {
    await deps.storage.deletePrefix(key);
    throw conflict('verification_pending');
  }
  return verificationStateOf(deps.db, userId);
}

/**
 * A verified member changed their main photo (users cleared the badge): a moderator confirms the new
 * photo against the profile photos the selfie was compared with, without a new selfie.
 */
export async function queuePhotoChange(db: DbOrTx, userId: string): Promise<void> {
  await repo.insertPhotoChange(db, userId, clock.now());
}

/** A queue item with the member's profile photos, main photo first. */
export type QueueItem = PendingRow & { photos: PhotoRow[] };

/**
 * The console's queue: pending requests, oldest first, each with all the member's photos (one query);
 * not the staff member's own, which another moderator decides.
 */
export async function verificationQueue(
  db: Db,
  page: VerificationQueueQuery,
  staffId: string,
): Promise<{ items: QueueItem[]; count: number }> {
  const rows = await repo.listPending(db, page, staffId);
  const photosOf = await newestPhotosOf(
    db,
    rows.map((row) => row.userId),
    PHOTOS_PER_MEMBER_MAX,
  );
  const items = rows.map((row) => {
    const photos = photosOf.get(row.userId) ?? [];
    const main = photos.filter((photo) => photo.id === row.avatarPhotoId);
    return { ...row, photos: [...main, ...photos.filter((photo) => photo.id !== row.avatarPhotoId)] };
  });
  return { items, count: await repo.countPending(db, staffId) };
}

/**
 * A moderator's decision on a pending request: approval gives the badge (and lifts a required
 * verification) through the users feature; a refusal keeps the member unverified with its reason.
 * Either way the selfie's key goes in the same transaction and its file right after the commit.
 * Staff may not decide their own (403 `case_about_yourself`).
 */
export async function decideVerification(
  deps: VerificationDeps,
  staffId: string,
  requestId: string,
  decision: VerificationDecision,
): Promise<void> {
  const selfieKey = await deps.db.transaction(async (tx) => {
    const row = await repo.lockPending(tx, requestId);
    if (!row) {
      if (await repo.findById(tx, requestId)) throw conflict('verification_decided');
      throw notFound();
    }
    if (row.userId === staffId) throw forbidden('case_about_yourself');
    const at = clock.now();
    const approved = decision.decision === 'approve';
    await repo.decide(tx, row.id, {
      state: approved ? 'approved' : 'refused',
      reason: decision.decision === 'refuse' ? decision.reason : null,
      decidedBy: staffId,
      at,
    });
    if (approved) await markVerified(tx, row.userId, at);
    return row.selfieKey;
  });
  if (selfieKey) await deps.storage.deletePrefix(selfieKey);
}

/** A pending request's selfie, for the console only; 404 once decided (the file is gone). */
export async function openSelfie(
  deps: VerificationDeps,
  requestId: string,
  request: { range?: string | undefined; ifNoneMatch?: string | undefined },
): Promise<ServedFile> {
  const row = await repo.findById(deps.db, requestId);
  if (!row?.selfieKey || row.state !== 'pending') throw notFound();
  const stored = await deps.storage.get(row.selfieKey);
  if (!stored) throw notFound();
  stored.body.destroy();
  const type = stored.contentType;
  const served = await openServedFile(
    deps.storage,
    { key: row.selfieKey, type, bytes: stored.size, etag: `"${row.id}"` },
    request,
  );
  if (!served) throw notFound();
  return served;
}
