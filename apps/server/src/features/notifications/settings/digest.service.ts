import type { AppDeps } from '../../../deps.ts';
import { MAIL_QUEUE } from '../../../jobs/register.ts';
import { clock } from '../../../lib/clock.ts';
import type { Mail } from '../../../lib/mailer.ts';
import { newToken } from '../../../lib/tokens.ts';
import { membersWithLivePushToken } from '../push/push-tokens.service.ts';
import * as repo from './digest.repository.ts';
import { renderDigestMail } from './digest-mail.ts';
import { DEFAULT_SETTINGS_COLUMNS } from './notification-settings.service.ts';

/** The queue of the digest's runs: one an hour, whichever node sends it. */
export const DIGEST_QUEUE = 'notifications-email-digest';
const HOUR_MS = 60 * 60 * 1000;
const SLOT_SECONDS = 60 * 60;
/** Each node offers the hour's run this often; the first offer of a slot wins (pg-boss throttling). */
export const DIGEST_OFFER_MS = 5 * 60 * 1000;
/** A message read within this long after it came is never mailed: the member was there. */
export const DIGEST_UNREAD_AFTER_MS = HOUR_MS;
/** At most one digest a member in this long. */
export const DIGEST_EVERY_MS = 24 * HOUR_MS;
/** Members a query takes at a time. */
const BATCH = 200;

/** Where the mail's links point: PUBLIC_URL (required in production), else this server on localhost. */
export function publicOrigin(env: AppDeps['env']): string {
  return env.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://localhost:${env.PORT}`;
}

/** The one-click unsubscribe address of a token (List-Unsubscribe, RFC 8058, and the footer's link). */
export function unsubscribeUrl(env: AppDeps['env'], token: string): string {
  return `${publicOrigin(env)}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * Mails each member owed a digest (findDigestRecipients: unread messages older than an hour, the
 * digest on, none in a day) unless a device of theirs receives push. Each member's digest is claimed
 * first (digestSentAt, in one statement), so two runs at once send it once; the mail then goes
 * through the mail queue, retried there. Returns the members mailed.
 */
export async function sendDigests(deps: Pick<AppDeps, 'db' | 'jobs' | 'env'>): Promise<string[]> {
  const now = clock.now();
  const unreadBefore = new Date(now.getTime() - DIGEST_UNREAD_AFTER_MS);
  const sentBefore = new Date(now.getTime() - DIGEST_EVERY_MS);
  let afterId: string | null = null;
  const sent: string[] = [];
  for (;;) {
    const recipients = await repo.findDigestRecipients(deps.db, {
      unreadBefore,
      sentBefore,
      afterId,
      limit: BATCH,
    });
    const pushed = await membersWithLivePushToken(
      deps,
      recipients.map((recipient) => recipient.userId),
    );
    for (const recipient of recipients) {
      if (pushed.has(recipient.userId)) continue;
      if (await sendDigest(deps, recipient, { now, sentBefore })) sent.push(recipient.userId);
    }
    if (recipients.length < BATCH) return sent;
    afterId = recipients.at(-1)!.userId;
  }
}

async function sendDigest(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'env'>,
  recipient: repo.DigestRecipient,
  claim: { now: Date; sentBefore: Date },
): Promise<boolean> {
  const conversations = await repo.unreadConversationsOf(deps.db, recipient.userId);
  const unread = conversations.reduce((total, conversation) => total + conversation.unread, 0);
  // Read since the recipients' query: nothing to tell.
  if (unread === 0) return false;
  const token = await repo.claimDigest(deps.db, recipient.userId, {
    ...claim,
    token: newToken(),
    defaults: DEFAULT_SETTINGS_COLUMNS,
  });
  if (!token) return false;
  const unsubscribe = unsubscribeUrl(deps.env, token);
  const mail = renderDigestMail(recipient.language, {
    name: recipient.firstName ?? recipient.username,
    unread,
    senders: recipient.discreet ? [] : conversations.map((c) => c.firstName ?? c.username),
    conversationsUrl: `${publicOrigin(deps.env)}/conversations`,
    unsubscribeUrl: unsubscribe,
  });
  await deps.jobs.send<Mail>(MAIL_QUEUE, {
    to: recipient.email,
    ...mail,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
  return true;
}

/** Sends this hour's run, unless a node already did: false then. */
export function sendDigestRun(jobs: AppDeps['jobs']): Promise<boolean> {
  return jobs.sendOnce(DIGEST_QUEUE, {}, SLOT_SECONDS);
}

/** The digest's worker; its module offers a run every DIGEST_OFFER_MS (jobs/periodic.ts). */
export async function workDigest(deps: Pick<AppDeps, 'db' | 'jobs' | 'env'>) {
  deps.jobs.define(DIGEST_QUEUE, {
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: false,
    expireInSeconds: 10 * 60,
  });
  await deps.jobs.work(DIGEST_QUEUE, () => sendDigests(deps).then((mailed) => ({ sent: mailed.length })), {
    batchSize: 1,
  });
}
