import { describe, expect, it } from 'vitest';
import { installWayOf, type DeviceSide } from './install-way.ts';

const side = (change: Partial<DeviceSide> = {}): DeviceSide => ({
  apple: false,
  installed: false,
  ...change,
});

describe('how this device installs', () => {
  it('is the kept prompt where there is one, the Share menu on iOS, the menu elsewhere', () => {
    expect(installWayOf(side(), true, false)).toBe('prompt');
    expect(installWayOf(side({ apple: true }), false, false)).toBe('ios');
    expect(installWayOf(side(), false, false)).toBe('menu');
  });

  it('offers nothing in the installed app or once installed here', () => {
    expect(installWayOf(side({ installed: true }), true, false)).toBe('installed');
    expect(installWayOf(side({ apple: true, installed: true }), false, false)).toBe('installed');
    expect(installWayOf(side(), false, true)).toBe('installed');
  });
});
