/**
 * Web push on a phone (360x740), end to end with the local push service (packages/push-sim, started
 * by the runner; the server may post to it: PUSH_SERVICE_ORIGINS). Kofi writes to Awa first: a
 * meaningful moment, so Awa's app explains push (our own dialog) and she accepts, then the browser's
 * permission (granted to the context, as a member's "Allow"). Her app subscribes and registers the
 * subscription for her session. Chromium here cannot reach a real push service (Google's): the
 * subscription the app gets is one the local push service made for the server's VAPID key (an init
 * script stands in for PushManager.subscribe, and only for it), so the app's own code registers it,
 * POST /api/push-tokens from her page. Her page is closed; Kofi writes again; the server's push worker
 * sends the push, which the local push service receives, checks (VAPID) and decrypts: title, body, url.
 * The decrypted payload is handed to her service worker as the push service would, with the DevTools
 * protocol (ServiceWorker.deliverPushMessage); the worker shows the notification
 * (registration.getNotifications()). The tap: headless Chromium has no notification surface to click
 * and the protocol no command to click one, so the journey dispatches a `notificationclick` built from
 * the very notification shown (a NotificationEvent, in the worker); such an event carries no user
 * activation, which `clients.openWindow` and `focus` need, so the tap is made with her app open again
 * in the background (the worker's other path: tell the open window where to go): the app goes to
 * the thread. The new-window path is covered by build/push-worker.test.ts.
 * Labels are read from the app's own translation files.
 */
import type { BrowserContext, CDPSession, Page, Worker } from 'playwright-core';
import { expect, journey, locale, shot, signedUpMember, type Journey } from '../fixtures.ts';
import { appTookOver } from '../app-took-over.ts';
import { pollUntil } from '../poll-until.ts';

