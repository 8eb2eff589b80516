/**
 * The mobile app's bundled copy (decision 0052), built as the shell carries it: the web build served
 * from the shell's own origin (`https://localhost`, Android's web view), calling the server the build
 * names (VITE_SERVER_ORIGIN, `https://motema.app` by default), which here is the server under test:
 * the page's requests and its socket go there through Playwright, with the shell's Origin, and come
 * back with the server's own answers (its CORS headers included, which Chromium checks).
 * What stands for the phone is the least that makes Capacitor's own code take the native paths: the
 * platform reported as android (Capacitor's custom platform), and the bridge's answers for the two
 * calls that have no web implementation: the secure storage's (kept in the page's localStorage) and
 * push's permission ("not asked yet"). The device, the app's links and the back button are
 * Capacitor's web implementations; the status bar has none (the app keeps the system's colours).
 * Kofi signs in on the login screen, lands on home, opens Awa's message at the next start (the token
 * read back from the storage) and gets her next message through the socket; every call carries his
 * bearer and no cookie. What still needs a phone: docs/mobile-app.md.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request as apiRequest, type BrowserContext } from 'playwright-core';
import {
  expect,
  field,
  journey,
  locale,
  shot,
  signedUpMember,
  waitForPath,
  type Journey,
} from '../fixtures.ts';

const WEB_DIST = path.resolve(
  process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../../apps/web/dist', import.meta.url)),
);
const SHELL = 'https://localhost';
const SERVER = 'https://motema.app';

/**
 * Before the page's first script, as the shell's bridge is: Capacitor's custom platform makes
 * `getPlatform()` android and the plugins without a native header use their web implementations; the
 * headers and `nativePromise` answer what the secure storage and push ask the native side at start.
 * (Given as text: a function would be sent with the helpers the TypeScript compiler adds.)
 */
const BRIDGE = `
window.CapacitorCustomPlatform = { name: 'android' };
window.Capacitor = {
  isNativePlatform: () => true,
  PluginHeaders: [
    { name: 'SecureStorage', methods: ['internalGetItem', 'internalSetItem', 'internalRemoveItem'].map((name) => ({ name, rtype: 'promise' })) },
    { name: 'PushNotifications', methods: [{ name: 'checkPermissions', rtype: 'promise' }] },
  ],
  nativePromise: async (plugin, method, options) => {
    if (plugin === 'PushNotifications') return { receive: 'prompt' };
    const key = 'keychain:' + options.prefixedKey;
    if (method === 'internalGetItem') return { data: localStorage.getItem(key) };
    if (method === 'internalSetItem') return void localStorage.setItem(key, options.data);
    localStorage.removeItem(key);
    return { success: true };
  },
};`;

/** A frame as Node's WebSocket sends it: text, or its bytes. */
const bytesOf = (frame: string | Buffer) => (typeof frame === 'string' ? frame : new Uint8Array(frame));

/**
 * An API call as it left the page; `signedIn`: the sign-in had been answered and the app had left the
 * sign-in screen for home (it stores the token first), so the call had the token to send.
 */
type Call = { path: string; authorization: boolean; cookie: boolean; signedIn: boolean };

/**
 * The shell's origin serves the build's files (index.html for the app's paths), as Capacitor's local
 * server does; the server's origin is the server under test, called with the shell's Origin, for HTTP
 * and for the socket's WebSocket (piped frame by frame). Returns the API calls as they left the page.
 */
