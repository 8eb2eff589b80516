/**
 * The browser's offer to install the app (`beforeinstallprompt`, Chromium browsers), kept from the
 * page's first moment: the event may fire before React mounts, and only once a page. Its default
 * (Chrome's own mini bar on Android) is prevented: the app offers installing itself, at a good moment
 * (install-engagement.ts), with its own card first. Kept tiny: main.tsx imports it before anything.
 */

/** The event Chromium fires when the app may be installed; not in TypeScript's DOM types. */
export type BeforeInstallPromptEvent = Event & {
  readonly platforms?: string[];
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
  prompt(): Promise<void>;
};

let deferred: BeforeInstallPromptEvent | null = null;
let installedHere = false;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Starts listening (once, from main.tsx): the prompt is kept until used, the install remembered. */
export function captureInstallPrompt(target: Pick<Window, 'addEventListener'> = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    changed();
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    installedHere = true;
    changed();
  });
}

/** What the browser offers now: a kept prompt, or none (not offered yet, used, or not Chromium). */
export const installPrompt = (): BeforeInstallPromptEvent | null => deferred;
/** Whether the app was installed from this page (`appinstalled`): nothing more to offer. */
export const installedFromHere = (): boolean => installedHere;

/** For useSyncExternalStore: called when the prompt arrives, is used, or the app is installed. */
export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Shows the browser's install dialog (from a tap: it needs the user's gesture) and answers what the
 * person chose; 'unavailable' when no prompt is kept. A prompt is good for one dialog only: it is
 * dropped, and the browser fires a new one later if the app may still be installed.
 */
export async function showInstallPrompt(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  changed();
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome;
}