type SimSubscription = { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
type ReceivedPush = { payload: string; headers: { ttl: number; topic: string | null; urgency: string } };
/** What the journey uses of the service worker's global scope (e2e is typed without the WebWorker lib). */
type WorkerScope = {
  registration: { getNotifications: (filter?: { tag?: string }) => Promise<Notification[]> };
  dispatchEvent: (event: Event) => boolean;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
};
type ShownNotification = { title: string; body: string; tag: string; url: unknown };

function pushServiceOrigin(): string {
  const origin = process.env.E2E_PUSH_SERVICE;
  if (!origin) throw new Error('E2E_PUSH_SERVICE is not set: run the journeys through e2e/run.mjs');
  return origin;
}

/** A subscription made by the local push service for the server's VAPID key (its control API). */
async function localSubscription(applicationServerKey: string): Promise<SimSubscription> {
  const response = await fetch(`${pushServiceOrigin()}/__sim/subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ applicationServerKey }),
  });
  expect(response.status, 'local push service: a subscription').toBe(201);
  return (await response.json()) as SimSubscription;
}

/** What the local push service received for a subscription, decrypted. */
async function receivedBy(subscription: SimSubscription): Promise<ReceivedPush[]> {
  const id = subscription.endpoint.split('/').pop()!;
  const response = await fetch(`${pushServiceOrigin()}/__sim/subscriptions/${id}/messages`);
  return (await response.json()) as ReceivedPush[];
}

/**
 * Runs in the page before the app: PushManager.subscribe answers the local push service's
 * subscription (recording what it was asked), getSubscription the one made. Nothing else changes.
 * Plain source, not a function: tsx would wrap a function's inner names in a helper the page lacks.
 */
const standInPushService = (subscription: SimSubscription) => `{
  const subscription = ${JSON.stringify(subscription)};
  const calls = [];
  let current = null;
  window.pushSubscribeCalls = calls;
  PushManager.prototype.subscribe = async (options) => {
    const key = new Uint8Array(options.applicationServerKey);
    calls.push({ userVisibleOnly: options.userVisibleOnly === true, key: Array.from(key) });
    current = {
      endpoint: subscription.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: key.buffer },
      toJSON: () => subscription,
      unsubscribe: async () => ((current = null), true),
      getKey: () => null,
    };
    return current;
  };
  PushManager.prototype.getSubscription = async () => current;
}`;

const base64Url = (bytes: number[]) => Buffer.from(bytes).toString('base64url');

/** The service worker's registration id, as the DevTools protocol names it (ServiceWorker.enable). */
async function registrationIdOf(cdp: CDPSession, scope: string): Promise<string> {
  const ids = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    for (const registration of registrations)
      if (!registration.isDeleted) ids.set(registration.scopeURL, registration.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  const id = await pollUntil(
    async () => ids.get(scope),
    (found) => found !== undefined,
  );
  if (!id) throw new Error(`no service worker registration for ${scope}: ${JSON.stringify([...ids])}`);
  return id;
}

/** The app's service worker (sw.js), once running. */
async function appWorker(context: BrowserContext): Promise<Worker> {
  const running = context.serviceWorkers().find((worker) => worker.url().endsWith('/sw.js'));
  return running ?? context.waitForEvent('serviceworker', { predicate: (w) => w.url().endsWith('/sw.js') });
}

function shownNotifications(worker: Worker): Promise<ShownNotification[]> {
  return worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const shown = await scope.registration.getNotifications();
    return shown.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: unknown } | null)?.url,
    }));
  });
}

function conversationIdOf(page: Page): string {
  const match = /^\/messages\/([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname);
  if (!match) throw new Error(`not on a thread: ${page.url()}`);
  return match[1]!;
}

const push = journey(
  'a member turns push on after a first message; with her app closed a message is pushed, shown by the service worker, and a tap opens the thread',
  async ({ browser, baseUrl, log }) => {
    const texts = locale('en', 'push');
    const thread = locale('en', 'thread');
    const common = locale('en', 'common');
    const awa = await signedUpMember(browser, baseUrl, { firstName: 'Awa', sex: 'female', likes: ['male'] });
    const kofi = await signedUpMember(browser, baseUrl, {
      firstName: 'Kofi',
      sex: 'male',
      likes: ['female'],
    });
    const context = awa.page.context();
    log('two members signed up');

    // Awa's phone: the browser's permission answered "Allow", push through the local push service.
    await context.grantPermissions(['notifications'], { origin: baseUrl });
    const vapid = await awa.page.request.get('/api/push-tokens/vapidKeys');
    expect(vapid.status(), 'GET /api/push-tokens/vapidKeys').toBe(200);
    const { publicKey } = (await vapid.json()) as { publicKey: string };
    const subscription = await localSubscription(publicKey);
    await context.addInitScript({ content: standInPushService(subscription) });
    await awa.page.goto('/conversations');
    await awa.page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // Kofi writes first: Awa's meaningful moment.
    const send = async (page: Page, text: string) => {
      await page.getByLabel(thread('composer.label'), { exact: true }).fill(text);
      await page.getByRole('button', { name: thread('composer.send'), exact: true }).click();
      await page
        .getByText(text, { exact: true })
        .waitFor()
        .catch(async (error: unknown) => {
          // What the thread showed instead (it failed so once in a fresh-clone run, the words sent unseen).
          const busy = await page.locator('[aria-busy="true"]').count();
          const shown = await page
            .locator('main')
            .innerText()
            .catch(() => '');
          throw new Error(`"${text}" not shown: ${busy} busy, the page says ${JSON.stringify(shown)}`, {
            cause: error,
          });
        });
    };
    await kofi.page.goto(`/conversations?user=${awa.id}`);
    await kofi.page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const conversationId = conversationIdOf(kofi.page);
    await send(kofi.page, 'Hello Awa, are you at the market today?');

    const dialog = awa.page.getByRole('dialog', { name: texts('prompt.title') });
    await dialog.waitFor();
    await shot(awa.page, 'push-01-explanation');
    await dialog.getByRole('button', { name: texts('prompt.accept') }).click();
    await awa.page.getByText(texts('turnedOn'), { exact: true }).waitFor();
    const asked = await awa.page.evaluate(
      () =>
        (window as unknown as { pushSubscribeCalls: { userVisibleOnly: boolean; key: number[] }[] })
          .pushSubscribeCalls,
    );
    expect(asked.length, 'PushManager.subscribe calls').toBe(1);
    expect(asked[0]!.userVisibleOnly, 'userVisibleOnly').toBe(true);
    expect(base64Url(asked[0]!.key), 'applicationServerKey: the server VAPID key').toBe(publicKey);
    log(
      'after Kofi’s first message Awa accepted our explanation and the browser’s permission; her device is registered',
    );

    // Her service worker, as the DevTools protocol knows it (from a tab that is not the app).
    const devtools = await context.newPage();
    const cdp = await context.newCDPSession(devtools);
    const registrationId = await registrationIdOf(cdp, `${baseUrl}/`);
    const worker = await appWorker(context);

    // Awa closes the app; Kofi writes again.
    await awa.page.close();
    const text = 'I found the fabric you wanted';
    await send(kofi.page, text);
    // The push of Kofi's first message may come too (it waited a few seconds to collapse a burst, and
    // found her device registered by then): the one about this message is looked for.
    type Payload = { title: string; body: string; url: string; tag: string; kind: string; count: number };
    const about = (list: ReceivedPush[]) =>
      list.find((push) => (JSON.parse(push.payload) as Payload).body.includes(text));
    const received = await pollUntil(
      () => receivedBy(subscription),
      (list) => about(list) !== undefined,
      { timeoutMs: 45_000, intervalMs: 500 },
    );
    const sent = about(received);
    if (!sent)
      throw new Error(`no push about "${text}" reached the local push service: ${JSON.stringify(received)}`);
    const payload = JSON.parse(sent.payload) as Payload;
    expect(payload.kind, 'payload kind').toBe('message');
    expect(payload.title, 'payload title').toContain('Kofi');
    expect(payload.body, 'payload body').toContain(text);
    expect(payload.url, 'payload url').toBe(`/messages/${conversationId}`);
    expect(sent.headers.topic, 'Topic: the conversation').toBe(conversationId.replaceAll('-', ''));
    log(`the local push service received and decrypted the push: "${payload.title}: ${payload.body}"`);

    // The push service delivers it to Awa's browser: her service worker shows it.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseUrl,
      registrationId,
      data: sent.payload,
    });
    const shown = await pollUntil(
      () => shownNotifications(worker),
      (list) => list.length > 0,
    );
    expect(shown.length, 'notifications shown').toBe(1);
    expect(shown[0], 'the notification').toEqual({
      title: payload.title,
      body: payload.body,
      tag: payload.tag,
      url: payload.url,
    });
    log('her service worker showed the notification');

    // The tap, with her app open again in the background on home.
    const phone = await context.newPage();
    await phone.goto('/home');
    await phone.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The app running (its member area drawn, and taken over: home is painted by the server, decision
    // 0057), as a phone's app in the background is.
    await phone.getByRole('navigation', { name: common('nav.main') }).waitFor();
    await appTookOver(phone);
    await worker.evaluate(async (tag) => {
      const scope = self as unknown as WorkerScope;
      const [notification] = await scope.registration.getNotifications({ tag });
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
    }, payload.tag);
    await phone.waitForURL((url) => url.pathname === `/messages/${conversationId}`);
    await phone.getByText(text, { exact: true }).waitFor();
    await devtools.close();
    await shot(phone, 'push-02-thread-after-tap');
    expect((await shownNotifications(worker)).length, 'the notification closes on the tap').toBe(0);
    log('a tap on the notification took her app to the thread');
  },
  { timeoutMs: 180_000 },
);

export const journeys: Journey[] = [push];
