import { describe, expect, it } from 'vitest';
import { APP_BUILD, APP_VERSION, DeviceInputSchema } from '@motema/shared/devices';
import { deviceInfoOf } from './device-info.ts';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const ANDROID_REDUCED =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('the device info of the web app', () => {
  it.each([
    [
      ANDROID,
      {
        operatingSystem: 'android',
        osVersion: '14',
        model: 'Pixel 7',
        manufacturer: '',
        webViewVersion: 'Chrome 131',
      },
    ],
    [
      ANDROID_REDUCED,
      { operatingSystem: 'android', osVersion: '10', model: '', webViewVersion: 'Chrome 131' },
    ],
    [
      IPHONE,
      {
        operatingSystem: 'ios',
        osVersion: '17.4',
        model: 'iPhone',
        manufacturer: 'Apple',
        webViewVersion: 'Safari 17',
      },
    ],
    [
      FIREFOX_WINDOWS,
      { operatingSystem: 'windows', osVersion: '10.0', model: '', webViewVersion: 'Firefox 133' },
    ],
  ])('reads %s', (userAgent, expected) => {
    const info = deviceInfoOf({ userAgent });
    expect(info).toMatchObject({
      ...expected,
      platform: 'web',
      isVirtual: false,
      app: { build: APP_BUILD, version: APP_VERSION },
    });
    // What the server accepts.
    expect(DeviceInputSchema.safeParse(info).success).toBe(true);
  });

  it('is accepted by the server even for a user agent it cannot read', () => {
    expect(DeviceInputSchema.safeParse(deviceInfoOf({ userAgent: 'x'.repeat(500) })).success).toBe(true);
  });
});
