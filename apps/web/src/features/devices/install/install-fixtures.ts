import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { captureInstallPrompt, KEPT_INSTALL, type BeforeInstallPromptEvent } from './install-capture.ts';

/** Chromium's event, as it fires once the app may be installed: cancelable, prompt() once, the choice after. */
export function installOffer(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  const prompt = vi.fn(async () => undefined);
  Object.assign(event, {
    platforms: ['web'],
    prompt,
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  return { event, prompt };
}

/** Chromium offers the install to the page (rendered components hear it); its prompt() for the checks. */
export function firePrompt(outcome: 'accepted' | 'dismissed') {
  const { event, prompt } = installOffer(outcome);
  act(() => void window.dispatchEvent(event));
  return prompt;
}

/**
 * A test file's start, as a page's: nothing kept yet, the capture listening. The files of a worker
 * share one window (vitest.config.ts), where the state is kept: what an earlier file left is dropped.
 */
export function freshInstallCapture() {
  Reflect.deleteProperty(window, KEPT_INSTALL);
  captureInstallPrompt();
}
