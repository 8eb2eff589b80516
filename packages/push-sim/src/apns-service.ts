import { generateKeyPairSync, randomBytes, randomUUID, verify, type KeyObject } from 'node:crypto';
import {
  constants,
  createSecureServer,
  type IncomingHttpHeaders,
  type ServerHttp2Session,
  type ServerHttp2Stream,
} from 'node:http2';
import type { AddressInfo } from 'node:net';

/**
 * A local Apple Push Notification service on 127.0.0.1 speaking its HTTP/2 provider API, for the
 * server's tests: TLS with the certificate the caller gives (one generated at test time), token
 * authentication with a signing key of its own (an ES256 key, what a .p8 file holds; the server gets
 * its private half) checked with its public half, the team and key ids, `apns-topic` (the app's
 * bundle id) and `POST /3/device/<token>`. Nothing leaves the machine.
 *
 * Answers as APNs does: 200 with `apns-id`; 400 BadDeviceToken (a token it never gave), BadPath,
 * MissingTopic, DeviceTokenNotForTopic, BadPriority, PayloadEmpty; 403 MissingProviderToken or
 * InvalidProviderToken; 405 MethodNotAllowed; 410 Unregistered with a timestamp (the app was
 * uninstalled); 413 PayloadTooLarge (over 4096 bytes).
 */

export type ApnsNotification = {
  /** The JSON body: `aps` and the app's own keys. */
  payload: Record<string, unknown> & { aps: Record<string, unknown> };
  headers: {
    topic: string;
    pushType: string | undefined;
    priority: string | undefined;
    expiration: string | undefined;
    collapseId: string | undefined;
  };
};

export type ApnsService = {
  /** 127.0.0.1: APNS_HOST. */
  host: string;
  /** APNS_PORT. */
  port: number;
  /** The .p8 file's content (PKCS #8 PEM): APNS_KEY. */
  signingKey: string;
  keyId: string;
  teamId: string;
  /** The app's bundle id: APNS_TOPIC. */
  topic: string;
  /** A device token as iOS gives an app (32 bytes, hex). */
  register: () => string;
  /** The token answers 410 Unregistered from now on. */
  unregister: (token: string) => void;
  received: (token: string) => ApnsNotification[];
  close: () => Promise<void>;
};

const MAX_PAYLOAD = 4096;
/** APNs refuses a provider token older than an hour. */
const TOKEN_MAX_AGE_SECONDS = 3600;

export async function startApnsService(options: {
  tls: { cert: string; key: string };
  topic?: string;
  /** 0 (any free port) unless given. */
  port?: number;
}): Promise<ApnsService> {
  if (process.env.NODE_ENV === 'production') {
    throw new Error('The local APNs service refuses to start with NODE_ENV=production');
  }
  const topic = options.topic ?? 'app.motema.local';
  const keyId = randomBytes(5).toString('hex').toUpperCase();
  const teamId = randomBytes(5).toString('hex').toUpperCase();
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const devices = new Map<string, { received: ApnsNotification[]; unregisteredAt: number | null }>();
  const sessions = new Set<ServerHttp2Session>();

  const handle = (stream: ServerHttp2Stream, headers: IncomingHttpHeaders, body: Buffer) => {
    const fail = (status: number, reason: string, extra: Record<string, unknown> = {}) =>
      reply(stream, status, { reason, ...extra });
    if (headers[':method'] !== 'POST') return fail(405, 'MethodNotAllowed');
    const token = /^\/3\/device\/([0-9a-fA-F]+)$/.exec(String(headers[':path']))?.[1];
    if (!token) return fail(404, 'BadPath');
    const authorization = /^bearer (\S+)$/.exec(String(headers.authorization ?? ''))?.[1];
    if (!authorization) return fail(403, 'MissingProviderToken');
    if (!validProviderToken(authorization, publicKey, { keyId, teamId })) {
      return fail(403, 'InvalidProviderToken');
    }
    const apnsTopic = headers['apns-topic'];
    if (!apnsTopic) return fail(400, 'MissingTopic');
    const priority = headers['apns-priority'] as string | undefined;
    if (priority !== undefined && !['1', '5', '10'].includes(priority)) return fail(400, 'BadPriority');
    if (body.length > MAX_PAYLOAD) return fail(413, 'PayloadTooLarge');
    const device = devices.get(token.toLowerCase());
    if (!device) return fail(400, 'BadDeviceToken');
    if (apnsTopic !== topic) return fail(400, 'DeviceTokenNotForTopic');
    if (device.unregisteredAt !== null)
      return fail(410, 'Unregistered', { timestamp: device.unregisteredAt });
    let payload: ApnsNotification['payload'];
    try {
      payload = JSON.parse(body.toString('utf8')) as ApnsNotification['payload'];
    } catch {
      return fail(400, 'BadMessageId');
    }
    if (!payload || typeof payload.aps !== 'object') return fail(400, 'PayloadEmpty');
    device.received.push({
      payload,
      headers: {
        topic: String(apnsTopic),
        pushType: headers['apns-push-type'] as string | undefined,
        priority,
        expiration: headers['apns-expiration'] as string | undefined,
        collapseId: headers['apns-collapse-id'] as string | undefined,
      },
    });
    stream.respond({ ':status': 200, 'apns-id': String(headers['apns-id'] ?? randomUUID()).toUpperCase() });
    stream.end();
  };

  const server = createSecureServer({ cert: options.tls.cert, key: options.tls.key });
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => handle(stream, headers, Buffer.concat(chunks)));
    stream.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));

  const device = (token: string) => {
    const found = devices.get(token.toLowerCase());
    if (!found) throw new Error(`No device ${token} on the local APNs service`);
    return found;
  };
  return {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    signingKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    keyId,
    teamId,
    topic,
    register: () => {
      const token = randomBytes(32).toString('hex');
      devices.set(token, { received: [], unregisteredAt: null });
      return token;
    },
    unregister: (token) => {
      device(token).unregisteredAt = Date.now();
    },
    received: (token) => [...device(token).received],
    close: () =>
      new Promise<void>((resolve, reject) => {
        // The provider keeps its connection open: close it from this side, as a restart would.
        for (const session of sessions) session.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** ES256 over `header.claims` with the key's public half, the key and team ids, not older than an hour. */
function validProviderToken(
  jwt: string,
  publicKey: KeyObject,
  expected: { keyId: string; teamId: string },
): boolean {
  const [header, claims, signature] = jwt.split('.');
  if (!header || !claims || !signature) return false;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>;
    const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>;
    const signed = verify(
      'sha256',
      Buffer.from(`${header}.${claims}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    const age = Math.floor(Date.now() / 1000) - Number(body.iat);
    return (
      signed &&
      head.alg === 'ES256' &&
      head.kid === expected.keyId &&
      body.iss === expected.teamId &&
      age >= -60 &&
      age <= TOKEN_MAX_AGE_SECONDS
    );
  } catch {
    return false;
  }
}

function reply(stream: ServerHttp2Stream, status: number, body: Record<string, unknown>): void {
  stream.respond({
    [constants.HTTP2_HEADER_STATUS]: status,
    'content-type': 'application/json',
    'apns-id': randomUUID().toUpperCase(),
  });
  stream.end(JSON.stringify(body));
}
