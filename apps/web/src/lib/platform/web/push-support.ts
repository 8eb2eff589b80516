import { isAppleMobile, runsStandalone } from './device.ts';

/**
 * Whether this browser can receive web push, and what stands in the way when it cannot:
 * - `unsupported`: no service worker, no PushManager or no Notification (an old or locked-down browser);
 * - `needs-install`: an iPhone or iPad outside the installed app. Safari offers push to web apps added
 *   to the Home Screen only (iOS 16.4 and later), so a tab cannot subscribe: the member installs first.
 * - `supported`.
 */
export type PushSupport = 'supported' | 'unsupported' | 'needs-install';

/** What the detection reads; the browser's own by default, tests pass theirs. */
export type PushEnvironment = {
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
  userAgent: string;
  maxTouchPoints: number;
  standalone: boolean;
};

export function browserPushEnvironment(): PushEnvironment {
  return {
    hasServiceWorker: Boolean(navigator.serviceWorker),
    hasPushManager: typeof PushManager !== 'undefined' && Boolean(PushManager),
    hasNotification: typeof Notification !== 'undefined' && Boolean(Notification),
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    standalone: runsStandalone(),
  };
}

export function pushSupport(environment: PushEnvironment = browserPushEnvironment()): PushSupport {
  const apple = isAppleMobile(environment.userAgent, environment.maxTouchPoints);
  // A Safari tab on iOS has service workers but no PushManager: it needs the installed app, which
  // has both. Said before "unsupported", which would be wrong there.
  if (apple && !environment.standalone) return 'needs-install';
  if (!environment.hasServiceWorker || !environment.hasPushManager || !environment.hasNotification)
    return 'unsupported';
  return 'supported';
}
