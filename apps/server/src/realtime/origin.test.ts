import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from './origin.ts';

describe('the Socket.IO Origin check', () => {
  it('lets in the host the browser asked and the public origin', () => {
    expect(isAllowedOrigin('http://127.0.0.1:3000', '127.0.0.1:3000', undefined)).toBe(true);
    expect(isAllowedOrigin('https://motema.example', 'internal:3000', 'https://motema.example')).toBe(true);
    expect(isAllowedOrigin(undefined, '127.0.0.1:3000', undefined)).toBe(true);
  });

  it('refuses other origins and anything that is not one origin', () => {
    for (const origin of [
      'https://evil.example',
      'null',
      '',
      ' ',
      'garbage',
      'http://127.0.0.1:3000/',
      'http://127.0.0.1:3000, https://evil.example',
      'data:text/html,hi',
      'file:///etc/passwd',
      'http://[::1',
      'x'.repeat(100_000),
      '\u202ehttp://127.0.0.1:3000',
    ]) {
      expect(isAllowedOrigin(origin, '127.0.0.1:3000', 'https://motema.example'), origin).toBe(false);
    }
    expect(isAllowedOrigin(['http://127.0.0.1:3000'], '127.0.0.1:3000', undefined)).toBe(false);
    expect(isAllowedOrigin('http://127.0.0.1:3000', undefined, undefined)).toBe(false);
  });

  it('never throws, whatever the headers', () => {
    const header = fc.oneof(
      fc.constant(undefined),
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.webUrl(),
      fc.array(fc.string(), { maxLength: 3 }),
    );
    fc.assert(
      fc.property(header, fc.option(fc.string(), { nil: undefined }), (origin, host) => {
        expect(typeof isAllowedOrigin(origin as string | string[] | undefined, host, undefined)).toBe(
          'boolean',
        );
      }),
      { numRuns: 2000 },
    );
  });
});
