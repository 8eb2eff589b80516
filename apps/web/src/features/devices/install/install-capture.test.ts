import { describe, expect, it, vi } from 'vitest';
import { paintedStartSource } from '../../../../build/painted-start.ts';
import { captureInstallPrompt, KEPT_INSTALL, keptInstall } from './install-capture.ts';
import { installOffer } from './install-fixtures.ts';
import { installPrompt, showInstallPrompt, subscribeInstallPrompt } from './install-prompt.ts';

describe('the browser’s install offer, fired before the app’s code ran', () => {
  it('is kept by a painted page’s start script and handed to the app', async () => {
    // A painted page: its start script runs, Chromium offers the install, and only then the app's code.
    Reflect.deleteProperty(window, KEPT_INSTALL);
    new Function(paintedStartSource())();
    const { event, prompt } = installOffer('accepted');
    window.dispatchEvent(event);
    expect(event.defaultPrevented, 'the browser’s own bar').toBe(true);

    captureInstallPrompt();
    const heard = vi.fn();
    const stop = subscribeInstallPrompt(heard);
    expect(installPrompt()).toBe(event);
    expect(await showInstallPrompt()).toBe('accepted');
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalled();
    expect(installPrompt()).toBeNull();
    stop();
  });

  it('is one state for the start script and the app when it comes after both listen', () => {
    const later = new Event('beforeinstallprompt', { cancelable: true });
    window.dispatchEvent(later);
    expect(keptInstall().prompt).toBe(later);
    expect(installPrompt()).toBe(later);
  });
});
