import webpush from 'web-push';
import { PushPayloadSchema, type PushPayload } from '@motema/shared/notifications';
import type { Db } from '../../../db/client.ts';
import type { Env } from '../../../env.ts';
import { isAllowedPushEndpoint, pushServiceOrigins } from './push-endpoints.ts';
import * as tokens from './push-tokens.repository.ts';
import { vapidDetailsOf } from './vapid-keys.service.ts';

export type PushSenderDeps = {
  db: Db;
  env: Pick<Env, 'PUSH_SERVICE_ORIGINS' | 'VAPID_SUBJECT' | 'PUBLIC_URL'>;
};

export type PushOptions = {
  /** RFC 8030 section 5.4: a push still waiting at the push service with this topic is replaced. */
  topic?: string;
  /** RFC 8030 section 5.3: how soon the device should wake for it. */
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** RFC 8030 section 5.2: how long the push service keeps it for a device that is off. */
  ttlSeconds: number;
  /** How long a push service may take to answer; default PUSH_SEND_TIMEOUT_MS. */
  timeoutMs?: number;
};

/** How the sends went: delivered to the push service, its device gone (token deleted), or failed. */
export type PushResult = { sent: number; gone: number; failed: number };

/** A push service that has not answered by then is counted failed; the others are not held up. */
export const PUSH_SEND_TIMEOUT_MS = 10_000;

/**
 * Sends a push to every device of the member that can get one: their web subscriptions whose session
 * is live (a token stops with its session; those of a revoked or expired session are deleted here,
 * never sent to). Each is encrypted for its device (aes128gcm, RFC 8291) and signed with the server's
 * VAPID keys, all posted at once. A 404 or 410 means the subscription is gone: its token is deleted.
 * Android and iOS tokens are kept but not sent to: no native app exists yet.
 */
export async function pushToMember(
  deps: PushSenderDeps,
  userId: string,
  payload: PushPayload,
  options: PushOptions,
): Promise<PushResult> {
  const body = JSON.stringify(PushPayloadSchema.parse(payload));
  await tokens.deleteDeadWebTokens(deps.db, userId);
  const targets = await tokens.liveWebTokensOf(deps.db, userId);
  const result: PushResult = { sent: 0, gone: 0, failed: 0 };
  if (targets.length === 0) return result;
  const vapidDetails = await vapidDetailsOf(deps);
  const origins = pushServiceOrigins(deps.env);

  await Promise.all(
    targets.map(async (target) => {
      const outcome = await sendOne(target, body, { ...options, vapidDetails, origins });
      result[outcome] += 1;
      if (outcome === 'gone') {
        await tokens.deletePushToken(deps.db, userId, { platform: 'web', token: target.endpoint });
      }
    }),
  );
  return result;
}

async function sendOne(
  target: tokens.WebPushTarget,
  body: string,
  options: PushOptions & {
    vapidDetails: webpush.VapidKeys & { subject: string };
    origins: readonly string[];
  },
): Promise<keyof PushResult> {
  // Checked again at send time: the allow list may have shrunk since the token was registered.
  if (!isAllowedPushEndpoint(target.endpoint, options.origins)) return 'failed';
  // web-push writes the request (encryption, VAPID, headers); fetch posts it: web-push's own
  // sender speaks only HTTPS, and the local push service listens on plain HTTP on loopback.
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    body,
    {
      vapidDetails: options.vapidDetails,
      TTL: options.ttlSeconds,
      urgency: options.urgency,
      ...(options.topic ? { topic: options.topic } : {}),
    },
  );
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      ),
      body: request.body ?? undefined,
      // A push service answers; it never redirects. Following one would post elsewhere than allowed.
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? PUSH_SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) return 'gone';
    return response.status >= 200 && response.status < 300 ? 'sent' : 'failed';
  } catch {
    return 'failed';
  }
}

/** A Topic (RFC 8030: at most 32 URL-safe characters) from an id: a uuid without its dashes. */
export function pushTopic(id: string): string {
  const topic = id.replaceAll('-', '');
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(topic)) throw new Error(`${id} makes no push topic`);
  return topic;
}
