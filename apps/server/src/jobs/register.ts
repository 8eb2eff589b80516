import type { AppDeps } from '../deps.ts';
import type { Mail, Sms } from '../lib/mailer.ts';

export const MAIL_QUEUE = 'mail';
export const SMS_QUEUE = 'sms';

/**
 * Workers of the app's own queues: services enqueue rendered mails and texts; a failed send is
 * retried with backoff. The features' queues are worked by their modules (modules/plug-in.ts).
 */
export async function registerJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.work<Mail>(MAIL_QUEUE, (mail) => deps.mailer.send(mail));
  await deps.jobs.work<Sms>(SMS_QUEUE, (sms) => deps.sms.send(sms));
}
