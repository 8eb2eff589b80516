import { describe, expect, it } from 'vitest';
import { isAppleMobile } from './device.ts';
import { pushSupport, type PushEnvironment } from './push-support.ts';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

const everything: PushEnvironment = {
  hasServiceWorker: true,
  hasPushManager: true,
  hasNotification: true,
  userAgent: CHROME_ANDROID,
  maxTouchPoints: 5,
  standalone: false,
};

describe('push support', () => {
  it('is there with a service worker, PushManager and Notification', () => {
    expect(pushSupport(everything)).toBe('supported');
  });

  it.each(['hasServiceWorker', 'hasPushManager', 'hasNotification'] as const)(
    'is not without %s',
    (missing) => {
      expect(pushSupport({ ...everything, [missing]: false })).toBe('unsupported');
    },
  );

  it('needs the installed app on an iPhone or an iPad (which says it is a Mac) in a Safari tab', () => {
    // A Safari tab has no PushManager: not "unsupported", the app installed would have it.
    const tab = { ...everything, hasPushManager: false };
    expect(pushSupport({ ...tab, userAgent: IPHONE })).toBe('needs-install');
    expect(pushSupport({ ...tab, userAgent: IPAD_AS_MAC, maxTouchPoints: 5 })).toBe('needs-install');
    // Installed (standalone): as any browser.
    expect(pushSupport({ ...everything, userAgent: IPHONE, standalone: true })).toBe('supported');
    expect(pushSupport({ ...tab, userAgent: IPHONE, standalone: true })).toBe('unsupported');
  });

  it('tells a Mac from an iPad by its touch screen', () => {
    expect(isAppleMobile(IPAD_AS_MAC, 0)).toBe(false);
    expect(isAppleMobile(IPAD_AS_MAC, 5)).toBe(true);
    expect(isAppleMobile(CHROME_ANDROID, 5)).toBe(false);
    expect(pushSupport({ ...everything, userAgent: IPAD_AS_MAC, maxTouchPoints: 0 })).toBe('supported');
  });
});
