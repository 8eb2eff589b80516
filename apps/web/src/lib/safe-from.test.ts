import { describe, expect, it } from 'vitest';
import { loginPath, safeFrom } from './safe-from.ts';

describe('safeFrom', () => {
  it('keeps a path of this site, with its query', () => {
    expect(safeFrom('/settings/profile')).toBe('/settings/profile');
    expect(safeFrom('/messages/42?tab=media')).toBe('/messages/42?tab=media');
  });

  it('refuses what could leave the site or is missing', () => {
    for (const value of [
      null,
      undefined,
      '',
      'home',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      '/\t/evil.example',
    ]) {
      expect(safeFrom(value)).toBeNull();
    }
  });
});

describe('loginPath', () => {
  it('passes the page on, encoded', () => {
    expect(loginPath('/messages/42?tab=media')).toBe('/login?from=%2Fmessages%2F42%3Ftab%3Dmedia');
  });

  it('is the plain login page without one', () => {
    expect(loginPath(null)).toBe('/login');
  });
});
