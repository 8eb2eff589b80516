import { sign } from 'node:crypto';
import { z } from 'zod';
import type { ServiceAccount } from './native-push-config.ts';

/** What FCM HTTP v1 asks of a service account's access token. */
const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** Google accepts an assertion valid for an hour at most. */
const ASSERTION_SECONDS = 3600;
/** A token is replaced this long before it expires: a send never carries one about to lapse. */
const RENEW_BEFORE_MS = 5 * 60 * 1000;

const TokenAnswerSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * The service account's signed assertion (RFC 7523): a JWT naming the account, the scope and the
 * token endpoint, signed RS256 with the account's private key (node:crypto: no Google library).
 */
export function serviceAccountAssertion(account: ServiceAccount, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const header = base64url({
    alg: 'RS256',
    typ: 'JWT',
    ...(account.private_key_id && { kid: account.private_key_id }),
  });
  const claims = base64url({
    iss: account.client_email,
    scope: FCM_SCOPE,
    aud: account.token_uri,
    iat,
    exp: iat + ASSERTION_SECONDS,
  });
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), account.private_key);
  return `${header}.${claims}.${signature.toString('base64url')}`;
}

/**
 * FCM's OAuth2 access tokens for one service account: the assertion exchanged at the account's
 * `token_uri` (grant type jwt-bearer), the token kept until shortly before it expires and shared by
 * every send meanwhile (those that come while it is being fetched wait for the same request). A failed
 * exchange is not kept: the next send tries again. Real time, not the app's clock: Google checks it.
 */
export function fcmAccessTokens(account: ServiceAccount, timeoutMs: number): () => Promise<string> {
  let current: { token: string; renewAt: number } | null = null;
  let pending: Promise<string> | null = null;

  const exchange = async (): Promise<string> => {
    const response = await fetch(account.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: serviceAccountAssertion(account, Date.now()),
      }),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answer = TokenAnswerSchema.safeParse(await response.json().catch(() => null));
    if (!response.ok || !answer.success) {
      throw new Error(`The FCM token endpoint answered ${response.status}`);
    }
    const { access_token: token, expires_in: seconds } = answer.data;
    current = { token, renewAt: Date.now() + seconds * 1000 - RENEW_BEFORE_MS };
    return token;
  };

  return async () => {
    if (current && Date.now() < current.renewAt) return current.token;
    pending ??= exchange().finally(() => {
      pending = null;
    });
    return pending;
  };
}
