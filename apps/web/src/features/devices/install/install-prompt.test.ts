import { describe, expect, it, vi } from 'vitest';
import {
  captureInstallPrompt,
  installedFromHere,
  installPrompt,
  showInstallPrompt,
  subscribeInstallPrompt,
  type BeforeInstallPromptEvent,
} from './install-prompt.ts';

/** A BeforeInstallPromptEvent as Chromium fires it: cancelable, prompt() once, userChoice after. */
function beforeInstallPrompt(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  const prompt = vi.fn(async () => undefined);
  Object.assign(event, {
    platforms: ['web'],
    prompt,
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  return { event, prompt };
}

describe('the browser’s install prompt', () => {
  const target = new EventTarget() as unknown as Window;
  captureInstallPrompt(target);

  it('is kept from the start, its default (the browser’s own bar) prevented, and told to listeners', async () => {
    const heard = vi.fn();
    const stop = subscribeInstallPrompt(heard);
    const { event, prompt } = beforeInstallPrompt('dismissed');
    target.dispatchEvent(event);
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
    target.dispatchEvent(beforeInstallPrompt('accepted').event);
    expect(installedFromHere()).toBe(false);
    target.dispatchEvent(new Event('appinstalled'));
    expect(installPrompt()).toBeNull();
    expect(installedFromHere()).toBe(true);
  });
});
