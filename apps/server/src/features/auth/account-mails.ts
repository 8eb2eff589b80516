import type { InterfaceLanguage } from '@motema/shared/languages';
import type { DbOrTx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { MAIL_QUEUE, SMS_QUEUE } from '../../jobs/register.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Mail, Sms } from '../../lib/mailer.ts';
import { issueCode } from './codes.service.ts';
import { renderMail, renderSms, type MailKind, type MailParams, type SmsKind } from './mails.ts';

/** Queues an account mail; the mail worker sends it (and retries). */
export async function queueMail<K extends MailKind>(
  jobs: JobQueue,
  to: string,
  kind: K,
  language: InterfaceLanguage,
  params: MailParams[K],
): Promise<void> {
  const mail = renderMail(kind, language, params);
  await jobs.send<Mail>(MAIL_QUEUE, { to, subject: mail.subject, text: mail.text, html: mail.html });
}

export async function queueSms(
  jobs: JobQueue,
  to: string,
  kind: SmsKind,
  language: InterfaceLanguage,
  code: string,
): Promise<void> {
  await jobs.send<Sms>(SMS_QUEUE, { to, text: renderSms(kind, language, { code }) });
}

/** The name a mail greets the member with. */
export const greetingName = (user: UserRow) => user.firstName || user.username;

/** Runs a code-sending step, treating "asked again too soon" as done: the earlier code still works. */
export async function unlessTooSoon(send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'code_resend_too_soon')) throw error;
  }
}

export function confirmLink(origin: string, linkToken: string, email: string): string {
  const query = new URLSearchParams({ token: linkToken, email });
  return `${origin}/otp?${query.toString()}`;
}

/** Issues a confirmation code with a link token and mails both (throws code_resend_too_soon). */
export async function sendConfirmation(
  db: DbOrTx,
  jobs: JobQueue,
  user: UserRow,
  origin: string,
): Promise<void> {
  const { code, linkToken } = await issueCode(db, {
    userId: user.id,
    purpose: 'confirm_email',
    target: user.email,
    withLink: true,
  });
  await queueMail(jobs, user.email, 'confirm_email', user.language, {
    name: greetingName(user),
    code,
    link: confirmLink(origin, linkToken!, user.email),
  });
}

/** Issues a password reset code and sends it to the address or number it was asked for. */
export async function sendResetCode(
  db: DbOrTx,
  jobs: JobQueue,
  user: UserRow,
  channel: 'email' | 'phone',
): Promise<void> {
  const target = channel === 'phone' ? user.phone : user.email;
  if (!target) return;
  const { code } = await issueCode(db, { userId: user.id, purpose: 'reset_password', target });
  if (channel === 'phone') await queueSms(jobs, target, 'reset_password', user.language, code);
  else await queueMail(jobs, target, 'reset_password', user.language, { name: greetingName(user), code });
}
