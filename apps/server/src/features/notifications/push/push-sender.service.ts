import webpush from 'web-push';
import { PushPayloadSchema, type PushPayload } from '@motema/shared/notifications';
import type { Db } from '../../../db/client.ts';
import type { Env } from '../../../env.ts';
import type { NativePushEnv } from './native-push-config.ts';
import { nativeSendersOf, pushPlatforms } from './native-senders.ts';
import { PUSH_SEND_TIMEOUT_MS, type PushOptions, type PushResult } from './push-delivery.ts';
import { isAllowedPushEndpoint, pushServiceOrigins } from './push-endpoints.ts';
import * as tokens from './push-tokens.repository.ts';
import { vapidDetailsOf } from './vapid-keys.service.ts';

export type PushSenderDeps = {
  db: Db;
  env: Pick<Env, 'PUSH_SERVICE_ORIGINS' | 'VAPID_SUBJECT' | 'PUBLIC_URL'> & NativePushEnv;
};

/**
 * Sends a push to every device of the member that can get one: their tokens whose session is live
 * (a token stops with its session; those of a revoked or expired session are deleted here, never
 * sent to), all at once. A web subscription's is encrypted for its device (aes128gcm, RFC 8291) and
 * signed with the server's VAPID keys; an Android or iOS token's goes through its platform's adapter
 * (FCM HTTP v1, APNs: native-senders.ts), once configured; unconfigured, those tokens are kept and
 * not sent to. Every device gets the same texts, chosen by the worker. A push service that says the
 * device is gone (404 or 410 for web, a dead token for FCM and APNs) has its token deleted.
 */
export async function pushToMember(
  deps: PushSenderDeps,
  userId: string,
  payload: PushPayload,
  options: PushOptions,
): Promise<PushResult> {
  const checked = PushPayloadSchema.parse(payload);
  const body = JSON.stringify(checked);
  await tokens.deleteDeadTokens(deps.db, userId);
  const senders = nativeSendersOf(deps.env);
  const [webTargets, nativeTargets] = await Promise.all([
    tokens.liveWebTokensOf(deps.db, userId),
    tokens.liveNativeTokensOf(deps.db, userId, pushPlatforms(deps.env)),
  ]);
  const result: PushResult = { sent: 0, gone: 0, failed: 0 };
  if (webTargets.length + nativeTargets.length === 0) return result;
  const tally = async (ref: tokens.PushTokenRef, outcome: keyof PushResult) => {
    result[outcome] += 1;
    if (outcome === 'gone') await tokens.deletePushToken(deps.db, userId, ref);
  };

  const web = async () => {
    if (webTargets.length === 0) return;
    const vapidDetails = await vapidDetailsOf(deps);
    const origins = pushServiceOrigins(deps.env);
    await Promise.all(
      webTargets.map(async (target) =>
        tally(
          { platform: 'web', token: target.endpoint },
          await sendOne(target, body, { ...options, vapidDetails, origins }),
        ),
      ),
    );
  };
  const native = nativeTargets.map(async (ref) => {
    const sender = ref.platform === 'web' ? undefined : senders[ref.platform];
    if (sender) await tally(ref, await sender.send(ref.token, checked, options));
  });
  await Promise.all([web(), ...native]);
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
