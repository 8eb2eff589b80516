import { createPublicKey, verify } from 'node:crypto';

/**
 * The push service's side of VAPID (RFC 8292): `Authorization: vapid t=<JWT>, k=<public key>`, the
 * JWT signed ES256 with the key `k` names, its `aud` this service's origin, its `exp` in the future
 * and at most 24 hours away (section 2). A subscription made for an application server key
 * (`applicationServerKey`) accepts only that key (section 4.2).
 */

const MAX_EXPIRY_S = 24 * 60 * 60;

export type VapidVerdict =
  | { ok: true; publicKey: string; subject: string | undefined }
  | { ok: false; status: 401 | 403; reason: string };

export function checkVapid(
  authorization: string | undefined,
  origin: string,
  options: { applicationServerKey?: string; nowMs?: number } = {},
): VapidVerdict {
  const refuse = (status: 401 | 403, reason: string): VapidVerdict => ({ ok: false, status, reason });
  if (!authorization) return refuse(401, 'no Authorization header');
  const match = /^vapid\s+(.+)$/i.exec(authorization.trim());
  if (!match?.[1]) return refuse(401, 'Authorization is not the vapid scheme');
  const params = new Map<string, string>();
  for (const part of match[1].split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) params.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const token = params.get('t');
  const key = params.get('k');
  if (!token || !key) return refuse(401, 'vapid needs t and k');

  const [headerPart, payloadPart, signaturePart, extra] = token.split('.');
  if (!headerPart || !payloadPart || !signaturePart || extra !== undefined)
    return refuse(401, 'malformed JWT');
  const header = parseJson(headerPart);
  const claims = parseJson(payloadPart);
  if (!header || !claims) return refuse(401, 'malformed JWT');
  if (header.alg !== 'ES256') return refuse(401, 'JWT is not ES256');

  const publicKey = p256PublicKey(key);
  if (!publicKey) return refuse(401, 'k is not a P-256 public key');
  const signature = Buffer.from(signaturePart, 'base64url');
  const signed = verify(
    'sha256',
    Buffer.from(`${headerPart}.${payloadPart}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    signature,
  );
  if (!signed) return refuse(401, 'JWT signature does not match k');

  const nowS = Math.floor((options.nowMs ?? Date.now()) / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= nowS) return refuse(401, 'JWT expired or without exp');
  if (claims.exp > nowS + MAX_EXPIRY_S) return refuse(401, 'JWT exp more than 24 hours away');
  if (claims.aud !== origin) return refuse(403, `JWT aud is not ${origin}`);
  if (options.applicationServerKey && stripPadding(options.applicationServerKey) !== stripPadding(key)) {
    return refuse(403, 'the subscription was made for another application server key');
  }
  return { ok: true, publicKey: key, subject: typeof claims.sub === 'string' ? claims.sub : undefined };
}

function parseJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** An uncompressed P-256 point (65 bytes, base64url) as a key `verify` takes. */
function p256PublicKey(raw: string) {
  const point = Buffer.from(raw, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) return null;
  try {
    return createPublicKey({
      format: 'jwk',
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
    });
  } catch {
    return null;
  }
}

function stripPadding(key: string): string {
  return key.replace(/=+$/, '');
}
