import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startRedisServer, type TestRedis } from '../test/redis-server.ts';
import { connectRedis, redactRedisUrl } from './redis.ts';

describe('connectRedis (a real redis-server)', () => {
  let redis: TestRedis;
  const lines: string[] = [];
  const log = { error: (line: string) => lines.push(line), info: (line: string) => lines.push(line) };
  beforeAll(async () => {
    redis = await startRedisServer({ password: 'pw-0123' });
  });
  afterAll(() => redis?.stop());

  it('connects a command client and a subscriber, and closes both', async () => {
    const connection = await connectRedis(redis.url, log);
    expect(connection.where).toBe(`redis://:***@127.0.0.1:${redis.port}`);
    expect(await connection.client.ping()).toBe('PONG');
    await connection.subscriber.subscribe('motema:test');
    expect(await connection.client.publish('motema:test', 'hello')).toBe(1);
    await connection.close();
    expect(connection.client.status).toBe('end');
    expect(connection.subscriber.status).toBe('end');
    expect(lines).toEqual([]);
  });

  it('refuses to start on an unreachable Redis, naming it without its password', async () => {
    const port = await freePort();
    await expect(connectRedis(`redis://:pw-0123@127.0.0.1:${port}`, log)).rejects.toThrow(
      `Cannot connect to Redis at redis://:***@127.0.0.1:${port}: connect ECONNREFUSED`,
    );
  });

  it('refuses a wrong password', async () => {
    const wrong = `redis://:not-it@127.0.0.1:${redis.port}`;
    await expect(connectRedis(wrong, log)).rejects.toThrow(
      /Cannot connect to Redis at .*:\*\*\*@.*(WRONGPASS|invalid)/,
    );
  });

  it('redacts only the password', () => {
    expect(redactRedisUrl('rediss://user:secret@cache.example.com:6380/2')).toBe(
      'rediss://user:***@cache.example.com:6380/2',
    );
    expect(redactRedisUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });
});