async function routeShell(
  context: BrowserContext,
  baseUrl: string,
): Promise<{ calls: Call[]; frames: string[]; done(): Promise<void> }> {
  await context.route(`${SHELL}/**`, async (route) => {
    const file = path.join(WEB_DIST, new URL(route.request().url()).pathname);
    const found = file.startsWith(WEB_DIST) && existsSync(file) && statSync(file).isFile();
    await route.fulfill({ path: found ? file : path.join(WEB_DIST, 'index.html') });
  });
  const server = await apiRequest.newContext();
  const calls: Call[] = [];
  const frames: string[] = [];
  let signedIn = false;
  await context.route(`${SERVER}/**`, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    // The page's address when the call reached the route: a call made on the sign-in screen while the
    // answer was on its way (the visit its public page records when idle) precedes the app's move home.
    const onSignIn = new URL(request.frame().page().url()).pathname === '/login';
    const { host: _host, ...headers } = await request.allHeaders();
    calls.push({
      path: url.pathname,
      authorization: !!headers.authorization,
      cookie: !!headers.cookie,
      signedIn: signedIn && !onSignIn,
    });
    const response = await server.fetch(`${baseUrl}${url.pathname}${url.search}`, {
      method: request.method(),
      headers,
      data: request.postDataBuffer() ?? undefined,
      maxRedirects: 0,
    });
    if (url.pathname === '/api/auth/login' && response.ok()) signedIn = true;
    await route.fulfill({ response });
  });
  await context.routeWebSocket(`wss://motema.app/socket.io/**`, (socket) => {
    const url = new URL(socket.url());
    // Node's WebSocket takes headers: the Origin a shell's web view sends.
    const init = { headers: { origin: SHELL } } as unknown as string[];
    const upstream = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${url.pathname}${url.search}`, init);
    const waiting: (string | Buffer)[] = [];
    upstream.binaryType = 'arraybuffer';
    upstream.onopen = () => waiting.splice(0).forEach((frame) => upstream.send(bytesOf(frame)));
    upstream.onmessage = ({ data }) => {
      if (typeof data === 'string') frames.push(data);
      socket.send(typeof data === 'string' ? data : Buffer.from(data as ArrayBuffer));
    };
    upstream.onclose = () => void socket.close();
    socket.onMessage((frame) =>
      upstream.readyState === WebSocket.OPEN ? upstream.send(bytesOf(frame)) : waiting.push(frame),
    );
    socket.onClose(() => upstream.close());
  });
  return { calls, frames, done: () => server.dispose() };
}

const bundledCopy = journey(
  'the bundled copy, served from the shell’s origin, signs in with a bearer, shows home and gets a message by its socket',
  async ({ browser, baseUrl, log }) => {
    const auth = locale('en', 'auth');
    const thread = locale('en', 'thread');
    const awa = await signedUpMember(browser, baseUrl, { firstName: 'Awa', sex: 'female', likes: ['male'] });
    const kofi = await signedUpMember(browser, baseUrl, {
      firstName: 'Kofi',
      sex: 'male',
      likes: ['female'],
    });
    await kofi.page.context().close();
    const started = await awa.page.request.post('/api/conversations', { data: { user: kofi.id } });
    expect(started.status(), 'POST /api/conversations').toBeOneOf([200, 201]);
    const { conversation } = (await started.json()) as { conversation: { _id: string } };
    const send = async (text: string) => {
      await awa.page.getByLabel(thread('composer.label'), { exact: true }).fill(text);
      await awa.page.getByRole('button', { name: thread('composer.send'), exact: true }).click();
      await awa.page.getByText(text, { exact: true }).waitFor();
    };
    await awa.page.goto(`/messages/${conversation._id}`);
    await send('Hello Kofi, is the app on your phone yet?');

    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      locale: 'en-US',
      serviceWorkers: 'block',
    });
    await context.addInitScript({ content: BRIDGE });
    const { calls, frames, done } = await routeShell(context, baseUrl);
    const page = await context.newPage();
    await page.goto(`${SHELL}/login`);
    await field(page, auth('fields.identifier')).fill(kofi.email);
    await field(page, auth('fields.password')).fill(kofi.password);
    await page.getByRole('button', { name: auth('login.submit'), exact: true }).click();
    await waitForPath(page, '/home');
    // Home's lists from the server: Awa among the members near him, online (her socket's presence).
    await page
      .getByText(/^Awa, \d+$/)
      .first()
      .waitFor();
    await shot(page, 'mobile-shell-01-home');
    log(`Kofi signed in from ${SHELL} and sees home with Awa on it`);

    // The next start: the token read back from the secure storage; Awa's message from the server,
    // and her next one through the socket.
    await page.goto(`${SHELL}/messages/${conversation._id}`);
    await page.getByText('Hello Kofi, is the app on your phone yet?', { exact: true }).waitFor();
    await send('Tell me when it rings.');
    await page.getByText('Tell me when it rings.', { exact: true }).waitFor();
    expect(
      frames.some((frame) => frame.startsWith('42') && frame.includes('Tell me when it rings.')),
      'the message came by the WebSocket from the server',
    ).toBe(true);
    await shot(page, 'mobile-shell-02-thread');
    log('at the next start, the thread from the server, and a message through the socket');

    expect(
      calls.some((call) => call.path === '/api/auth/login'),
      'the sign-in went to the server',
    ).toBe(true);
    // Once the app had the sign-in's answer: a visitor's call sent while it was on its way (the visit
    // the sign-in page records) rightly has no bearer yet.
    const after = calls.filter((call) => call.signedIn && call.path.startsWith('/api/'));
    expect(after.length > 0, 'calls after the sign-in').toBe(true);
    expect(
      after.filter((call) => !call.authorization || call.cookie),
      'calls after the sign-in without the bearer, or with a cookie',
    ).toEqual([]);
    expect(
      (await context.cookies(SERVER)).map((cookie) => cookie.name),
      'cookies of the server’s site',
    ).toEqual([]);
    log(`${after.length} calls after the sign-in, each with the bearer and no cookie`);
    await done();
    await context.close();
  },
  { timeoutMs: 60_000 },
);

export const journeys: Journey[] = [bundledCopy];
