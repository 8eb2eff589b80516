import type { ModerationAction, ModerationRule } from '@motema/shared/moderation';
import type { Tx } from '../../db/client.ts';
import type { ModerationEventRow, UserRow } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { MAIL_QUEUE } from '../../jobs/register.ts';
import { renderMailHtml, renderMailText, type MailBlock } from '../../lib/mail-layout.ts';
import type { Mail } from '../../lib/mailer.ts';
import { memberMailFrame } from '../auth/mail-frame.service.ts';
import { isNotifiedAction, NOTICE_TEXTS } from './moderation-mail-texts.ts';

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * The member's mail about a notified action, in their language: what was done, the rule, the
 * moderator's message, until when, and the appeal link; queued in the action's transaction.
 */
export async function queueNoticeMail(
  jobs: JobQueue,
  tx: Tx,
  member: UserRow,
  event: ModerationEventRow,
  appealLink: string,
  deadline: Date,
): Promise<void> {
  const action = event.action as ModerationAction;
  if (!isNotifiedAction(action)) return;
  const language = member.language;
  const t = NOTICE_TEXTS[language];
  const date = (at: Date) => at.toLocaleDateString(language, { dateStyle: 'long', timeZone: 'UTC' });
  const paragraph = (text: string): MailBlock => ({ kind: 'paragraph', text });
  const blocks: MailBlock[] = [
    paragraph(t.actions[action]),
    paragraph(fill(t.ruleLead, { rule: t.rules[event.rule as ModerationRule] })),
    ...(event.message ? [paragraph(fill(t.messageLead, { message: event.message }))] : []),
    ...(event.until ? [paragraph(fill(t.until, { until: date(event.until) }))] : []),
    paragraph(fill(t.appealLead, { deadline: date(deadline) })),
    { kind: 'button', label: t.appealButton, url: appealLink },
  ];
  const content = { ...memberMailFrame(member), subject: t.subject, blocks };
  await jobs.sendIn<Mail>(tx, MAIL_QUEUE, {
    to: member.email,
    subject: t.subject,
    text: renderMailText(content),
    html: renderMailHtml(content),
  });
}
