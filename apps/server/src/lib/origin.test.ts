import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAllowedOrigin, isFromTheApp } from './origin.ts';

describe('the Origin check (Socket.IO and state-changing requests)', () => {
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

describe('a request from the app’s pages (decision 0032)', () => {
  const host = 'app.example:3000';
  it('takes the app’s pages and clients that are no browser', () => {
    expect(
      isFromTheApp({ host, origin: 'http://app.example:3000', 'sec-fetch-site': 'same-origin' }, undefined),
    ).toBe(true);
    expect(
      isFromTheApp({ host: 'internal:3000', origin: 'https://app.example' }, 'https://app.example'),
    ).toBe(true);
    expect(isFromTheApp({ ':authority': host, origin: 'http://app.example:3000' }, undefined)).toBe(true);
    expect(isFromTheApp({ host, 'sec-fetch-site': 'same-origin' }, undefined)).toBe(true);
    expect(isFromTheApp({ host }, undefined)).toBe(true);
  });

  it('refuses a sibling of the same site, another site, and a Sec-Fetch-Site other than same-origin', () => {
    for (const headers of [
      { origin: 'http://app.example:4000' },
      { origin: 'http://sibling.app.example:3000', 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'none' },
      { 'sec-fetch-site': ['same-origin', 'same-origin'] },
      { origin: 'http://app.example:3000', 'sec-fetch-site': 'same-site' },
    ]) {
      expect(isFromTheApp({ host, ...headers }, 'https://app.example'), JSON.stringify(headers)).toBe(false);
    }
  });
});
