/**
 * B7's "chat p99 unaffected while uploads run" (chat.bench.ts --uploads N): N members at a time
 * keep uploading a 12-megapixel phone JPEG with GPS metadata to their conversation
 * (POST /api/conversations/{id}/files, kind photo: the photo pipeline) while the chat load runs.
 * B9's "chat p99 while two videos encode" (chat.bench.ts --videos N): N members at a time keep
 * uploading a 30 s 1080p phone clip for a post (POST /api/media/uploads, 202 `processing`) and
 * following it (GET /api/media/uploads/{id}) until the media worker has transcoded it.
 */
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { multipartBody, phoneJpeg } from '../apps/server/src/test/media-factories.ts';
import type { BenchMember, Tracker } from './chat-load.ts';
import { startUploadThread, type UploadBody } from './chat-upload-thread.ts';
import type { Target } from './chat-phases.ts';
import { encodeWindows, type PhaseOptions } from './chat-windows.ts';
import { phoneVideoClip } from './video-clip.ts';

/** Uploads a member makes before the next one takes over (the route allows 60 per 10 minutes). */
const UPLOADS_PER_MEMBER = 20;

function uploadBody(...args: Parameters<typeof multipartBody>): UploadBody {
  const { headers, payload } = multipartBody(...args);
  return { headers, payload: new Uint8Array(payload) };
}

export async function preparePhoto(): Promise<UploadBody> {
  return uploadBody({ bytes: await phoneJpeg(4000, 3000, 6), filename: 'photo.jpg' }, { kind: 'photo' });
}

/** Starts `concurrency` photo upload loops on their thread (chat-upload-thread.ts). */
export function startUploads(url: string, members: BenchMember[], body: UploadBody, concurrency: number) {
  return startUploadThread({
    url,
    kind: 'photo',
    members,
    body,
    concurrency,
    perMember: UPLOADS_PER_MEMBER,
    pollMs: 0,
  });
}

/** B9's clip (video-clip.ts): 30 s of 1080p at ~15 Mbit/s, ~57 MB. */
export async function prepareVideo(): Promise<UploadBody> {
  const bytes = await readFile(await phoneVideoClip(30));
  return uploadBody(
    { bytes, filename: 'VID_20240501_101112.MOV', contentType: 'video/quicktime' },
    { use: 'post' },
  );
}

/** How often a member's composer looks at its processing upload. */
const VIDEO_POLL_MS = 250;

/**
 * Starts `concurrency` loops on their thread (chat-upload-thread.ts), each uploading the clip (a member
 * after another) and following it until it is `ready` or `failed`, then the next: `concurrency` videos
 * always uploaded and not yet encoded (the worker transcodes one at a time: one encodes, the others
 * wait for it). `accepted` resolves once every loop's first upload was answered; `stop()` ends the
 * loops (encodes under way go on).
 */
export function startVideoUploads(
  url: string,
  members: BenchMember[],
  body: UploadBody,
  concurrency: number,
) {
  return startUploadThread({
    url,
    kind: 'video',
    members,
    body,
    concurrency,
    perMember: 1,
    pollMs: VIDEO_POLL_MS,
  });
}

/**
 * B7's phase: `options.uploads` members at a time uploading the photo, then the fixed load in
 * windows taking turns with the worker running and paused (encodeWindows).
 */
export async function photoPhase(
  app: Target,
  photo: UploadBody,
  tracker: Tracker,
  members: BenchMember[],
  options: PhaseOptions,
) {
  const running = startUploads(`http://127.0.0.1:${app.port}`, members, photo, options.uploads);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const windows = await encodeWindows(app, tracker, options, () => running.run.sent);
  return { ...windows, uploads: await running.stop() };
}

/**
 * B9's phase: `options.videos` phone clips uploaded (their bytes flushed to disk: the subject is the
 * encodes), then the fixed load in windows taking turns with the worker and its ffmpeg running and
 * paused (encodeWindows).
 */
export async function videoPhase(
  app: Target,
  video: UploadBody,
  tracker: Tracker,
  members: BenchMember[],
  options: PhaseOptions,
) {
  const running = startVideoUploads(`http://127.0.0.1:${app.port}`, members, video, options.videos);
  await running.accepted;
  spawnSync('sync');
  // The first clip probed and its encode under way.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const windows = await encodeWindows(app, tracker, options, () => running.run.sent);
  return { ...windows, uploads: await running.stop() };
}
