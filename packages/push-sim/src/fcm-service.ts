import { generateKeyPairSync, randomBytes, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Firebase Cloud Messaging service on 127.0.0.1 speaking the HTTP v1 protocol, for the
 * server's tests: a service account of its own (an RSA key pair; the server gets the JSON, private
 * key included, as Google's console gives it, with `token_uri` on this service), the OAuth2 token
 * endpoint (a JWT bearer assertion signed RS256 with that key, checked with its public half, answered
 * with a short-lived access token) and `POST /v1/projects/<project>/messages:send` (the bearer token,
 * the v1 JSON: a registered device token, `data` values strings only). Nothing leaves the machine.
 *
 * Answers as FCM does: 200 `{ name }`; 400 INVALID_ARGUMENT (a malformed body or token); 401
 * UNAUTHENTICATED (no or an unknown access token); 403 PERMISSION_DENIED (another project); 404
 * NOT_FOUND with the `UNREGISTERED` error code (a device token no longer valid).
 */

/** What a device received: the v1 message as posted (its `token` included). */
export type FcmMessage = {
  token: string;
  notification?: { title?: string; body?: string };
  data?: Record<string, string>;
  android?: Record<string, unknown>;
  [key: string]: unknown;
};

export type FcmServiceAccount = {
  type: 'service_account';
  project_id: string;
  private_key_id: string;
  private_key: string;
  client_email: string;
  token_uri: string;
};

export type FcmService = {
  origin: string;
  /** The JSON the server is configured with (FCM_SERVICE_ACCOUNT); its API is at `origin`. */
  serviceAccount: FcmServiceAccount;
  /** A device's registration token, as the Firebase SDK gives an app. */
  register: () => string;
  /** The token answers 404 UNREGISTERED from now on (the app was uninstalled). */
  unregister: (token: string) => void;
  /** Every message a token received, oldest first. */
  received: (token: string) => FcmMessage[];
  /** How many access tokens the token endpoint gave. */
  accessTokensIssued: () => number;
  close: () => Promise<void>;
};

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const ACCESS_TOKEN_SECONDS = 3600;
/** Clock skew tolerated on `iat`, as Google's token endpoint does. */
const SKEW_SECONDS = 300;

export async function startFcmService(
  options: { projectId?: string; /** 0 (any free port) unless given. */ port?: number } = {},
): Promise<FcmService> {
  if (process.env.NODE_ENV === 'production') {
    throw new Error('The local FCM service refuses to start with NODE_ENV=production');
  }
  const projectId = options.projectId ?? 'motema-local';
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const devices = new Map<string, { received: FcmMessage[]; unregistered: boolean }>();
  const accessTokens = new Map<string, number>();
  let issued = 0;
  let origin = '';
  const serviceAccount = (): FcmServiceAccount => ({
    type: 'service_account',
    project_id: projectId,
    private_key_id: randomBytes(20).toString('hex'),
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: `motema-push@${projectId}.iam.gserviceaccount.com`,
    token_uri: `${origin}/token`,
  });

  const issueToken = (res: ServerResponse, form: URLSearchParams, account: FcmServiceAccount) => {
    if (form.get('grant_type') !== GRANT_TYPE) return oauthError(res, 'unsupported_grant_type');
    const claims = checkAssertion(form.get('assertion') ?? '', publicKey);
    const now = Math.floor(Date.now() / 1000);
    if (
      !claims ||
      claims.iss !== account.client_email ||
      claims.aud !== account.token_uri ||
      !String(claims.scope).split(' ').includes(SCOPE) ||
      typeof claims.iat !== 'number' ||
      typeof claims.exp !== 'number' ||
      claims.iat > now + SKEW_SECONDS ||
      claims.exp <= now ||
      claims.exp - claims.iat > 3600
    ) {
      return oauthError(res, 'invalid_grant');
    }
    const token = `ya29.local-${randomBytes(24).toString('base64url')}`;
    accessTokens.set(token, Date.now() + ACCESS_TOKEN_SECONDS * 1000);
    issued += 1;
    return json(res, 200, { access_token: token, expires_in: ACCESS_TOKEN_SECONDS, token_type: 'Bearer' });
  };

  const send = (req: IncomingMessage, res: ServerResponse, project: string, raw: string) => {
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || (accessTokens.get(bearer) ?? 0) <= Date.now()) {
      return fcmError(res, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
    }
    if (project !== projectId) return fcmError(res, 403, 'PERMISSION_DENIED', 'Another project.');
    const message = parseMessage(raw);
    if (typeof message === 'string') return fcmError(res, 400, 'INVALID_ARGUMENT', message);
    const device = devices.get(message.token);
    if (!device) return fcmError(res, 400, 'INVALID_ARGUMENT', 'The registration token is not valid.');
    if (device.unregistered) {
      return fcmError(res, 404, 'NOT_FOUND', 'Requested entity was not found.', 'UNREGISTERED');
    }
    device.received.push(message);
    return json(res, 200, { name: `projects/${projectId}/messages/${randomBytes(8).toString('hex')}` });
  };

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    const handle = async () => {
      const raw = await readText(req);
      if (req.method === 'POST' && path === '/token')
        return issueToken(res, new URLSearchParams(raw), account);
      const match = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(path);
      if (req.method === 'POST' && match?.[1]) return send(req, res, match[1], raw);
      return fcmError(res, 404, 'NOT_FOUND', 'No such method.');
    };
    handle().catch((error: unknown) => fcmError(res, 500, 'INTERNAL', String(error)));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Requests come only once it listens: by then the account names this origin.
  const account = serviceAccount();

  const device = (token: string) => {
    const found = devices.get(token);
    if (!found) throw new Error(`No device ${token} on the local FCM service`);
    return found;
  };
  return {
    origin,
    serviceAccount: account,
    register: () => {
      // Real tokens are about 160 characters: a prefix, a colon, then base64url.
      const token = `${randomBytes(8).toString('base64url')}:APA91b${randomBytes(100).toString('base64url')}`;
      devices.set(token, { received: [], unregistered: false });
      return token;
    },
    unregister: (token) => {
      device(token).unregistered = true;
    },
    received: (token) => [...device(token).received],
    accessTokensIssued: () => issued,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The JWT's claims when it is RS256 and its signature is the service account key's, else null. */
function checkAssertion(jwt: string, publicKey: KeyObject): Record<string, unknown> | null {
  const [header, claims, signature] = jwt.split('.');
  if (!header || !claims || !signature) return null;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
    if (head.alg !== 'RS256') return null;
    if (
      !verify('sha256', Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature, 'base64url'))
    ) {
      return null;
    }
    return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** The v1 request's message, or why it is refused (FCM's INVALID_ARGUMENT). */
function parseMessage(raw: string): FcmMessage | string {
  let body: { message?: FcmMessage; validate_only?: boolean };
  try {
    body = JSON.parse(raw) as typeof body;
  } catch {
    return 'Invalid JSON payload received.';
  }
  const message = body.message;
  if (!message || typeof message !== 'object') return 'Missing message.';
  if (typeof message.token !== 'string' || !message.token) return 'Missing message.token.';
  const unknown = Object.keys(body).filter((key) => key !== 'message' && key !== 'validate_only');
  if (unknown.length) return `Unknown name "${unknown[0]}": Cannot find field.`;
  for (const [key, value] of Object.entries(message.data ?? {})) {
    if (typeof value !== 'string') return `Invalid value at 'message.data[${key}]' (TYPE_STRING).`;
  }
  const android = message.android as { priority?: unknown; ttl?: unknown } | undefined;
  if (android?.priority !== undefined && !['NORMAL', 'HIGH'].includes(String(android.priority))) {
    return "Invalid value at 'message.android.priority'.";
  }
  if (android?.ttl !== undefined && !/^\d+(\.\d+)?s$/.test(String(android.ttl))) {
    return "Invalid value at 'message.android.ttl' (type.googleapis.com/google.protobuf.Duration).";
  }
  return message;
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function oauthError(res: ServerResponse, error: string): void {
  json(res, 400, { error, error_description: error });
}

function fcmError(res: ServerResponse, code: number, status: string, message: string, errorCode?: string) {
  const details = errorCode
    ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }]
    : [];
  json(res, code, { error: { code, message, status, details } });
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=UTF-8');
  res.end(JSON.stringify(value));
}
