import { Redis } from 'ioredis';

/** What the server needs from Redis: one client for commands and publishing, one for subscribing. */
export type RedisConnection = {
  /** Commands (rate limits) and the Socket.IO adapter's publishing. */
  client: Redis;
  /** Subscriber of the Socket.IO adapter (a connection in subscribe mode runs no other command). */
  subscriber: Redis;
  /** The URL without its password, for logs. */
  where: string;
  close: () => Promise<void>;
};

export type RedisLog = { error: (message: string) => void; info: (message: string) => void };

/** The URL as it can be printed: the password replaced by `***`. */
export function redactRedisUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString().replace(/\/$/, '');
}

function open(url: string, role: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    connectionName: `motema-${role}`,
    connectTimeout: 5000,
    // A command fails after one reconnect attempt instead of waiting out a long outage (callers
    // decide what a failure means: rate limits let the request through).
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
}

/** Logs the first error of each outage (ioredis emits one at every failed reconnect) and the recovery. */
function watch(redis: Redis, role: string, where: string, log: RedisLog) {
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.error(`Redis ${role} connection to ${where} failed: ${error.message} (reconnecting)`);
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info(`Redis ${role} connection to ${where} is back`);
  });
}

/** QUIT (what was sent is answered first), then waits for the connection to end; 2 s at most. */
async function quit(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  const ended = new Promise<void>((resolve) => redis.once('end', () => resolve()));
  const timer = setTimeout(() => redis.disconnect(), 2000);
  await redis.quit().catch(() => redis.disconnect());
  await ended;
  clearTimeout(timer);
}

/**
 * Connects to the Redis of REDIS_URL; fails (naming the URL, never its password) when it cannot be
 * reached at start. Afterwards outages are logged and both clients reconnect by themselves.
 */
export async function connectRedis(url: string, log: RedisLog): Promise<RedisConnection> {
  const where = redactRedisUrl(url);
  const client = open(url, 'client');
  const subscriber = open(url, 'subscriber');
  let cause: Error | undefined;
  const remember = (error: Error) => void (cause ??= error);
  client.on('error', remember);
  subscriber.on('error', remember);
  try {
    await Promise.all([client.connect(), subscriber.connect()]);
  } catch (error) {
    client.disconnect();
    subscriber.disconnect();
    // ioredis rejects with "Connection is closed"; the socket's own error (ECONNREFUSED...) says more.
    const reason = (cause ?? (error as Error)).message;
    throw new Error(`Cannot connect to Redis at ${where}: ${reason}`, { cause: error });
  } finally {
    client.off('error', remember);
    subscriber.off('error', remember);
  }
  watch(client, 'client', where, log);
  watch(subscriber, 'subscriber', where, log);
  return {
    client,
    subscriber,
    where,
    async close() {
      await Promise.all([quit(client), quit(subscriber)]);
    },
  };
}

/**
 * The client as the Socket.IO adapter's publisher. The adapter publishes without waiting for the
 * answer, so a publish that fails during an outage would be an unhandled rejection, which ends the
 * process: here it is reported (at most once a minute) and the emit reaches this node's sockets only.
 */
export function safePublisher(redis: Redis, onError: (error: unknown) => void): Redis {
  let reportedAt = -Infinity;
  const publish = (channel: string, message: string | Buffer) =>
    redis.publish(channel, message).catch((error: unknown) => {
      if (Date.now() - reportedAt >= 60_000) {
        reportedAt = Date.now();
        onError(error);
      }
      return 0;
    });
  return new Proxy(redis, {
    get(target, property) {
      if (property === 'publish') return publish;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
