import { describe, expect, it } from 'vitest';
import { installWayOf, isIos, type BrowserSide } from './install-way.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const side = (userAgent: string, change: Partial<BrowserSide> = {}): BrowserSide => ({
  userAgent,
  maxTouchPoints: 0,
  matchMedia: () => ({ matches: false }),
  ...change,
});

describe('how this browser installs', () => {
  it('knows iPhones, and iPads that call themselves a Mac but have a touch screen', () => {
    expect(isIos(side(IPHONE, { maxTouchPoints: 5 }))).toBe(true);
    expect(isIos(side(IPAD_AS_MAC, { maxTouchPoints: 5 }))).toBe(true);
    expect(isIos(side(IPAD_AS_MAC))).toBe(false);
    expect(isIos(side(ANDROID_CHROME, { maxTouchPoints: 5 }))).toBe(false);
  });

  it('is the kept prompt where there is one, the Share menu on iOS, the menu elsewhere', () => {
    expect(installWayOf(side(ANDROID_CHROME), true, false)).toBe('prompt');
    expect(installWayOf(side(IPHONE), false, false)).toBe('ios');
    expect(installWayOf(side(ANDROID_CHROME), false, false)).toBe('menu');
    expect(installWayOf(side(IPAD_AS_MAC), false, false)).toBe('menu');
  });

  it('offers nothing in the installed app (display-mode standalone, or Safari’s flag) or once installed here', () => {
    const standalone = {
      matchMedia: (query: string) => ({ matches: query === '(display-mode: standalone)' }),
    };
    expect(installWayOf(side(ANDROID_CHROME, standalone), true, false)).toBe('installed');
    expect(installWayOf(side(IPHONE, { standalone: true }), false, false)).toBe('installed');
    expect(installWayOf(side(ANDROID_CHROME), false, true)).toBe('installed');
  });
});
