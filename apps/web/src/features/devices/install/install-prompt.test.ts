import { describe, expect, it, vi } from 'vitest';
import { freshInstallCapture, installOffer } from './install-fixtures.ts';
import {
  installedFromHere,
  installPrompt,
  showInstallPrompt,
  subscribeInstallPrompt,
} from './install-prompt.ts';

describe('the browser’s install prompt', () => {
  freshInstallCapture();

  it('is kept from the start, its default (the browser’s own bar) prevented, and told to listeners', async () => {
    const heard = vi.fn();
    const stop = subscribeInstallPrompt(heard);
    const { event, prompt } = installOffer('dismissed');
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(installPrompt()).toBe(event);
    expect(heard).toHaveBeenCalled();

    // Shown once from a tap: the choice is answered, and the prompt is spent.
    expect(await showInstallPrompt()).toBe('dismissed');
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(installPrompt()).toBeNull();
    expect(await showInstallPrompt()).toBe('unavailable');
    stop();
  });

  it('is dropped once the app is installed, which is remembered for the page', () => {
    window.dispatchEvent(installOffer('accepted').event);
    expect(installedFromHere()).toBe(false);
    window.dispatchEvent(new Event('appinstalled'));
    expect(installPrompt()).toBeNull();
    expect(installedFromHere()).toBe(true);
  });
});
