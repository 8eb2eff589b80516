import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decryptAes128gcm, DecryptError, type SubscriptionKeys } from './aes128gcm.ts';
import { checkVapid } from './vapid-check.ts';

/**
 * A local Web Push service on 127.0.0.1, for tests, the end-to-end journey and development: it
 * makes subscriptions as a browser's push service would (an endpoint on itself, the browser's key
 * pair and auth secret), receives pushes as RFC 8030 says (POST to the endpoint: TTL, Topic,
 * Urgency), checks VAPID (RFC 8292) and decrypts the payload (RFC 8291) with the subscription's
 * private key, so a test reads exactly what the device would show. Nothing leaves the machine.
 *
 * Answers: 201 accepted; 400 no TTL, a bad Urgency or Topic, a payload that does not decrypt;
 * 401/403 VAPID wrong (see vapid-check.ts); 404 unknown endpoint; 410 an expired subscription;
 * 413 over 4096 bytes; 415 not aes128gcm. A control API serves what runs in another process:
 * `POST /__sim/subscriptions` (JSON `{ applicationServerKey? }`) answers a subscription,
 * `GET /__sim/subscriptions/<id>/messages` what it received, `POST .../expire` expires it.
 */

/** What the browser's `PushSubscription.toJSON()` gives. */
export type SimSubscription = {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
};

/** A push received and decrypted. `payload` is the plaintext (UTF-8); headers as sent. */
export type ReceivedPush = {
  payload: string;
  headers: { ttl: number; topic: string | null; urgency: string };
  /** The VAPID `sub` claim (mailto: or https:). */
  subject: string | undefined;
  receivedAt: number;
};

export type PushService = {
  /** http://127.0.0.1:<port>: give it to the server in PUSH_SERVICE_ORIGINS. */
  origin: string;
  /** Same as origin. */
  url: string;
  /** A new subscription; with `applicationServerKey`, pushes signed by another key are refused (403). */
  subscribe: (options?: { applicationServerKey?: string }) => SimSubscription;
  /** Every push a subscription received, oldest first (by its endpoint or its id, the endpoint's last segment). */
  received: (endpointOrId: string) => ReceivedPush[];
  /**
   * The subscription's next push not yet returned by `next`: already there, or the first to come
   * within `timeoutMs` (default 5000), else a rejection. A cursor per subscription, so a push that
   * arrives before the call is not missed.
   */
  next: (endpointOrId: string, timeoutMs?: number) => Promise<ReceivedPush>;
  /** The subscription answers 410 Gone from now on (the browser unsubscribed, or it expired). */
  expire: (endpointOrId: string) => void;
  /**
   * Answers `status` to every push for this subscription from now on, or never answers (`'hang'`: a
   * push service out of reach); null: back to normal.
   */
  failWith: (endpointOrId: string, status: number | 'hang' | null) => void;
  close: () => Promise<void>;
};

type Subscription = {
  id: string;
  keys: SubscriptionKeys;
  applicationServerKey: string | undefined;
  received: ReceivedPush[];
  cursor: number;
  waiters: Array<() => void>;
  expired: boolean;
  forcedStatus: number | 'hang' | null;
};

/** RFC 8030 section 7.2: a push service may refuse a payload larger than 4096 bytes. */
const MAX_BODY = 4096;
const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);

