import type { DbOrTx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { getMe } from '../users/users.service.ts';
import { greetingName, queueMail } from './account-mails.ts';
import type { MailKind, MailParams } from './mails.ts';

/**
 * Auth's checks and notices for other features' sensitive changes (the partnership's withdrawal
 * number): the password asked again (S5, the same check as a change of credentials) and a mail to
 * the member in their language, as auth's own security mails.
 */
export { requirePassword } from './require-password.ts';

export async function mailMember<K extends Exclude<MailKind, 'confirm_email'>>(
  deps: { db: DbOrTx; jobs: JobQueue },
  userId: string,
  kind: K,
  params: Omit<MailParams[K], 'name'>,
): Promise<void> {
  const user = await getMe(deps.db, userId);
  await queueMail(deps.jobs, user.email, kind, user.language, {
    ...params,
    name: greetingName(user),
  } as MailParams[K]);
}
