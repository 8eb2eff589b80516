/**
 * The part of the service worker that shows web pushes and opens what a tap asks, written by the build
 * beside sw.js as `push-sw.js` and loaded by it (`importScripts`, vite.config.ts). Plain script, its
 * settings written in as JSON, so it can be tested against a fake worker scope.
 *
 * `push`: the payload is a PushPayload (packages/shared/src/notifications.ts) written by the server in
 * the member's language: shown as it is (not while the member has the app in front: it tells them live), `tag` replacing the notification of the same conversation
 * (`renotify`: the phone still rings for the new message). `notificationclick`: closes it, then takes a
 * window of the app to `url` (a path of the app, never another site): the one in front, else any; it
 * is told by message (the app navigates with its router, no reload) and focused; with no window, a
 * new one opens there. `pushsubscriptionchange`: the renewed subscription is registered (POST
 * /api/push-tokens with the session's cookie).
 */
import { PUSH_WORKER } from '@motema/shared/push-worker';
import type { Plugin } from 'vite';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OPEN_MESSAGE } from '../src/lib/platform/web/app-link-message.ts';

export const PUSH_ICON = '/icons/icon-192.png';
/** The small monochrome icon of Android's status bar: the app's own icon is the closest we have. */
export const PUSH_BADGE = '/icons/icon-192.png';

export function pushWorker(): string {
  const settings = {
    icon: PUSH_ICON,
    badge: PUSH_BADGE,
    openMessage: OPEN_MESSAGE,
    fallbackTitle: 'Motema',
    tokensUrl: '/api/push-tokens',
  };
  return `// Written by the build (apps/web/build/push-worker.ts).
const PUSH = ${JSON.stringify(settings)};

/** A path of this app: anything else (another site, "//host") opens the start page. */
function appPath(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.includes('\\\\')
    ? url
    : '/';
}

function payloadOf(data) {
  try {
    const payload = data ? data.json() : null;
    return payload && typeof payload === 'object' ? payload : {};
  } catch {
    return {};
  }
}

self.addEventListener('push', (event) => {
  const payload = payloadOf(event.data);
  const tag = typeof payload.tag === 'string' ? payload.tag : '';
  const options = {
    body: typeof payload.body === 'string' ? payload.body : '',
    icon: PUSH.icon,
    badge: PUSH.badge,
    data: { url: appPath(payload.url), kind: payload.kind },
  };
  // renotify needs a tag (the browser throws without one).
  if (tag) Object.assign(options, { tag, renotify: true });
  if (Number.isInteger(payload.at)) options.timestamp = payload.at;
  // A push must show something (userVisibleOnly): an unreadable one shows the app's name.
  const title = typeof payload.title === 'string' && payload.title ? payload.title : PUSH.fallbackTitle;
  event.waitUntil(
    appInFront().then((inFront) => (inFront ? undefined : self.registration.showNotification(title, options))),
  );
});

/**
 * The member is using the app (a window of it visible and focused): the app tells them itself, live
 * (the message in the thread or its toast, the match screen, the badges), so the lock-screen
 * notification would only repeat it. Browsers ask nothing more of a push while a page of its site is
 * in front.
 */
async function appInFront() {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return windows.some(
    (client) =>
      client.focused && client.visibilityState === 'visible' && new URL(client.url).origin === self.location.origin,
  );
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appPath(event.notification.data && event.notification.data.url);
  event.waitUntil(openApp(url));
});

// The browser renewed the subscription (its push service rotated it, or it expired): the new one is
// registered for the member of this browser's session, as the app would at its next start.
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(renewSubscription(event));
});

async function renewSubscription(event) {
  const old = event.oldSubscription;
  const renewed =
    event.newSubscription ||
    (old && old.options && old.options.applicationServerKey
      ? await self.registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: old.options.applicationServerKey,
        })
      : null);
  if (!renewed) return;
  await fetch(PUSH.tokensUrl, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ web: renewed.toJSON() }),
  });
}

async function openApp(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const ours = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  const client = ours.find((candidate) => candidate.focused) || ours[0];
  if (!client) {
    await self.clients.openWindow(url);
    return;
  }
  // Told first: focusing may be refused (no user activation left), the page still goes there.
  client.postMessage({ type: PUSH.openMessage, url });
  try {
    await client.focus();
  } catch {
    // The window stays where it is, on the right page.
  }
}
`;
}

/** Writes push-sw.js into the build, beside sw.js (before the compressed copies are made). */
export function pushWorkerFile(): Plugin {
  let outDir = '';
  return {
    name: 'motema-push-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      sequential: true,
      async handler() {
        await writeFile(path.join(outDir, PUSH_WORKER), pushWorker());
      },
    },
  };
}