export async function startPushService(options: { port?: number } = {}): Promise<PushService> {
  if (process.env.NODE_ENV === 'production') {
    throw new Error('The local push service refuses to start with NODE_ENV=production');
  }
  const subscriptions = new Map<string, Subscription>();
  let origin = '';

  const find = (endpointOrId: string): Subscription => {
    const id = endpointOrId.split('/').pop() ?? '';
    const found = subscriptions.get(id);
    if (!found) throw new Error(`No subscription ${endpointOrId} on the local push service`);
    return found;
  };

  const subscribe = (opts: { applicationServerKey?: string } = {}): SimSubscription => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const id = randomBytes(18).toString('base64url');
    subscriptions.set(id, {
      id,
      keys: { ecdh, auth },
      applicationServerKey: opts.applicationServerKey,
      received: [],
      cursor: 0,
      waiters: [],
      expired: false,
      forcedStatus: null,
    });
    return {
      endpoint: `${origin}/push/${id}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    };
  };

  const next = (endpointOrId: string, timeoutMs = 5000): Promise<ReceivedPush> => {
    const sub = find(endpointOrId);
    return new Promise((resolve, reject) => {
      const take = (): boolean => {
        const push = sub.received[sub.cursor];
        if (!push) return false;
        sub.cursor += 1;
        resolve(push);
        return true;
      };
      if (take()) return;
      const waiter = () => {
        if (!take()) return;
        clearTimeout(timer);
        sub.waiters = sub.waiters.filter((w) => w !== waiter);
      };
      const timer = setTimeout(() => {
        sub.waiters = sub.waiters.filter((w) => w !== waiter);
        reject(new Error(`No push for ${sub.id} within ${timeoutMs} ms`));
      }, timeoutMs);
      sub.waiters.push(waiter);
    });
  };

  const receivePush = async (sub: Subscription, req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req, MAX_BODY);
    if (body === null) return answer(res, 413, 'payload over 4096 bytes');
    // Hanging: the request stays open until the sender gives up or the service closes.
    if (sub.forcedStatus === 'hang') return;
    if (sub.forcedStatus !== null) return answer(res, sub.forcedStatus, 'forced by failWith');
    if (sub.expired) return answer(res, 410, 'subscription expired');

    const vapid = checkVapid(header(req, 'authorization'), origin, {
      applicationServerKey: sub.applicationServerKey,
    });
    if (!vapid.ok) return answer(res, vapid.status, vapid.reason);

    const ttlText = header(req, 'ttl');
    const ttl = Number(ttlText);
    if (ttlText === undefined || !/^\d+$/.test(ttlText) || !Number.isSafeInteger(ttl)) {
      return answer(res, 400, 'TTL header missing or not a number of seconds');
    }
    const urgency = header(req, 'urgency') ?? 'normal';
    if (!URGENCIES.has(urgency)) return answer(res, 400, 'Urgency is not very-low, low, normal or high');
    const topic = header(req, 'topic') ?? null;
    if (topic !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) {
      return answer(res, 400, 'Topic is not at most 32 base64url characters');
    }

    let payload = '';
    if (body.length > 0) {
      if (header(req, 'content-encoding') !== 'aes128gcm') return answer(res, 415, 'not aes128gcm');
      try {
        payload = decryptAes128gcm(body, sub.keys).toString('utf8');
      } catch (error) {
        if (error instanceof DecryptError)
          return answer(res, 400, `payload does not decrypt: ${error.message}`);
        throw error;
      }
    }
    sub.received.push({
      payload,
      headers: { ttl, topic, urgency },
      subject: vapid.subject,
      receivedAt: Date.now(),
    });
    for (const waiter of [...sub.waiters]) waiter();
    res.setHeader('Location', `${origin}/message/${sub.id}-${sub.received.length}`);
    return answer(res, 201, '');
  };

  const control = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (req.method === 'POST' && path === '/__sim/subscriptions') {
      const raw = (await readBody(req, 1024))?.toString('utf8') ?? '';
      let input: { applicationServerKey?: string } = {};
      try {
        if (raw) input = JSON.parse(raw) as typeof input;
      } catch {
        return answer(res, 400, 'the body is not JSON');
      }
      return json(res, 201, subscribe(input));
    }
    const match = /^\/__sim\/subscriptions\/([A-Za-z0-9_-]+)\/(messages|expire)$/.exec(path);
    if (!match?.[1] || !subscriptions.has(match[1])) return answer(res, 404, 'no such subscription');
    if (match[2] === 'messages' && req.method === 'GET') return json(res, 200, find(match[1]).received);
    if (match[2] === 'expire' && req.method === 'POST') {
      find(match[1]).expired = true;
      return answer(res, 204, '');
    }
    return answer(res, 405, 'method not allowed');
  };

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    const handle = async () => {
      if (path.startsWith('/__sim/')) return control(req, res, path);
      const match = /^\/push\/([A-Za-z0-9_-]+)$/.exec(path);
      if (!match?.[1]) return answer(res, 404, 'not found');
      if (req.method !== 'POST') return answer(res, 405, 'method not allowed');
      const sub = subscriptions.get(match[1]);
      if (!sub) return answer(res, 404, 'no such subscription');
      return receivePush(sub, req, res);
    };
    handle().catch((error: unknown) => answer(res, 500, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    url: origin,
    subscribe,
    received: (endpointOrId) => [...find(endpointOrId).received],
    next,
    expire: (endpointOrId) => {
      find(endpointOrId).expired = true;
    },
    failWith: (endpointOrId, status) => {
      find(endpointOrId).forcedStatus = status;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The body, or null when it is over `max` bytes (the rest is drained so the answer reaches the sender). */
async function readBody(req: IncomingMessage, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= max) chunks.push(chunk);
  }
  return size > max ? null : Buffer.concat(chunks);
}

function answer(res: ServerResponse, status: number, reason: string): void {
  res.statusCode = status;
  if (reason) res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(reason);
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify(value));
}
