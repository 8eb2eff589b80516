/**
 * The browser's offer to install the app (`beforeinstallprompt`, Chromium browsers), kept from the
 * page's first moment: it fires once a page, and on a page painted before its code arrives (home,
 * a profile, a post, a zone) it may fire before the app's code runs. So it is kept on `window`, under
 * KEPT_INSTALL, by whichever comes first: the painted pages' start script (build/painted-start.ts),
 * or this capture, which main.tsx starts before anything. Its default (Chrome's own mini bar on
 * Android) is prevented: the app offers installing itself at a good moment (install-engagement.ts),
 * with its own card first. Kept tiny, as it is in the start page's code; the rest is
 * install-prompt.ts, loaded with the screens that offer installing.
 */

/** The event Chromium fires when the app may be installed; not in TypeScript's DOM types. */
export type BeforeInstallPromptEvent = Event & {
  readonly platforms?: string[];
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
  prompt(): Promise<void>;
};

/** What the page knows of installing: the kept offer, whether it installed, and who to tell of a change. */
export type KeptInstall = {
  prompt: BeforeInstallPromptEvent | null;
  installed: boolean;
  changed?: () => void;
};

/** The `window` property it is kept under (the start script writes the same). */
export const KEPT_INSTALL = 'motemaInstall';

type Holder = { [KEPT_INSTALL]?: KeptInstall };

/** The page's kept install state, made empty the first time it is asked for. */
export const keptInstall = (): KeptInstall =>
  ((window as Holder)[KEPT_INSTALL] ??= { prompt: null, installed: false });

/** Starts keeping (once, from main.tsx): the offer until used, the install once made. */
export function captureInstallPrompt(): void {
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    const kept = keptInstall();
    kept.prompt = event as BeforeInstallPromptEvent;
    kept.changed?.();
  });
  addEventListener('appinstalled', () => {
    const kept = keptInstall();
    kept.prompt = null;
    kept.installed = true;
    kept.changed?.();
  });
}
