import { describe, expect, it } from 'vitest';
import { flexpaySimEnabled, parseEnv, publicOrigin } from './env.ts';
import { FLEXPAY_PRODUCTION_ENV } from './test/production-env.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail.example.com:587',
  PUBLIC_URL: 'https://motema.app',
  ...FLEXPAY_PRODUCTION_ENV,
};
const productionProblems = (overrides: Record<string, string | undefined>) => {
  try {
    parseEnv({ ...PRODUCTION, ...overrides });
    return '';
  } catch (error) {
    return (error as Error).message;
  }
};

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
      ...FLEXPAY_PRODUCTION_ENV,
    });
    expect(env.NODE_ENV).toBe('production');
    expect(flexpaySimEnabled(env)).toBe(false);
  });

  it('takes the mobile app’s shells’ origins, Android’s and iOS’s by default, as browsers send them', () => {
    expect(parseEnv({}).SHELL_ORIGINS).toEqual(['https://localhost', 'capacitor://localhost']);
    expect(parseEnv({ SHELL_ORIGINS: '' }).SHELL_ORIGINS).toEqual([]);
    expect(parseEnv({ SHELL_ORIGINS: ' http://127.0.0.1:5174 ,ionic://localhost' }).SHELL_ORIGINS).toEqual([
      'http://127.0.0.1:5174',
      'ionic://localhost',
    ]);
    // Not an origin as an Origin header says one: a path, upper case, a wildcard.
    for (const wrong of ['https://localhost/', 'HTTPS://localhost', '*', 'capacitor://localhost/app'])
      expect(() => parseEnv({ SHELL_ORIGINS: wrong })).toThrow(/SHELL_ORIGINS/);
  });

  it('forks a media worker unless MEDIA_WORKER=external says workers run on their own', () => {
    expect(parseEnv({}).MEDIA_WORKER).toBe('fork');
    expect(parseEnv({ MEDIA_WORKER: 'external' }).MEDIA_WORKER).toBe('external');
    expect(() => parseEnv({ MEDIA_WORKER: 'none' })).toThrow(/MEDIA_WORKER/);
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

  describe('FlexPay', () => {
    it('runs the local simulator outside production unless FlexPay is configured', () => {
      expect(flexpaySimEnabled(parseEnv({}))).toBe(true);
      expect(flexpaySimEnabled(parseEnv({ NODE_ENV: 'test' }))).toBe(true);
      expect(flexpaySimEnabled(parseEnv({ ...FLEXPAY_PRODUCTION_ENV }))).toBe(false);
      expect(flexpaySimEnabled(parseEnv({ ...FLEXPAY_PRODUCTION_ENV, FLEXPAY_SIM: 'true' }))).toBe(true);
    });

    it('asks for every FlexPay setting when the simulator is switched off', () => {
      expect(() => parseEnv({ FLEXPAY_SIM: 'false' })).toThrow(
        /FLEXPAY_BASE_URL, FLEXPAY_CARD_URL, FLEXPAY_MERCHANT, FLEXPAY_TOKEN: set them, or FLEXPAY_SIM=true/,
      );
    });

    it('refuses production with the simulator', () => {
      expect(productionProblems({ FLEXPAY_SIM: 'true' })).toMatch(
        /Refusing to start in production[\s\S]*FLEXPAY_SIM: the FlexPay simulator/,
      );
    });

    it('refuses production without FlexPay', () => {
      const message = productionProblems({ FLEXPAY_BASE_URL: undefined, FLEXPAY_TOKEN: undefined });
      expect(message).toMatch(/FLEXPAY_BASE_URL: production takes payments/);
      expect(message).toMatch(/FLEXPAY_TOKEN: production takes payments/);
    });

    it.each([
      'http://backend.flexpay.cd/api/rest/v1',
      'http://127.0.0.1:7070/api/rest/v1',
      'https://backend.flexpay.cd.example.com/api/rest/v1',
      'https://evilflexpay.cd/api/rest/v1',
      'https://user@backend.flexpay.cd/api/rest/v1',
    ])('refuses production with a FlexPay URL that is not https://*.flexpay.cd: %s', (url) => {
      expect(productionProblems({ FLEXPAY_BASE_URL: url })).toMatch(
        /FLEXPAY_BASE_URL: must be an https:\/\/\*\.flexpay\.cd URL/,
      );
      expect(productionProblems({ FLEXPAY_CARD_URL: url })).toMatch(
        /FLEXPAY_CARD_URL: must be an https:\/\/\*\.flexpay\.cd URL/,
      );
    });

    it('accepts the sandbox in production', () => {
      expect(
        productionProblems({
          FLEXPAY_BASE_URL: 'https://beta-backend.flexpay.cd/api/rest/v1',
          FLEXPAY_CARD_URL: 'https://beta-cardpayment.flexpay.cd/v1.1/pay',
        }),
      ).toBe('');
    });
  });
});

describe('publicOrigin (payment callbacks, issue 25)', () => {
  const env = (overrides: Record<string, string>) => parseEnv({ FLEXPAY_SIM: 'true', ...overrides });
  const plain = { port: 3000, tls: false };

  it('is PUBLIC_URL, without its trailing slashes', () => {
    expect(publicOrigin(env({ PUBLIC_URL: 'https://motema.example//' }), plain)).toBe(
      'https://motema.example',
    );
  });

  it('is this server outside production: HOST (localhost for every address) and the port it listens on', () => {
    expect(publicOrigin(env({}), plain)).toBe('http://localhost:3000');
    expect(publicOrigin(env({ HOST: '127.0.0.1' }), { port: 4321, tls: true })).toBe(
      'https://127.0.0.1:4321',
    );
    expect(publicOrigin(env({ HOST: '::1' }), plain)).toBe('http://[::1]:3000');
  });

  it('is never guessed in production', () => {
    expect(() =>
      publicOrigin({ NODE_ENV: 'production', HOST: '0.0.0.0', PUBLIC_URL: undefined }, plain),
    ).toThrow(/PUBLIC_URL/);
    expect(productionProblems({ PUBLIC_URL: undefined })).toMatch(/PUBLIC_URL: .*payment callbacks/);
  });
});
