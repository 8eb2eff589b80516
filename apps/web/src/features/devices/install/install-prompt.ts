/**
 * The browser's offer to install the app, as the screens that offer installing use it: the offer kept
 * by install-capture.ts (or by the painted pages' start script before it), shown from a tap.
 */
import { keptInstall } from './install-capture.ts';

const listeners = new Set<() => void>();

/** What the browser offers now: a kept prompt, or none (not offered yet, used, or not Chromium). */
export const installPrompt = () => keptInstall().prompt;
/** Whether the app was installed from this page (`appinstalled`): nothing more to offer. */
export const installedFromHere = (): boolean => keptInstall().installed;

/** For useSyncExternalStore: called when the prompt arrives, is used, or the app is installed. */
export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  keptInstall().changed = () => listeners.forEach((each) => each());
  return () => listeners.delete(listener);
}

/**
 * Shows the browser's install dialog (from a tap: it needs the user's gesture) and answers what the
 * person chose; 'unavailable' when no prompt is kept. A prompt is good for one dialog only: it is
 * dropped, and the browser fires a new one later if the app may still be installed.
 */
export async function showInstallPrompt(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const kept = keptInstall();
  const event = kept.prompt;
  if (!event) return 'unavailable';
  kept.prompt = null;
  kept.changed?.();
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome;
}
