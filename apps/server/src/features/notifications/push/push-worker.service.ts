import type { PushPayload } from '@motema/shared/notifications';
import type { AppDeps } from '../../../deps.ts';
import { clock } from '../../../lib/clock.ts';
import { getMe } from '../../users/users.service.ts';
import { contributionOf } from '../list/notification-sources.ts';
import { PUSH_QUEUE, type PushJob } from '../push-jobs.ts';
import { notificationSettingsOf } from '../settings/notification-settings.service.ts';
import * as deliveries from './push-deliveries.repository.ts';
import { pushAllowed } from './push-limit.ts';
import { definePushQueue, sendPushJob } from './push-queue.ts';
import type { PushResult } from './push-delivery.ts';
import { pushToMember } from './push-sender.service.ts';
import { whatToTell } from './push-subjects.service.ts';
import { pushTexts } from './push-texts.ts';
import { quietHoursEnd } from './quiet-hours.ts';

export type PushWorkerDeps = Pick<AppDeps, 'db' | 'env' | 'jobs'>;

/** What became of a push job (the job's output: what a test or an operator reads). */
export type PushOutcome =
  | { outcome: 'off' | 'stale' | 'limited' }
  | { outcome: 'held'; until: string }
  | ({ outcome: 'sent' } & PushResult);

const HOUR_MS = 60 * 60 * 1000;
/** push_deliveries keeps a day: more than the hourly limit looks at. */
const DELIVERIES_KEPT_MS = 24 * HOUR_MS;
/** How long a push service keeps a push for a device that is off: news older than that is stale. */
const TTL_SECONDS = { message: 24 * 60 * 60, other: 3 * 24 * 60 * 60 } as const;

/**
 * One push job: whether the member wants this kind, whether it is still worth telling (read once
 * it runs), quiet hours (held until they end: the job waits, and what comes meanwhile joins it), the
 * hourly limit (over it, nothing: the list and the badges still tell), then the texts in the member's
 * language and the push to each of their live devices. A delivery is recorded only if some device
 * took it.
 */
export async function handlePushJob(deps: PushWorkerDeps, job: PushJob): Promise<PushOutcome> {
  const { db } = deps;
  const settings = await notificationSettingsOf(db, job.userId);
  if (!settings.push.includes(job.kind)) return { outcome: 'off' };
  const now = clock.now();
  const told = await whatToTell(db, job, now);
  const member = told && (await getMe(db, job.userId).catch(() => null));
  if (!told || !member || member.status !== 'active') return { outcome: 'stale' };

  const quietEnd = quietHoursEnd(now, settings);
  if (quietEnd) {
    const delaySeconds = Math.max(1, Math.ceil((quietEnd.getTime() - now.getTime()) / 1000));
    await sendPushJob(deps.jobs, job, delaySeconds);
    return { outcome: 'held', until: quietEnd.toISOString() };
  }

  const deliveryId = await db.transaction(async (tx) => {
    await deliveries.lockMemberPushes(tx, job.userId);
    await deliveries.deleteMemberDeliveriesBefore(
      tx,
      job.userId,
      new Date(now.getTime() - DELIVERIES_KEPT_MS),
    );
    const tags = await deliveries.tagsSentSince(tx, job.userId, new Date(now.getTime() - HOUR_MS));
    if (!pushAllowed(tags, told.tag)) return null;
    return deliveries.insertDelivery(tx, {
      userId: job.userId,
      kind: job.kind,
      tag: told.tag,
      count: told.count,
      sentAt: now,
    });
  });
  if (!deliveryId) return { outcome: 'limited' };

  const payload: PushPayload = {
    kind: job.kind,
    ...pushTexts(member.language, told.subject, settings.discreet),
    tag: told.tag,
    url: told.url,
    count: told.count,
    at: told.at.getTime(),
  };
  const result = await pushToMember(deps, job.userId, payload, {
    ...(told.topic && { topic: told.topic }),
    urgency: job.kind === 'message' || contributionOf(job.kind).urgent ? 'high' : 'normal',
    ttlSeconds: job.kind === 'message' ? TTL_SECONDS.message : TTL_SECONDS.other,
  });
  // No device took it (none left, or their push services failed): it used none of the hour's pushes.
  if (result.sent === 0) await deliveries.deleteDelivery(db, deliveryId);
  return { outcome: 'sent', ...result };
}

/** The push queue's worker (jobs/register.ts). */
export async function workPushes(deps: PushWorkerDeps): Promise<void> {
  definePushQueue(deps.jobs);
  await deps.jobs.work<PushJob>(PUSH_QUEUE, (job) => handlePushJob(deps, job));
}
