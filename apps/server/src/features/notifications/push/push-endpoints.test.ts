import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../../env.ts';
import { isAllowedPushEndpoint } from './push-endpoints.ts';

describe('isAllowedPushEndpoint', () => {
  it('allows HTTPS on the known push services’ hosts, whatever their letter case', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://FCM.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/abc',
      'https://db5p.notify.windows.com/w/?token=abc',
      'https://fcm.googleapis.com:443/fcm/send/abc',
    ]) {
      expect(isAllowedPushEndpoint(endpoint, []), endpoint).toBe(true);
    }
  });

  it('refuses everything else, and an origin only when the list names it exactly', () => {
    const local = ['http://127.0.0.1:7080'];
    expect(isAllowedPushEndpoint('http://127.0.0.1:7080/push/abc', local)).toBe(true);
    for (const endpoint of [
      'http://127.0.0.1:7081/push/abc',
      'http://localhost:7080/push/abc',
      'https://127.0.0.1:7080/push/abc',
      'http://[::1]:7080/push/abc',
      'http://user@127.0.0.1:7080/push/abc',
      'https://googleapis.com/fcm',
      'https://evilfcm.googleapis.com/fcm',
      'https://fcm.googleapis.com.evil.example/',
      'https://.notify.windows.com/',
      'https://notify.windows.com.evil.example/',
      'ftp://fcm.googleapis.com/',
      'data:text/plain,x',
      '',
    ]) {
      expect(isAllowedPushEndpoint(endpoint, local), endpoint).toBe(false);
    }
  });
});

describe('PUSH_SERVICE_ORIGINS', () => {
  const parse = (value: string) =>
    parseEnv({ NODE_ENV: 'test', PUSH_SERVICE_ORIGINS: value }).PUSH_SERVICE_ORIGINS;

  it('is a comma-separated list of origins, kept as origins (no path, no trailing slash)', () => {
    expect(parseEnv({ NODE_ENV: 'test' }).PUSH_SERVICE_ORIGINS).toEqual([]);
    expect(parse(' http://127.0.0.1:7080/ , https://push.example.org/some/path')).toEqual([
      'http://127.0.0.1:7080',
      'https://push.example.org',
    ]);
  });

  it('refuses what is not an http(s) origin, naming it', () => {
    expect(() => parse('file:///etc')).toThrow(
      /PUSH_SERVICE_ORIGINS.*file:\/\/\/etc is not an http\(s\) origin/s,
    );
    expect(() => parse('127.0.0.1:7080')).toThrow(/PUSH_SERVICE_ORIGINS/);
  });

  it('VAPID_SUBJECT must be a mailto: or https: URL', () => {
    expect(parseEnv({ NODE_ENV: 'test', VAPID_SUBJECT: 'mailto:ops@motema.app' }).VAPID_SUBJECT).toBe(
      'mailto:ops@motema.app',
    );
    expect(() => parseEnv({ NODE_ENV: 'test', VAPID_SUBJECT: 'ops@motema.app' })).toThrow(/VAPID_SUBJECT/);
  });
});
