import type { PushPayload } from '@motema/shared/notifications';
import { fcmAccessTokens } from './fcm-access-token.ts';
import type { FcmConfig } from './native-push-config.ts';
import { PUSH_SEND_TIMEOUT_MS, type NativeSender, type PushOptions } from './push-delivery.ts';

/** FCM's answer to a dead registration token (the app was uninstalled, or the token renewed). */
const DEAD_TOKEN_CODES = new Set(['UNREGISTERED', 'INVALID_ARGUMENT']);

const errorCodeOf = (body: unknown): string | undefined => {
  const error = (body as { error?: { status?: string; details?: { errorCode?: string }[] } } | null)?.error;
  return error?.details?.find((detail) => detail.errorCode)?.errorCode ?? error?.status;
};

/**
 * The v1 message for an Android device: the visible notification (the worker's title and body: the
 * neutral ones in discreet mode), and `data` with what the app needs when it is tapped (`url`, the
 * path it opens) and to group (`tag`), all strings as FCM wants. Nothing else: no name, no text, no
 * picture beyond what the title and body already say. `collapse_key` replaces a push still waiting
 * at FCM (web push's Topic); `tag` replaces the one on the screen.
 */
export function fcmMessage(token: string, payload: PushPayload, options: PushOptions) {
  return {
    token,
    notification: { title: payload.title, body: payload.body },
    data: {
      kind: payload.kind,
      url: payload.url,
      tag: payload.tag,
      count: String(payload.count),
      at: String(payload.at),
    },
    android: {
      priority: options.urgency === 'high' ? 'HIGH' : 'NORMAL',
      ttl: `${options.ttlSeconds}s`,
      ...(options.topic && { collapse_key: options.topic }),
      notification: { tag: payload.tag, notification_count: payload.count },
    },
  };
}

/**
 * Android pushes through FCM HTTP v1 (the legacy API is gone): `POST <api>/v1/projects/<project>/
 * messages:send` with a service account's short-lived access token. 404 UNREGISTERED, or 400
 * INVALID_ARGUMENT for a token FCM cannot read, means the token is dead; 401 drops the kept access
 * token (revoked early) so the next send fetches another.
 */
export function createFcmSender(config: FcmConfig): NativeSender {
  const url = `${config.apiUrl}/v1/projects/${encodeURIComponent(config.serviceAccount.project_id)}/messages:send`;
  let accessToken = fcmAccessTokens(config.serviceAccount, PUSH_SEND_TIMEOUT_MS);
  return {
    async send(token, payload, options) {
      const timeoutMs = options.timeoutMs ?? PUSH_SEND_TIMEOUT_MS;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${await accessToken()}`,
            'content-type': 'application/json; charset=UTF-8',
          },
          body: JSON.stringify({ message: fcmMessage(token, payload, options) }),
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (response.ok) {
          await response.body?.cancel();
          return 'sent';
        }
        const code = errorCodeOf(await response.json().catch(() => null));
        if (response.status === 401)
          accessToken = fcmAccessTokens(config.serviceAccount, PUSH_SEND_TIMEOUT_MS);
        const dead = (response.status === 404 || response.status === 400) && DEAD_TOKEN_CODES.has(code ?? '');
        return dead ? 'gone' : 'failed';
      } catch {
        return 'failed';
      }
    },
    close: async () => undefined,
  };
}
