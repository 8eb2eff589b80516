import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('has safe defaults for npm start', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.NODE_ENV).toBe('development');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe('./data');
  });

  it('lists every problem at once', () => {
    expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'nope' })).toThrow(/PORT[\s\S]*DATABASE_URL/);
  });

  it('refuses production with development defaults', () => {
    let message = '';
    try {
      parseEnv({ NODE_ENV: 'production' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/Refusing to start in production/);
    expect(message).toMatch(/SMTP_URL/);
    expect(message).toMatch(/PUBLIC_URL/);
  });

  it('accepts a complete production configuration', () => {
    const env = parseEnv({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com:587',
      PUBLIC_URL: 'https://motema.app',
      DATABASE_URL: 'postgres://u:p@db.example.com/motema',
    });
    expect(env.NODE_ENV).toBe('production');
  });

  it('runs on one node unless REDIS_URL names a Redis', () => {
    expect(parseEnv({}).REDIS_URL).toBeUndefined();
    expect(parseEnv({ REDIS_URL: 'redis://:secret@cache.internal:6379/0' }).REDIS_URL).toBe(
      'redis://:secret@cache.internal:6379/0',
    );
    expect(parseEnv({ REDIS_URL: 'rediss://cache.example.com:6380' }).REDIS_URL).toBe(
      'rediss://cache.example.com:6380',
    );
    expect(() => parseEnv({ REDIS_URL: 'http://cache.internal:6379' })).toThrow(/REDIS_URL: must be a redis/);
    expect(() => parseEnv({ REDIS_URL: 'cache.internal:6379' })).toThrow(/REDIS_URL/);
  });
});
