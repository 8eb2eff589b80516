import type { AppDeps } from '../deps.ts';
import type { Mail, Sms } from '../lib/mailer.ts';
import { MEDIA_FILES_QUEUE, removeMediaFiles, type MediaFilesJob } from '../features/media/media.service.ts';
import {
  MEDIA_ITEM_FILES_QUEUE,
  removeMediaItemFiles,
  type MediaItemFilesJob,
} from '../features/media/media-items.service.ts';
import {
  CHAT_FILES_QUEUE,
  removeChatFiles,
  type ChatFilesJob,
} from '../features/chat/files/chat-files.service.ts';
import { MEDIA_PROCESSED_QUEUE, type MediaProcessedJob } from '../features/media/transcode-jobs.ts';
import { handleMediaProcessed } from '../features/posts/media-processed.service.ts';
import { workPushes } from '../features/notifications/push/push-worker.service.ts';
import {
  CODE_REQUESTS_QUEUE,
  handleCodeRequest,
  type CodeRequest,
} from '../features/auth/code-requests.service.ts';

export const MAIL_QUEUE = 'mail';
export const SMS_QUEUE = 'sms';

/** Workers of the app's queues. Services enqueue rendered mails; a failed send is retried with backoff. */
export async function registerJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.work<Mail>(MAIL_QUEUE, (mail) => deps.mailer.send(mail));
  await deps.jobs.work<Sms>(SMS_QUEUE, (sms) => deps.sms.send(sms));
  await deps.jobs.work<MediaFilesJob>(MEDIA_FILES_QUEUE, (job) => removeMediaFiles(deps.storage, job));
  await deps.jobs.work<MediaItemFilesJob>(MEDIA_ITEM_FILES_QUEUE, (job) => removeMediaItemFiles(deps, job));
  await deps.jobs.work<ChatFilesJob>(CHAT_FILES_QUEUE, (job) => removeChatFiles(deps, job));
  await deps.jobs.work<CodeRequest>(CODE_REQUESTS_QUEUE, (job) => handleCodeRequest(deps, job));
  // A video or audio encoded (or refused) by the media worker: the post or story carrying it follows.
  await deps.jobs.work<MediaProcessedJob>(MEDIA_PROCESSED_QUEUE, (job) => handleMediaProcessed(deps, job));
  // Pushes: the member's choices, quiet hours and the hourly limit, then each of their devices.
  await workPushes(deps);
}
