import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAppleMobile, runsStandalone } from './device.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('the web device', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('knows iPhones, and iPads that call themselves a Mac but have a touch screen', () => {
    expect(isAppleMobile(IPHONE, 5)).toBe(true);
    expect(isAppleMobile(IPAD_AS_MAC, 5)).toBe(true);
    expect(isAppleMobile(IPAD_AS_MAC, 0)).toBe(false);
    expect(isAppleMobile(ANDROID_CHROME, 5)).toBe(false);
  });

  it('runs installed in the display mode the manifest asks for, or by Safari’s flag', () => {
    const matching = (match: boolean) => (query: string) => ({
      matches: match && query === '(display-mode: standalone)',
    });
    vi.stubGlobal('matchMedia', matching(false));
    expect(runsStandalone()).toBe(false);
    vi.stubGlobal('matchMedia', matching(true));
    expect(runsStandalone()).toBe(true);
    vi.stubGlobal('matchMedia', matching(false));
    vi.stubGlobal('navigator', { ...navigator, standalone: true });
    expect(runsStandalone()).toBe(true);
  });
});
